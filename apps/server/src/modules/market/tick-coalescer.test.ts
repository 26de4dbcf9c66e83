import { describe, expect, it } from 'vitest';
import { catalogueRows } from './catalogue-rows.ts';
import { MarketState } from './market-state.ts';
import { TickCoalescer, type Scheduler } from './tick-coalescer.ts';

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
    const coalescer = new TickCoalescer(3, 100, (batch) => packets.push(batch.map((i) => state.packed(state.instruments[i]!))), clock.schedule);
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
    const coalescer = new TickCoalescer(3, 100, (batch) => delivered.push(batch), clock.schedule);
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
    const coalescer = new TickCoalescer(3, 0, (batch) => delivered.push(batch));
    coalescer.touch(1);
    coalescer.touch(1);
    expect(delivered).toEqual([[1], [1]]);
  });
});
