import { describe, expect, it } from 'vitest';
import type { Candle } from '@bourse/contract';
import { isMarketOpen } from '@bourse/domain';
import { catalogueRows } from './catalogue-rows.ts';
import { generatedBars, HISTORY_DAYS, LONG_HISTORY_DAYS } from './candle-history.ts';
import { mergeBars } from './candle.service.ts';
import { DayStats } from './day-stats.ts';
import { MarketState } from './market-state.ts';

const ANCHOR = new Date('2026-11-25T15:07:00Z');
const anchorSec = ANCHOR.getTime() / 1000;
const state = new MarketState(catalogueRows(['BTCUSD', 'AAPL', 'EURUSD'], ANCHOR), ANCHOR.getTime());
const [btc, aapl] = state.instruments as [(typeof state.instruments)[0], (typeof state.instruments)[0]];

function rollUp(bars: Candle[], size: number): Candle[] {
  const out: Candle[] = [];
  for (const b of bars) {
    const time = Math.floor(b.time / size) * size;
    const last = out.at(-1);
    if (last?.time === time) {
      last.high = Math.max(last.high, b.high);
      last.low = Math.min(last.low, b.low);
      last.close = b.close;
      last.volume += b.volume;
    } else out.push({ ...b, time });
  }
  return out;
}

describe('generated history', () => {
  it('is the same for the same seed and ends at the reference price at the anchor', () => {
    const a = generatedBars(btc, 1, '1m', anchorSec - 3600, anchorSec);
    expect(a).toEqual(generatedBars(btc, 1, '1m', anchorSec - 3600, anchorSec));
    expect(a).not.toEqual(generatedBars(btc, 2, '1m', anchorSec - 3600, anchorSec));
    expect(a).toHaveLength(60);
    expect(a.at(-1)!.close).toBe(btc.refPrice);
    expect(a.at(-1)!.time).toBe(anchorSec - 60);
    for (const b of a) {
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
    }
  });

  it('agrees across timeframes: 15m bars are the 1m bars rolled up', () => {
    const from = anchorSec - 6 * 3600 - 420; // a quarter-hour boundary
    const minutes = generatedBars(btc, 1, '1m', from, anchorSec);
    const quarters = generatedBars(btc, 1, '15m', from, anchorSec);
    const rolled = rollUp(minutes, 900);
    expect(quarters).toHaveLength(25);
    expect(quarters.map((b) => [b.time, b.open, b.close])).toEqual(rolled.map((b) => [b.time, b.open, b.close]));
    quarters.forEach((b, i) => {
      expect(b.high).toBeCloseTo(rolled[i]!.high, 6);
      expect(b.low).toBeCloseTo(rolled[i]!.low, 6);
    });
  });

  it('has bars only while the market is open, for at most the last 30 days', () => {
    const bars = generatedBars(aapl, 1, '1m', anchorSec - 40 * 86_400, anchorSec);
    expect(bars.length).toBeGreaterThan(20 * 390);
    for (const b of bars) expect(isMarketOpen('stocks', b.time * 1000)).toBe(true);
    expect(bars[0]!.time).toBeGreaterThanOrEqual(anchorSec - HISTORY_DAYS * 86_400);
  });

  it('reaches years back for charts of an hour and longer, on trading days only, joined to the minute history', () => {
    const days = generatedBars(btc, 1, '1D', anchorSec - 500 * 86_400, anchorSec);
    expect(days.length).toBeGreaterThanOrEqual(500);
    expect(days.every((b, i) => !i || b.time - days[i - 1]!.time === 86_400)).toBe(true);
    expect(generatedBars(btc, 1, '1D', 0, anchorSec)[0]!.time).toBeGreaterThanOrEqual(anchorSec - (LONG_HISTORY_DAYS + 1) * 86_400);
    // The last 30 days are the minute walk rolled up, whatever the range asked for.
    const recent = generatedBars(btc, 1, '1D', anchorSec - 20 * 86_400, anchorSec);
    expect(days.slice(-recent.length)).toEqual(recent);
    // The daily bars of 60 days ago are the hourly bars of that day rolled up.
    const day = Math.floor((anchorSec - 60 * 86_400) / 86_400) * 86_400;
    const hours = generatedBars(btc, 1, '1h', day, day + 86_399);
    expect(hours).toHaveLength(24);
    const rolled = rollUp(hours, 86_400)[0]!;
    const daily = days.find((b) => b.time === day)!;
    expect([daily.open, daily.close]).toEqual([rolled.open, rolled.close]);
    expect(daily.high).toBeCloseTo(rolled.high, 6);
    expect(generatedBars(btc, 1, '1D', anchorSec - 500 * 86_400, anchorSec)).toEqual(days);
    const stocks = generatedBars(aapl, 1, '1D', anchorSec - 400 * 86_400, anchorSec);
    expect(stocks.length).toBeGreaterThan(250);
    for (const b of stocks) expect(new Date(b.time * 1000).getUTCDay() % 6, 'no weekend bars').not.toBe(0);
    // Minute charts keep to the minute history.
    expect(generatedBars(aapl, 1, '15m', anchorSec - 400 * 86_400, anchorSec)[0]!.time).toBeGreaterThanOrEqual(anchorSec - HISTORY_DAYS * 86_400 - 900);
  });

  it('stops after the latest bars when told how many', () => {
    const last = generatedBars(btc, 1, '1h', anchorSec - 7 * 86_400, anchorSec, 24);
    expect(last).toHaveLength(24);
    expect(last).toEqual(generatedBars(btc, 1, '1h', anchorSec - 7 * 86_400, anchorSec).slice(-24));
  });
});

describe('joining generated and recorded bars', () => {
  const bar = (time: number, open: number, high: number, low: number, close: number, volume: number): Candle => ({ time, open, high, low, close, volume });

  it('combines the bucket that straddles the anchor', () => {
    const generated = [bar(0, 1, 2, 0.5, 1.5, 10), bar(60, 1.5, 1.8, 1.4, 1.6, 5)];
    const recorded = [bar(60, 1.6, 2.2, 1.55, 2, 3), bar(120, 2, 2.1, 1.9, 2.05, 4)];
    expect(mergeBars(generated, recorded)).toEqual([bar(0, 1, 2, 0.5, 1.5, 10), bar(60, 1.5, 2.2, 1.4, 2, 8), bar(120, 2, 2.1, 1.9, 2.05, 4)]);
    expect(mergeBars([], recorded)).toBe(recorded);
    expect(mergeBars(generated, [])).toBe(generated);
  });
});

describe('24h figures', () => {
  const hour = 3_600_000;
  const out = () => ({ open24: new Float64Array(1), low24: new Float64Array(1), high24: new Float64Array(1), vol24: new Float64Array(1) });

  it('cover the last 24 hourly bars and roll the oldest out', () => {
    const figures = out();
    const stats = new DayStats(1, figures);
    const start = Date.parse('2026-11-25T00:00:00Z');
    for (let h = 0; h < 24; h++) stats.add(0, 100 + h, 1, start + h * hour);
    expect([figures.open24[0], figures.low24[0], figures.high24[0], figures.vol24[0]]).toEqual([100, 100, 123, 24]);
    stats.add(0, 90, 2, start + 24 * hour); // hour 0 leaves the window
    expect([figures.open24[0], figures.low24[0], figures.high24[0], figures.vol24[0]]).toEqual([101, 90, 123, 25]);
    stats.add(0, 130, 1, start + 24 * hour + 10);
    expect([figures.high24[0], figures.vol24[0]]).toEqual([130, 26]);
  });

  it('start from seeded bars', () => {
    const figures = out();
    const stats = new DayStats(1, figures);
    const bars = Array.from({ length: 30 }, (_, h) => ({ time: h * 3600, open: h, high: h + 5, low: h - 1, volume: 2 }));
    stats.seed(0, bars);
    expect([figures.open24[0], figures.low24[0], figures.high24[0], figures.vol24[0]]).toEqual([6, 5, 34, 48]);
  });
});
