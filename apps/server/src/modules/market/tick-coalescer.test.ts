import { describe, expect, it } from 'vitest';
import { catalogueRows } from './catalogue-rows.ts';
import { MarketState } from './market-state.ts';
import { TickCoalescer, type CoalescedStep, type Scheduler } from './tick-coalescer.ts';

/** A scheduler the test ends windows with by hand. */
function manualClock() {
  const due: { fn: () => void; ms: number }[] = [];
  const schedule: Scheduler = (fn, ms) => {
    const entry = { fn, ms };
    due.push(entry);
    return () => void due.splice(due.indexOf(entry), 1);
  };
  return { schedule, due, endWindow: () => due.shift()?.fn() };
}

describe('tick coalescer', () => {
  const start = Date.parse('2026-11-25T15:00:00Z');

  it('hands over one batch per window with each instrument once, at its latest price', () => {
    const state = new MarketState(catalogueRows(['EURUSD', 'BTCUSD', 'AAPL'], new Date(start)), start);
    const packets: ReturnType<MarketState['packed']>[][] = [];
    const clock = manualClock();
    const coalescer = new TickCoalescer(3, 100, ({ window }) => packets.push(window.map((i) => state.packed(state.instruments[i]!))), { schedule: clock.schedule });
    const prices = [1.1, 1.2, 1.3, 1.25];
    prices.forEach((p, k) => {
      state.tick(0, p, 1, start + k);
      coalescer.touch(0);
    });
    state.tick(1, 70_000, 1, start + 10);
    coalescer.touch(1);
    expect(clock.due).toHaveLength(1);
    expect(clock.due[0]!.ms).toBe(100);
    expect(packets).toHaveLength(0);
    clock.endWindow();
    expect(packets).toHaveLength(1);
    expect(packets[0]!.map((p) => [p[0], p[1]])).toEqual([
      [1, 1.25],
      [2, 70_000],
    ]);
    expect(clock.due).toHaveLength(0);
  });

  it('opens a new window with the next tick and stays quiet without ticks', () => {
    const delivered: number[][] = [];
    const clock = manualClock();
    const coalescer = new TickCoalescer(3, 100, ({ window }) => delivered.push(window), { schedule: clock.schedule });
    coalescer.touch(2);
    clock.endWindow();
    clock.endWindow();
    coalescer.touch(2);
    coalescer.touch(0);
    coalescer.flush();
    expect(delivered).toEqual([[2], [2, 0]]);
    expect(clock.due).toHaveLength(0);
  });

  it('hands over every tick when the window is 0', () => {
    const delivered: number[][] = [];
    const coalescer = new TickCoalescer(3, 0, ({ window }) => delivered.push(window));
    coalescer.touch(1);
    coalescer.touch(1);
    expect(delivered).toEqual([[1], [1]]);
  });

  it('with groups, gives each group in turn everything that ticked in the last window, each tick once per group', () => {
    const steps: CoalescedStep[] = [];
    const clock = manualClock();
    const coalescer = new TickCoalescer(5, 100, (step) => steps.push(step), { groups: 4, schedule: clock.schedule });
    coalescer.touch(3);
    expect(clock.due.map((d) => d.ms)).toEqual([25]);
    clock.endWindow(); // step 0: group 0 gets 3
    coalescer.touch(1);
    coalescer.touch(3);
    clock.endWindow(); // step 1: group 1 gets 3 (first ticked in step 0) then 1
    clock.endWindow(); // step 2
    coalescer.touch(4);
    clock.endWindow(); // step 3
    expect(steps.map((s) => [s.group, s.ticked, s.window])).toEqual([
      [0, [3], [3]],
      [1, [1, 3], [3, 1]],
      [2, [], [3, 1]],
      [3, [4], [3, 1, 4]],
    ]);
    // Step 0 has left the window; the steps go on until the last tick (step 3) was every group's turn.
    for (let k = 0; k < 10 && clock.due.length; k++) clock.endWindow();
    expect(steps.slice(4).map((s) => [s.group, s.window])).toEqual([
      [0, [1, 3, 4]],
      [1, [4]],
      [2, [4]],
    ]);
    expect(clock.due).toHaveLength(0);
    // Every group got each instrument that ticked, and no group got an instrument twice for one tick.
    for (const group of [0, 1, 2, 3]) {
      const got = steps.filter((s) => s.group === group).flatMap((s) => s.window);
      expect(new Set(got)).toEqual(new Set([1, 3, 4]));
    }
  });

  it('keeps a steady pace when a step runs late', () => {
    let now = 1000;
    const clock = manualClock();
    const coalescer = new TickCoalescer(2, 100, () => {}, { groups: 10, schedule: clock.schedule, now: () => now });
    coalescer.touch(0);
    now += 14; // the step fires 4 ms late
    clock.endWindow();
    expect(clock.due.map((d) => d.ms)).toEqual([6]);
    now += 40; // far behind: the next step comes at once, not in a burst of catching up
    clock.endWindow();
    expect(clock.due.map((d) => d.ms)).toEqual([0]);
    clock.endWindow();
    expect(clock.due.map((d) => d.ms)).toEqual([10]);
  });
});
