import { describe, expect, it } from 'vitest';
import { FeedRouter, type FeedSwitch } from './feed-router.ts';

const TICK_MS = 250;
const QUOTE_EVERY_MS = 100;

/**
 * A router driven by a simulated clock: every source in `live` quotes each of its instruments every
 * 100 ms, and the runtime ticks every 250 ms. `used` records the quotes the router let through.
 */
function harness(sources: string[][], isOpen: (index: number, now: number) => boolean = () => true) {
  const switches: FeedSwitch[] = [];
  const router = new FeedRouter({ sources, isOpen, onSwitch: (event) => switches.push(event) });
  const live = new Set<string>();
  const used: { source: string; index: number; at: number }[] = [];
  let now = 0;
  const runUntil = (until: number) => {
    for (; now < until; now += 50) {
      if (now % QUOTE_EVERY_MS === 0) {
        for (const source of live) {
          sources.forEach((list, index) => {
            if (list.includes(source) && router.quote(source, index, now)) used.push({ source, index, at: now });
          });
        }
      }
      if (now % TICK_MS === 0) router.tick(now);
    }
  };
  const start = (...names: string[]) => {
    for (const name of names) {
      router.status(name, 'connected', now);
      live.add(name);
    }
  };
  return { router, switches, live, used, runUntil, start, now: () => now };
}

describe('feed router', () => {
  it('uses the primary while it quotes', () => {
    const h = harness([['lp1', 'lp2']]);
    h.start('lp1', 'lp2');
    h.runUntil(60_000);
    expect(h.switches).toEqual([]);
    expect(new Set(h.used.map((q) => q.source))).toEqual(new Set(['lp1']));
    expect(h.used).toHaveLength(600);
    expect(h.router.activeSource(0)).toBe('lp1');
  });

  it('fails over to the next healthy source within the deadline after the last quote', () => {
    const h = harness([['lp1', 'lp2', 'lp3']]);
    h.start('lp1', 'lp2', 'lp3');
    h.runUntil(10_000);
    h.live.delete('lp1');
    h.runUntil(20_000);
    const lastPrimary = 9_900;
    expect(h.switches).toEqual([{ index: 0, from: 'lp1', to: 'lp2', reason: 'stalled', at: expect.any(Number) }]);
    const at = h.switches[0]!.at;
    expect(at).toBeGreaterThanOrEqual(lastPrimary + 5_000);
    expect(at).toBeLessThanOrEqual(lastPrimary + 5_000 + TICK_MS);
    expect(h.used.filter((q) => q.source === 'lp1').at(-1)!.at).toBe(lastPrimary);
    expect(h.used.find((q) => q.source === 'lp2')!.at).toBeGreaterThanOrEqual(at);
    expect(h.used.find((q) => q.source === 'lp2')!.at).toBeLessThanOrEqual(at + QUOTE_EVERY_MS);
    expect(h.router.activeSource(0)).toBe('lp2');
  });

  it('skips a backup that is not quoting and stays put when no source is healthy', () => {
    const h = harness([['lp1', 'lp2', 'lp3']]);
    h.start('lp1', 'lp3');
    h.router.status('lp2', 'connected', 0);
    h.runUntil(10_000);
    h.router.status('lp1', 'disconnected', 10_000);
    expect(h.switches).toEqual([{ index: 0, from: 'lp1', to: 'lp3', reason: 'disconnected', at: 10_000 }]);
    h.live.clear();
    h.runUntil(30_000);
    expect(h.switches).toHaveLength(1);
    h.live.add('lp2');
    h.runUntil(31_000);
    expect(h.switches.slice(1)).toEqual([{ index: 0, from: 'lp3', to: 'lp2', reason: 'stalled', at: 30_000 }]);
  });

  it('fails over at once when the active source disconnects, for every instrument it serves', () => {
    const h = harness([['lp1', 'lp2'], ['lp1', 'lp2'], ['lp2', 'lp1']]);
    h.start('lp1', 'lp2');
    h.runUntil(10_000);
    h.router.status('lp1', 'disconnected', 10_020);
    expect(h.switches).toEqual([
      { index: 0, from: 'lp1', to: 'lp2', reason: 'disconnected', at: 10_020 },
      { index: 1, from: 'lp1', to: 'lp2', reason: 'disconnected', at: 10_020 },
    ]);
    expect(h.router.quote('lp2', 0, 10_030)).toBe(true);
    expect(h.router.quote('lp1', 0, 10_030)).toBe(false);
  });

  it('switches back only after the primary has been healthy for recoverMs', () => {
    const h = harness([['lp1', 'lp2']]);
    h.start('lp1', 'lp2');
    h.runUntil(10_000);
    h.live.delete('lp1');
    h.router.status('lp1', 'disconnected', 10_000);
    h.runUntil(12_000);
    h.router.status('lp1', 'connected', 12_000);
    h.live.add('lp1');
    h.runUntil(12_000 + 30_000);
    expect(h.switches.map((s) => s.reason)).toEqual(['disconnected']);
    h.runUntil(50_000);
    expect(h.switches.slice(1)).toEqual([{ index: 0, from: 'lp2', to: 'lp1', reason: 'recovered', at: 42_000 }]);
    expect(h.used.filter((q) => q.source === 'lp2').at(-1)!.at).toBe(42_000);
    expect(h.used.find((q) => q.source === 'lp1' && q.at > 10_000)!.at).toBe(42_100);
    // Leaving the backup for the recovered primary is no failure of the backup.
    expect(h.router.health(50_000).map((x) => [x.source, x.failovers, x.reconnects, x.activeFor])).toEqual([
      ['lp1', 1, 1, 1],
      ['lp2', 0, 0, 0],
    ]);
  });

  it('does not switch back when the primary stalls again during its recovery', () => {
    const h = harness([['lp1', 'lp2']]);
    h.start('lp1', 'lp2');
    h.runUntil(10_000);
    h.live.delete('lp1');
    h.router.status('lp1', 'disconnected', 10_000);
    h.router.status('lp1', 'connected', 12_000);
    h.runUntil(12_000);
    h.live.add('lp1');
    h.runUntil(20_000);
    h.live.delete('lp1');
    h.runUntil(27_000);
    h.live.add('lp1');
    // 30 s after its first return (42 s) the primary's run since 27 s is too short.
    h.runUntil(57_000);
    expect(h.switches.map((s) => s.reason)).toEqual(['disconnected']);
    h.runUntil(60_000);
    expect(h.switches.slice(1)).toEqual([{ index: 0, from: 'lp2', to: 'lp1', reason: 'recovered', at: 57_000 }]);
  });

  it('does not switch back to a source that has not delivered anything', () => {
    const h = harness([['lp1', 'lp2']]);
    h.start('lp2');
    h.runUntil(6_000);
    expect(h.switches).toEqual([{ index: 0, from: 'lp1', to: 'lp2', reason: 'stalled', at: 5_000 }]);
    h.router.status('lp1', 'connected', 6_000);
    h.runUntil(120_000);
    expect(h.switches).toHaveLength(1);
  });

  it('ignores the silence of a closed market and counts a stall from the open', () => {
    const closeAt = 10_000;
    const openAt = 100_000;
    const h = harness(
      [
        ['lp1', 'lp2'],
        ['lp3', 'lp2'],
      ],
      (_index, now) => now < closeAt || now >= openAt,
    );
    h.start('lp1', 'lp2', 'lp3');
    h.runUntil(closeAt);
    h.live.clear();
    h.runUntil(openAt);
    expect(h.switches).toEqual([]);
    // At the open the backup quotes at once, the first primary 3 s late and the second not at all.
    h.live.add('lp2');
    h.runUntil(openAt + 3_000);
    h.live.add('lp1');
    h.runUntil(openAt + 20_000);
    expect(h.switches).toEqual([{ index: 1, from: 'lp3', to: 'lp2', reason: 'stalled', at: openAt + 5_000 }]);
  });

  it('reports health per source', () => {
    const h = harness([['lp1', 'lp2'], ['lp1', 'lp2'], ['lp1'], ['lp3']]);
    h.start('lp1', 'lp2');
    h.runUntil(10_000);
    const before = h.router.health(10_000);
    expect(before).toEqual([
      { source: 'lp1', status: 'connected', connected: true, lastQuoteAgeMs: 100, quotesPerSecond: 30, reconnects: 0, failovers: 0, activeFor: 3 },
      { source: 'lp2', status: 'connected', connected: true, lastQuoteAgeMs: 100, quotesPerSecond: 20, reconnects: 0, failovers: 0, activeFor: 0 },
      { source: 'lp3', status: 'connecting', connected: false, lastQuoteAgeMs: null, quotesPerSecond: 0, reconnects: 0, failovers: 0, activeFor: 1 },
    ]);

    h.live.delete('lp1');
    h.router.status('lp1', 'disconnected', 10_000);
    h.runUntil(12_000);
    h.router.status('lp1', 'connecting', 12_000);
    h.router.status('lp1', 'connected', 12_500);
    h.router.status('lp1', 'disconnected', 13_000);
    h.router.status('lp1', 'connected', 14_000);
    h.runUntil(14_000);
    const after = h.router.health(14_000);
    expect(after[0]).toEqual({
      source: 'lp1',
      status: 'connected',
      connected: true,
      lastQuoteAgeMs: 4_100,
      // Seconds 9 … 13: 30 quotes in second 9, none since the disconnect.
      quotesPerSecond: 6,
     
      reconnects: 2,
      failovers: 2,
      activeFor: 1,
    });
    expect(after[1]).toMatchObject({ source: 'lp2', quotesPerSecond: 20, failovers: 0, activeFor: 2 });
  });
});
