import { describe, expect, it } from 'vitest';
import { isMarketOpen } from '@bourse/domain';
import { catalogueRows } from './catalogue-rows.ts';
import { MarketState } from './market-state.ts';
import { PriceSimulator } from './price-simulator.ts';

const WEDNESDAY = Date.parse('2026-11-25T15:00:00Z'); // 10:00 in New York: every market open
const SATURDAY = Date.parse('2026-11-28T12:00:00Z');
const SYMBOLS = ['EURUSD', 'BTCUSD', 'AAPL', 'US500', 'USOIL', 'XAUUSD', 'QQQ'];

type Tick = [string, number, number, number];

function run(seed: number, start: number, stepMs: number, durationMs: number, symbols = SYMBOLS): Tick[] {
  const state = new MarketState(catalogueRows(symbols, new Date(start)), start);
  const sim = new PriceSimulator(state.instruments, { seed, start, prices: state.price });
  const ticks: Tick[] = [];
  for (let t = start + stepMs; t <= start + durationMs; t += stepMs) {
    sim.step(t, (i, price, volume, at) => ticks.push([state.instruments[i]!.symbol, price, volume, at]));
  }
  return ticks;
}

const bySymbolThenTime = (a: Tick, b: Tick) => a[0].localeCompare(b[0]) || a[3] - b[3];

describe('price simulator', () => {
  it('makes the same ticks for the same seed, however often it is stepped', () => {
    const coarse = run(42, WEDNESDAY, 1000, 60_000);
    const fine = run(42, WEDNESDAY, 37, 60_000);
    expect(coarse.length).toBeGreaterThan(100);
    expect([...fine].sort(bySymbolThenTime)).toEqual([...coarse].sort(bySymbolThenTime));
    expect(run(42, WEDNESDAY, 1000, 60_000)).toEqual(coarse);
  });

  it('makes different ticks for another seed', () => {
    const a = run(1, WEDNESDAY, 500, 30_000).map((t) => t[1]);
    const b = run(2, WEDNESDAY, 500, 30_000).map((t) => t[1]);
    expect(a).not.toEqual(b);
  });

  it('keeps one instrument’s ticks independent of the others in the catalogue', () => {
    const alone = run(7, WEDNESDAY, 250, 30_000, ['EURUSD']);
    const together = run(7, WEDNESDAY, 250, 30_000).filter((t) => t[0] === 'EURUSD');
    expect(together).toEqual(alone);
  });

  it('ticks forex and crypto faster than stocks, and prices stay near their reference', () => {
    const ticks = run(3, WEDNESDAY, 1000, 10 * 60_000);
    const count = (s: string) => ticks.filter((t) => t[0] === s).length;
    expect(count('EURUSD')).toBeGreaterThan(2 * count('AAPL'));
    expect(count('BTCUSD')).toBeGreaterThan(2 * count('AAPL'));
    for (const [symbol, price] of ticks) {
      const ref = catalogueRows([symbol], new Date()).at(0)!.refPrice;
      expect(Math.abs(Math.log(price / ref))).toBeLessThan(0.1);
    }
  });

  it('makes no tick while a market is closed, and crypto ticks all weekend', () => {
    const ticks = run(5, SATURDAY, 1000, 4 * 3_600_000);
    expect(ticks.length).toBeGreaterThan(1000);
    expect(new Set(ticks.map((t) => t[0]))).toEqual(new Set(['BTCUSD']));
  });

  it('starts ticking when the market opens, never before', () => {
    const beforeOpen = Date.parse('2026-11-25T14:20:00Z'); // 09:20 in New York
    const ticks = run(9, beforeOpen, 1000, 20 * 60_000, ['AAPL', 'US500']);
    expect(ticks.length).toBeGreaterThan(0);
    for (const [symbol, , , at] of ticks) expect(isMarketOpen(symbol === 'AAPL' ? 'stocks' : 'indices', at)).toBe(true);
    expect(Math.min(...ticks.map((t) => t[3]))).toBeGreaterThanOrEqual(Date.parse('2026-11-25T14:30:00Z'));
  });

  it('rounds prices to the instrument’s digits and keeps volumes positive', () => {
    for (const [symbol, price, volume] of run(11, WEDNESDAY, 1000, 30_000)) {
      const digits = catalogueRows([symbol], new Date())[0]!.digits;
      expect(Math.round(price * 10 ** digits) / 10 ** digits).toBe(price);
      expect(volume).toBeGreaterThan(0);
    }
  });
});
