import { describe, expect, it } from 'vitest';
import { foldTick } from './candle-merge';

describe('live price into the last candle', () => {
  const last = { time: 120, open: 10, high: 11, low: 9, close: 10.5 };
  it('widens the bar of the same bucket', () => {
    expect(foldTick(last, 12, 179_999, 60)).toEqual({ time: 120, open: 10, high: 12, low: 9, close: 12 });
    expect(foldTick(last, 8, 130_000, 60)).toEqual({ time: 120, open: 10, high: 11, low: 8, close: 8 });
  });
  it('opens the next bar at the previous close', () => {
    expect(foldTick(last, 10.7, 180_000, 60)).toEqual({ time: 180, open: 10.5, high: 10.7, low: 10.5, close: 10.7 });
  });
  it('aligns buckets to the timeframe in UTC', () => {
    expect(foldTick(null, 5, Date.UTC(2026, 0, 1, 13, 37, 12), 3600)!.time).toBe(Date.UTC(2026, 0, 1, 13) / 1000);
    expect(foldTick(null, 5, Date.UTC(2026, 0, 1, 13, 37, 12), 86_400)!.time).toBe(Date.UTC(2026, 0, 1) / 1000);
  });
  it('ignores a tick older than the last bar', () => expect(foldTick(last, 1, 60_000, 60)).toBeNull());
});
