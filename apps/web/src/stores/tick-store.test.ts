import { describe, expect, it, vi } from 'vitest';
import { createTickStore, liveFromPacked, liveFromUpdate } from './tick-store';

function manualFrames() {
  const queue: (() => void)[] = [];
  const schedule = vi.fn((cb: () => void) => void queue.push(cb));
  const runFrame = () => {
    for (const cb of queue.splice(0)) cb();
  };
  return { schedule, runFrame };
}

describe('tick store', () => {
  it('coalesces every tick of a frame into one flush with the latest price per instrument', () => {
    const frames = manualFrames();
    const ticks = createTickStore({ schedule: frames.schedule });
    const listener = vi.fn();
    const flushes = vi.fn();
    ticks.subscribe(1, listener);
    ticks.subscribeFlush(flushes);
    for (let i = 1; i <= 1000; i++) ticks.push(1, { price: i });
    ticks.push(2, { price: 5 });
    expect(frames.schedule).toHaveBeenCalledTimes(1);
    expect(ticks.get(1)).toBeUndefined();
    frames.runFrame();
    expect(ticks.get(1)!.price).toBe(1000);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(flushes).toHaveBeenCalledTimes(1);
    expect([...flushes.mock.calls[0]![0]]).toEqual([1, 2]);
  });

  it('schedules a new frame only after the previous one flushed', () => {
    const frames = manualFrames();
    const ticks = createTickStore({ schedule: frames.schedule });
    ticks.push(1, { price: 1 });
    ticks.push(1, { price: 2 });
    frames.runFrame();
    ticks.push(1, { price: 3 });
    expect(frames.schedule).toHaveBeenCalledTimes(2);
  });

  it('notifies only the listeners of instruments that changed', () => {
    const frames = manualFrames();
    const ticks = createTickStore({ schedule: frames.schedule });
    const one = vi.fn();
    const two = vi.fn();
    ticks.subscribe(1, one);
    const stop = ticks.subscribe(2, two);
    ticks.push(1, { price: 1 });
    frames.runFrame();
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).not.toHaveBeenCalled();
    stop();
    ticks.push(2, { price: 1 });
    frames.runFrame();
    expect(two).not.toHaveBeenCalled();
  });

  it('gives each flush a new snapshot object and keeps it stable between flushes', () => {
    const frames = manualFrames();
    const ticks = createTickStore({ schedule: frames.schedule });
    ticks.push(1, { price: 1 });
    frames.runFrame();
    const first = ticks.get(1);
    expect(ticks.get(1)).toBe(first);
    ticks.push(1, { price: 1 });
    frames.runFrame();
    expect(ticks.get(1)).not.toBe(first);
  });

  it('flashes a move in its direction for 2.2 s, then tells the readers it ended', () => {
    const frames = manualFrames();
    let clock = 0;
    const sweeps: (() => void)[] = [];
    const ticks = createTickStore({ schedule: frames.schedule, now: () => clock, later: (cb) => void sweeps.push(cb) });
    const listener = vi.fn();
    ticks.subscribe(1, listener);
    const sweepAt = (t: number) => {
      clock = t;
      for (const cb of sweeps.splice(0)) cb();
    };
    ticks.push(1, { price: 10 });
    frames.runFrame();
    expect(ticks.get(1)!.flash).toBe(0);
    expect(sweeps).toHaveLength(0);
    ticks.push(1, { price: 9 });
    frames.runFrame();
    expect(ticks.get(1)!.flash).toBe(-1);
    sweepAt(2_000);
    expect(ticks.get(1)!.flash).toBe(-1);
    clock = 2_100;
    ticks.push(1, { price: 9.5 });
    frames.runFrame();
    expect(ticks.get(1)!.flash).toBe(1);
    sweepAt(4_200);
    expect(ticks.get(1)!.flash).toBe(1);
    listener.mockClear();
    const before = ticks.get(1);
    sweepAt(4_300);
    expect(ticks.get(1)).toMatchObject({ flash: 0, dir: 1, price: 9.5 });
    expect(ticks.get(1)).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sweeps).toHaveLength(0);
  });

  it('records the direction and counts moves for the price flash', () => {
    const frames = manualFrames();
    const ticks = createTickStore({ schedule: frames.schedule });
    const step = (price: number) => {
      ticks.push(1, { price });
      frames.runFrame();
      return ticks.get(1)!;
    };
    expect(step(10)).toMatchObject({ dir: 0, moves: 0 });
    expect(step(11)).toMatchObject({ dir: 1, moves: 1 });
    expect(step(11)).toMatchObject({ dir: 1, moves: 1 });
    expect(step(10.5)).toMatchObject({ dir: -1, moves: 2 });
  });

  it('keeps 24 h fields that a later tick of the same frame or a later frame leaves out', () => {
    const frames = manualFrames();
    const ticks = createTickStore({ schedule: frames.schedule });
    ticks.push(1, { price: 1, high: 3, low: 0.5 });
    ticks.push(1, { price: 2 });
    frames.runFrame();
    expect(ticks.get(1)).toMatchObject({ price: 2, high: 3, low: 0.5 });
    ticks.push(1, { price: 2.5, low: 0.4 });
    frames.runFrame();
    expect(ticks.get(1)).toMatchObject({ price: 2.5, high: 3, low: 0.4 });
  });

  it('reads socket updates and packed batches', () => {
    expect(liveFromUpdate({ id: 1, price: 2, priceLow24h: 1, priceHigh24h: 3, change24h: 0.5, changePercent24h: 25, volume24h: 7, lastUpdated: '2026-01-01T00:00:00.000Z', ts: 5 })).toEqual({
      price: 2, low: 1, high: 3, change: 0.5, changePercent: 25, volume: 7, ts: 5,
    });
    expect(liveFromUpdate({ price: 2, lastUpdated: '1970-01-01T00:00:01.000Z' }).ts).toBe(1000);
    expect(liveFromPacked([1, 2, 1, 3, 0.5, 25, 7, 5])).toEqual({ price: 2, low: 1, high: 3, change: 0.5, changePercent: 25, volume: 7, ts: 5 });
    expect(liveFromPacked([1, 2, 1, 3, 0.5, 25, 7, 5, 1.99, 2.01])).toMatchObject({ price: 2, bid: 1.99, ask: 2.01 });
  });
});
