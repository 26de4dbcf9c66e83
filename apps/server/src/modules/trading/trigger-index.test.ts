import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TriggerIndex, type Cross, type Watch } from './trigger-index.ts';

type Op =
  | { op: 'add'; assetId: number; watch: Watch; cross: Cross; level: number }
  | { op: 'remove'; pick: number }
  | { op: 'tick'; assetId: number; bid: number; spread: number };

const level = fc.integer({ min: 1, max: 200 });
const ops = fc.array<Op>(
  fc.oneof(
    fc.record({ op: fc.constant('add' as const), assetId: fc.integer({ min: 1, max: 3 }), watch: fc.constantFrom<Watch>('bid', 'ask'), cross: fc.constantFrom<Cross>('up', 'down'), level }),
    fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('tick' as const), assetId: fc.integer({ min: 1, max: 3 }), bid: level, spread: fc.integer({ min: 0, max: 5 }) }),
  ),
  { maxLength: 300 },
);

describe('trigger index', () => {
  it('fires exactly what a linear scan of the resting triggers would', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const index = new TriggerIndex<number>();
        const resting = new Map<number, { id: number; assetId: number; watch: Watch; cross: Cross; level: number; handle: number }>();
        let id = 0;
        for (const o of list) {
          if (o.op === 'add') {
            const handle = index.add({ ...o, payload: ++id });
            resting.set(id, { ...o, id, handle });
          } else if (o.op === 'remove') {
            const victim = [...resting.values()][o.pick % Math.max(1, resting.size)];
            if (victim) {
              index.remove(victim.handle);
              resting.delete(victim.id);
            }
          } else {
            const ask = o.bid + o.spread;
            const expected = [...resting.values()]
              .filter((t) => t.assetId === o.assetId)
              .filter((t) => {
                const price = t.watch === 'bid' ? o.bid : ask;
                return t.cross === 'up' ? price >= t.level : price <= t.level;
              })
              .map((t) => t.id);
            const fired = index.collect(o.assetId, o.bid, ask);
            expect(fired.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
            for (const f of fired) resting.delete(f);
          }
          expect(index.size).toBe(resting.size);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rebuilds a heap made mostly of removed entries without losing live ones', () => {
    const index = new TriggerIndex<number>();
    const handles = Array.from({ length: 1000 }, (_, i) => index.add({ assetId: 1, watch: 'bid', cross: 'up', level: 100 + i, payload: i }));
    for (const h of handles.slice(0, 990)) index.remove(h);
    expect(index.collect(1, 2000, 2000).sort((a, b) => a - b)).toEqual([990, 991, 992, 993, 994, 995, 996, 997, 998, 999]);
    expect(index.size).toBe(0);
  });
});
