import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlertBook, type AlertRule } from './alert-book.ts';

const rule = (id: number, more: Partial<AlertRule>): AlertRule => ({
  id,
  userId: 1,
  assetId: 1,
  kind: 'level',
  direction: 'above',
  level: 100,
  percent: null,
  windowMs: null,
  repeat: false,
  cooldownMs: 60_000,
  lastTriggeredAt: null,
  ...more,
});

describe('alert book', () => {
  it('fires level alerts exactly when a model that scans every alert does', () => {
    const price = fc.integer({ min: 90, max: 110 });
    const alert = fc.record({ direction: fc.constantFrom<'above' | 'below'>('above', 'below'), level: price });
    fc.assert(
      fc.property(price, fc.array(alert, { maxLength: 30 }), fc.array(price, { maxLength: 60 }), (start, alerts, ticks) => {
        let current = start;
        const book = new AlertBook(() => current);
        // The model: an alert set on the far side of its level waits for the price to come back first.
        const model = alerts.map((a, i) => ({ ...a, id: i + 1, armed: a.direction === 'above' ? start <= a.level : start >= a.level, done: false }));
        for (const m of model) book.set(rule(m.id, m), 0);
        for (const p of ticks) {
          current = p;
          const expected: number[] = [];
          for (const m of model) {
            if (m.done) continue;
            const near = m.direction === 'above' ? p <= m.level : p >= m.level;
            const crossed = m.direction === 'above' ? p >= m.level : p <= m.level;
            if (!m.armed) m.armed = near;
            else if (crossed) {
              m.done = true;
              expected.push(m.id);
            }
          }
          expect(book.tick(1, p, 0).map((f) => f.rule.id).sort((a, b) => a - b)).toEqual(expected);
        }
        expect(book.size).toBe(model.filter((m) => !m.done).length);
      }),
    );
  });

  it('fires an either-way move once, the way it moved, and a repeating one again after its cool-down', () => {
    let current = 100;
    const book = new AlertBook(() => current);
    const move = { kind: 'move' as const, level: null, percent: 2, windowMs: 300_000 };
    book.set(rule(1, { ...move, direction: 'either' }), 0);
    book.set(rule(2, { ...move, direction: 'up', repeat: true }), 0);
    const tick = (p: number, at: number) => {
      current = p;
      return book.tick(1, p, at).map((f) => ({ id: f.rule.id, move: Number(f.move!.toFixed(3)) }));
    };
    expect(tick(101, 1000)).toEqual([]);
    expect(tick(98, 2000)).toEqual([{ id: 1, move: -0.03 }]);
    expect(tick(100.5, 3000)).toEqual([{ id: 2, move: 0.026 }]);
    expect(tick(101, 4000)).toEqual([]);
    expect(book.has(1)).toBe(false);
    // The window still holds the low of 98 when the cool-down ends.
    expect(tick(100.5, 63_000)).toEqual([{ id: 2, move: 0.026 }]);
  });

  it('holds many alerts without looking at them on a tick that crosses none', () => {
    const book = new AlertBook(() => 100);
    for (let i = 1; i <= 10_000; i++) book.set(rule(i, { assetId: 1 + (i % 50), level: 150 + (i % 100) }), 0);
    expect(book.tick(7, 120, 0)).toEqual([]);
    expect(book.levels.size).toBe(10_000);
    expect(book.tick(7, 160, 0)).toHaveLength(100);
    expect(book.tick(7, 160, 0)).toEqual([]);
    expect(book.size).toBe(9_900);
  });
});
