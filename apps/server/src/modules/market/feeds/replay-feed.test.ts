import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { FeedListener, SourceStatus, RawQuote } from './feed-types.ts';
import { ReplayFeed, type ReplayClock } from './replay-feed.ts';
import { parseTickFile } from './tick-file.ts';

const T0 = Date.parse('2026-11-25T15:00:00Z');

/**
 * A clock whose time moves only when the test says so; counts timer callbacks run. `advance` runs
 * each timer at its time, `jump` moves time first and runs the timers late, as a busy event loop does.
 */
function fakeClock(start = T0) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; ms: number; fn: () => void }>();
  const runDue = (until: number, late: boolean) => {
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) return;
      timers.delete(due[0]);
      if (!late) now = due[1].at;
      clock.fired++;
      due[1].fn();
    }
  };
  const clock: ReplayClock & { advance(ms: number): void; jump(ms: number): void; pending(): number[]; fired: number } = {
    fired: 0,
    now: () => now,
    setTimeout(fn, ms) {
      timers.set(++nextId, { at: now + ms, ms, fn });
      return nextId;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      const end = now + ms;
      runDue(end, false);
      now = end;
    },
    jump(ms) {
      now += ms;
      runDue(now, true);
    },
    pending: () => [...timers.values()].map((t) => t.ms),
  };
  return clock;
}

/** Records what a feed reports; `settled` resolves with the first status after 'connecting'. */
function recorder() {
  const quotes: RawQuote[] = [];
  const statuses: [SourceStatus, string | undefined][] = [];
  let settle: (s: SourceStatus) => void = () => {};
  const settled = new Promise<SourceStatus>((resolve) => (settle = resolve));
  const listener: FeedListener = {
    quote: (q) => void quotes.push(q),
    status: (s, detail) => {
      statuses.push([s, detail]);
      if (s !== 'connecting') settle(s);
    },
  };
  return { listener, quotes, statuses, settled, ats: () => quotes.map((q) => q.at - T0) };
}

const dir = mkdtempSync(join(tmpdir(), 'replay-feed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Ticks 0, 100, 100, 400 and 1200 ms after the first: a span of 1200 ms, 300 ms between ticks on average. */
const fiveTicks = join(dir, 'five.csv');
writeFileSync(fiveTicks, ['time,bid,ask,bid_volume,ask_volume', '1000,1.1,1.2,5,6', '1100,2.1,2.2,,', '1100,3.1,3.2,,', '1400,4.1,4.2,,', '2200,5.1,5.2,,', ''].join('\n'));
const dukascopyFixture = join(import.meta.dirname, 'fixtures', 'eurusd-dukascopy.csv');

describe('replay feed', () => {
  it('plays ticks as far apart as recorded, the first at once, ticks sharing a time in one callback', async () => {
    const clock = fakeClock();
    const rec = recorder();
    const feed = new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: fiveTicks, loop: false, clock });
    feed.start(rec.listener);
    expect(rec.statuses.map((s) => s[0])).toEqual(['connecting']);
    expect(await rec.settled).toBe('connected');
    expect(rec.statuses[1]![1]).toContain('5 ticks (generic)');
    expect(rec.quotes).toEqual([{ symbol: 'EURUSD', bid: 1.1, ask: 1.2, bidSize: 5, askSize: 6, at: T0 }]);
    expect(clock.pending()).toEqual([100]);

    clock.advance(99);
    expect(rec.quotes).toHaveLength(1);
    clock.advance(1);
    expect(rec.ats()).toEqual([0, 100, 100]);
    expect(rec.quotes.map((q) => q.bid)).toEqual([1.1, 2.1, 3.1]);
    expect(clock.fired).toBe(1);
    expect(clock.pending()).toEqual([300]);

    clock.advance(10_000);
    expect(rec.ats()).toEqual([0, 100, 100, 400, 1200]);
    expect(clock.fired).toBe(3);
    expect(rec.statuses.map((s) => s[0])).toEqual(['connecting', 'connected', 'ended']);
    expect(clock.pending()).toEqual([]);
  });

  it('plays ten times faster at speed 10', async () => {
    const clock = fakeClock();
    const rec = recorder();
    new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: fiveTicks, speed: 10, loop: false, clock }).start(rec.listener);
    await rec.settled;
    expect(clock.pending()).toEqual([10]);
    clock.advance(10);
    expect(rec.ats()).toEqual([0, 10, 10]);
    clock.advance(29);
    expect(rec.quotes).toHaveLength(3);
    clock.advance(1);
    expect(rec.ats()).toEqual([0, 10, 10, 40]);
    clock.advance(80);
    expect(rec.ats()).toEqual([0, 10, 10, 40, 120]);
    expect(rec.statuses.at(-1)![0]).toBe('ended');
  });

  it('replays a Dukascopy file with its prices, sizes and spacing at speed 10', async () => {
    const clock = fakeClock();
    const rec = recorder();
    new ReplayFeed({ name: 'eurusd-replay', symbol: 'EURUSD', file: dukascopyFixture, speed: 10, loop: false, clock }).start(rec.listener);
    await rec.settled;
    clock.advance(60_000);
    const ticks = parseTickFile(readFileSync(dukascopyFixture, 'utf8')).ticks.toArray();
    expect(rec.quotes).toHaveLength(40);
    expect(rec.quotes[0]).toEqual({ symbol: 'EURUSD', bid: 1.10411, ask: 1.10412, bidSize: 2.25, askSize: 1.2, at: T0 });
    expect(rec.ats()).toEqual(ticks.map((t) => Math.round((t.at - ticks[0]!.at) / 10)));
    // 10.386 s recorded, so the last tick comes 1038.6 ms after the first.
    expect(rec.ats().at(-1)).toBe(1039);
    expect(rec.statuses.at(-1)![0]).toBe('ended');
  });

  it('loops by carrying on after the previous pass, one average gap after its last tick', async () => {
    const clock = fakeClock();
    const rec = recorder();
    new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: fiveTicks, clock }).start(rec.listener);
    await rec.settled;
    clock.advance(1500 * 3 - 1);
    const pass = [0, 100, 100, 400, 1200];
    expect(rec.ats()).toEqual([...pass, ...pass.map((t) => t + 1500), ...pass.map((t) => t + 3000)]);
    clock.advance(1);
    expect(rec.ats().at(-1)).toBe(4500);
    expect(rec.quotes.at(-1)!.bid).toBe(1.1);
    const ats = rec.ats();
    for (let i = 1; i < ats.length; i++) expect(ats[i]).toBeGreaterThanOrEqual(ats[i - 1]!);
    expect(rec.statuses.map((s) => s[0])).toEqual(['connecting', 'connected']);
  });

  it('delivers everything due in one late callback, in order, across passes', async () => {
    const clock = fakeClock();
    const rec = recorder();
    new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: fiveTicks, speed: 2, clock }).start(rec.listener);
    await rec.settled;
    clock.advance(1);
    expect(rec.quotes).toHaveLength(1);
    clock.jump(2000);
    // Passes of 750 ms at speed 2: ticks at 0, 50, 50, 200, 600, then 750, 800, 800, 950, 1350, 1500, …
    expect(rec.ats()).toEqual([0, 50, 50, 200, 600, 750, 800, 800, 950, 1350, 1500, 1550, 1550, 1700]);
    expect(clock.fired).toBe(1);
    expect(clock.pending()).toEqual([99]);
  });

  it('stop() halts delivery, clears the timer and reports the disconnection', async () => {
    const clock = fakeClock();
    const rec = recorder();
    const feed = new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: fiveTicks, clock });
    feed.start(rec.listener);
    await rec.settled;
    clock.advance(100);
    expect(rec.quotes).toHaveLength(3);
    await feed.stop();
    expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    expect(rec.quotes).toHaveLength(3);
    expect(rec.statuses.map((s) => s[0])).toEqual(['connecting', 'connected', 'disconnected']);
  });

  it('stop() while the file is still being read keeps it from playing', async () => {
    const clock = fakeClock();
    const rec = recorder();
    const feed = new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: fiveTicks, clock });
    feed.start(rec.listener);
    await feed.stop();
    await sleep(50);
    expect(rec.quotes).toEqual([]);
    expect(clock.pending()).toEqual([]);
    expect(rec.statuses.map((s) => s[0])).toEqual(['connecting', 'disconnected']);
  });

  it('reports a file it cannot read, or one without a tick, as disconnected instead of throwing', async () => {
    const missing = recorder();
    const path = join(dir, 'missing.csv');
    new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: path, clock: fakeClock() }).start(missing.listener);
    expect(await missing.settled).toBe('disconnected');
    expect(missing.statuses[1]![1]).toContain(path);
    expect(missing.statuses[1]![1]).toContain('ENOENT');

    const badOnly = join(dir, 'bad-only.csv');
    writeFileSync(badOnly, 'time,bid,ask\nsoon,1,2\n1000,0,2\n');
    const empty = recorder();
    new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: badOnly, clock: fakeClock() }).start(empty.listener);
    expect(await empty.settled).toBe('disconnected');
    expect(empty.statuses[1]![1]).toContain('2 unreadable lines');
    expect(empty.quotes).toEqual([]);

    const unknown = join(dir, 'unknown.csv');
    writeFileSync(unknown, 'date,close\n2024-01-02,1.1\n');
    const odd = recorder();
    new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: unknown, clock: fakeClock() }).start(odd.listener);
    expect(await odd.settled).toBe('disconnected');
    expect(odd.statuses[1]![1]).toContain('layout');
  });

  it('refuses a speed that is not a positive number', () => {
    expect(() => new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: fiveTicks, speed: 0 })).toThrow(RangeError);
    expect(() => new ReplayFeed({ name: 'r', symbol: 'EURUSD', file: fiveTicks, speed: Number.NaN })).toThrow(RangeError);
  });
});
