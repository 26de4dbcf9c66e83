import { describe, expect, it } from 'vitest';
import { donchianBands, donchianInit, donchianNext, maInit, maNext, rsiInit, rsiNext } from './indicators.ts';

function feed<S>(init: S, next: (s: S, x: number) => S, xs: number[]): S {
  return xs.reduce(next, init);
}

describe('indicators', () => {
  it('SMA averages the last period values and is null before', () => {
    expect(feed(maInit('sma', 3), maNext, [1, 2]).value).toBeNull();
    expect(feed(maInit('sma', 3), maNext, [1, 2, 3]).value).toBe(2);
    expect(feed(maInit('sma', 3), maNext, [1, 2, 3, 10]).value).toBe(5);
  });

  it('EMA is seeded with the SMA then smooths with 2/(n+1)', () => {
    const s = feed(maInit('ema', 3), maNext, [1, 2, 3, 4]);
    expect(s.value).toBeCloseTo(4 * 0.5 + 2 * 0.5, 12);
  });

  it('does not mutate the state it is given', () => {
    const s = feed(maInit('sma', 2), maNext, [1, 2]);
    const copy = JSON.stringify(s);
    maNext(s, 5);
    expect(JSON.stringify(s)).toBe(copy);
  });

  it('Wilder RSI matches the textbook figures', () => {
    // 14 changes: gains sum 3.34, losses 1.40, so RS = 3.34 / 1.40 and RSI = 100 − 100 / (1 + RS).
    const closes = [44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28];
    const s = feed(rsiInit(14), rsiNext, closes);
    expect(s.value).toBeCloseTo(100 - 100 / (1 + 3.34 / 1.4), 9);
    const next = rsiNext(s, 46.0);
    // Wilder smoothing: avg = (avg × 13 + today) / 14 for gains (0) and losses (0.28).
    const gain = ((3.34 / 14) * 13) / 14;
    const loss = ((1.4 / 14) * 13 + 0.28) / 14;
    expect(next.value).toBeCloseTo(100 - 100 / (1 + gain / loss), 9);
  });

  it('RSI is 100 on a rising series and 0 on a falling one', () => {
    expect(feed(rsiInit(3), rsiNext, [1, 2, 3, 4]).value).toBe(100);
    expect(feed(rsiInit(3), rsiNext, [4, 3, 2, 1]).value).toBe(0);
  });

  it('Donchian keeps the high and low of the last period bars', () => {
    let s = donchianInit(2);
    s = donchianNext(s, 5, 1);
    expect(donchianBands(s)).toBeNull();
    s = donchianNext(s, 7, 3);
    s = donchianNext(s, 6, 4);
    expect(donchianBands(s)).toEqual({ upper: 7, lower: 3 });
  });
});
