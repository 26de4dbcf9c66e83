import { describe, expect, it } from 'vitest';
import { timeframes, timeframeSeconds } from '@bourse/contract';
import { bucketOf, CandleAggregator } from './candle-aggregator.ts';

const T0 = Date.parse('2026-11-25T00:00:00Z'); // a UTC midnight: every timeframe's bucket starts here

describe('candle aggregation', () => {
  it('aligns buckets to UTC for every timeframe', () => {
    const at = Date.parse('2026-11-25T13:47:31.500Z');
    expect(bucketOf('1m', at)).toBe(Date.parse('2026-11-25T13:47:00Z') / 1000);
    expect(bucketOf('5m', at)).toBe(Date.parse('2026-11-25T13:45:00Z') / 1000);
    expect(bucketOf('15m', at)).toBe(Date.parse('2026-11-25T13:45:00Z') / 1000);
    expect(bucketOf('1h', at)).toBe(Date.parse('2026-11-25T13:00:00Z') / 1000);
    expect(bucketOf('4h', at)).toBe(Date.parse('2026-11-25T12:00:00Z') / 1000);
    expect(bucketOf('1D', at)).toBe(Date.parse('2026-11-25T00:00:00Z') / 1000);
  });

  for (const tf of timeframes) {
    it(`builds correct ${tf} bars across a bucket boundary`, () => {
      const size = timeframeSeconds[tf] * 1000;
      const agg = new CandleAggregator([7]);
      // Bucket A: open 10, high 14, low 9, close 12; bucket B: open 20, high 20, low 18, close 19.
      const ticks: [number, number, number][] = [
        [T0 + 1, 10, 1],
        [T0 + size / 3, 14, 2],
        [T0 + size / 2, 9, 3],
        [T0 + size - 1, 12, 4],
        [T0 + size, 20, 5],
        [T0 + size + size / 2, 18, 6],
        [T0 + 2 * size - 1, 19, 7],
      ];
      for (const [at, price, volume] of ticks) agg.add(0, price, volume, at);
      const bars = agg.drain(true).filter((b) => b.tf === tf);
      expect(bars).toEqual([
        { assetId: 7, tf, time: T0 / 1000, open: 10, high: 14, low: 9, close: 12, volume: 10 },
        { assetId: 7, tf, time: (T0 + size) / 1000, open: 20, high: 20, low: 18, close: 19, volume: 18 },
      ]);
      expect(agg.current(0, tf)).toEqual({ assetId: 7, tf, time: (T0 + size) / 1000, open: 20, high: 20, low: 18, close: 19, volume: 18 });
    });
  }

  it('hands finished bars over once and current bars only when asked', () => {
    const agg = new CandleAggregator([1, 2]);
    agg.add(0, 5, 1, T0 + 1000);
    agg.add(0, 6, 1, T0 + 61_000); // closes the first 1m bar
    expect(agg.drain(false).map((b) => [b.tf, b.time, b.close])).toEqual([['1m', T0 / 1000, 5]]);
    expect(agg.drain(false)).toEqual([]);
    expect(agg.drain(true).map((b) => b.tf)).toEqual([...timeframes]);
    expect(agg.drain(true)).toEqual([]);
  });

  it('resumes a saved bar in progress after a restart', () => {
    const agg = new CandleAggregator([1]);
    agg.restore(0, { tf: '1D', time: T0 / 1000, open: 100, high: 130, low: 90, close: 120, volume: 50 });
    agg.add(0, 125, 5, T0 + 3_600_000);
    expect(agg.current(0, '1D')).toEqual({ assetId: 1, tf: '1D', time: T0 / 1000, open: 100, high: 130, low: 90, close: 125, volume: 55 });
    expect(agg.current(0, '1h')?.open).toBe(125);
  });
});
