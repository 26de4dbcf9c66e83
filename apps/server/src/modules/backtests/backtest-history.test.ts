import { describe, expect, it } from 'vitest';
import { catalogueRows } from '../market/catalogue-rows.ts';
import { generatedBars, HISTORY_DAYS } from '../market/candle-history.ts';
import { MarketState } from '../market/market-state.ts';
import { extendedHistory, historyStart, runBars } from './backtest-history.ts';

const ANCHOR = new Date('2026-11-25T15:00:00Z');
const anchorSec = ANCHOR.getTime() / 1000;
const state = new MarketState(catalogueRows(['BTCUSD', 'EURUSD'], ANCHOR), ANCHOR.getTime());
const [btc, eur] = state.instruments as [(typeof state.instruments)[0], (typeof state.instruments)[0]];
const DAY = 86_400;

describe('backtest history', () => {
  it('is the chart history over the last HISTORY_DAYS', () => {
    const from = anchorSec - 5 * DAY;
    expect(extendedHistory({ inst: btc, seed: 9, tf: '15m', from, to: anchorSec })).toEqual(generatedBars(btc, 9, '15m', from, anchorSec));
  });

  it('reaches back a year, continuous across chunks and reproducible', () => {
    const from = anchorSec - 365 * DAY;
    const bars = extendedHistory({ inst: btc, seed: 9, tf: '1h', from, to: anchorSec });
    expect(bars).toHaveLength(365 * 24);
    expect(bars[0]!.time).toBe(from);
    for (let i = 1; i < bars.length; i++) {
      expect(bars[i]!.time - bars[i - 1]!.time).toBe(3600);
      // Each bar opens where the previous one closed: the walk has no jumps at chunk joins.
      expect(bars[i]!.open).toBeCloseTo(bars[i - 1]!.close, 1);
    }
    expect(extendedHistory({ inst: btc, seed: 9, tf: '1h', from, to: from + 10 * DAY })).toEqual(bars.slice(0, 241));
  });

  it('keeps to trading hours and stops where the history starts', () => {
    const bars = extendedHistory({ inst: eur, seed: 3, tf: '1h', from: anchorSec - 60 * DAY, to: anchorSec });
    expect(bars.length).toBeLessThan(60 * 24);
    expect(bars.length).toBeGreaterThan(35 * 24);
    const start = historyStart(btc) / 1000;
    expect(start).toBeLessThan(anchorSec - 366 * DAY);
    expect(runBars({ inst: btc, seed: 1, tf: '1D', from: start - 30 * DAY, to: start - DAY }, [], anchorSec)).toEqual([]);
    expect(HISTORY_DAYS).toBe(30);
  });
});
