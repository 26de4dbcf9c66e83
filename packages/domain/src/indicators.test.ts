import { describe, expect, it } from 'vitest';
import { ADX, ATR, BollingerBands, CCI, EMA, IchimokuCloud, MACD, PSAR, RSI, SMA, Stochastic, VWAP, WMA } from 'technicalindicators';
import { adx, atr, bollinger, cci, ema, ichimoku, macd, psar, rsi, type Series, sma, stochastic, vwap, wma } from './indicators.ts';

// Each indicator against technicalindicators (a maintained package, the reference here) on the same
// 400 bars of a seeded random walk. The reference leaves out the warm-up; ours keeps each value on
// its bar with null before, so the two are compared from the end.
function walk(count: number, seed = 7) {
  let s = seed;
  const random = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  const high: number[] = [];
  const low: number[] = [];
  const close: number[] = [];
  const volume: number[] = [];
  let price = 100;
  for (let i = 0; i < count; i++) {
    const open = price;
    price = Math.max(1, price + (random() - 0.5) * 2);
    high.push(Math.max(open, price) + random());
    low.push(Math.min(open, price) - random());
    close.push(price);
    volume.push(Math.round(100 + random() * 1000));
  }
  return { high, low, close, volume };
}
const bars = walk(400);

/**
 * Ours and the reference agree on every bar the reference has (aligned at the end), within
 * `tolerance` of the value (or `absolute`, for a reference that rounds), and ours has no value
 * before it unless `earlier` (lines the reference holds back until another is ready).
 */
function same(ours: Series, reference: (number | undefined)[], opts: { tolerance?: number; absolute?: number; earlier?: boolean } = {}) {
  const tolerance = opts.tolerance ?? 1e-9;
  const offset = ours.length - reference.length;
  expect(offset).toBeGreaterThanOrEqual(0);
  let compared = 0;
  for (let i = 0; i < reference.length; i++) {
    const want = reference[i];
    const got = ours[offset + i];
    if (want === undefined) continue;
    expect(got, `bar ${offset + i}`).not.toBeNull();
    expect(Math.abs(got! - want), `bar ${offset + i}: ${got} vs ${want}`).toBeLessThanOrEqual(opts.absolute ?? tolerance * Math.max(1, Math.abs(want)));
    compared++;
  }
  expect(compared).toBeGreaterThan(reference.length * 0.8);
  if (!opts.earlier) for (let i = 0; i < offset; i++) expect(ours[i], `warm-up bar ${i}`).toBeNull();
}

describe('indicators against technicalindicators', () => {
  it('moving averages: SMA, EMA, WMA', () => {
    same(sma(bars.close, 20), SMA.calculate({ period: 20, values: bars.close }));
    same(ema(bars.close, 20), EMA.calculate({ period: 20, values: bars.close }));
    same(wma(bars.close, 20), WMA.calculate({ period: 20, values: bars.close }));
  });

  it('Bollinger Bands', () => {
    const ours = bollinger(bars.close, 20, 2);
    const ref = BollingerBands.calculate({ period: 20, stdDev: 2, values: bars.close });
    same(ours.middle, ref.map((r) => r.middle));
    same(ours.upper, ref.map((r) => r.upper));
    same(ours.lower, ref.map((r) => r.lower));
  });

  it('RSI and MACD', () => {
    // The reference rounds its RSI to two decimals.
    same(rsi(bars.close, 14), RSI.calculate({ period: 14, values: bars.close }), { absolute: 0.005 });
    const ours = macd(bars.close, 12, 26, 9);
    const ref = MACD.calculate({ values: bars.close, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false });
    same(ours.macd, ref.map((r) => r.MACD));
    same(ours.signal, ref.map((r) => r.signal));
    same(ours.histogram, ref.map((r) => r.histogram));
  });

  it('Stochastic, ATR, ADX and CCI', () => {
    const stoch = stochastic(bars, 14, 3);
    const ref = Stochastic.calculate({ ...bars, period: 14, signalPeriod: 3 });
    same(stoch.k, ref.map((r) => r.k));
    same(stoch.d, ref.map((r) => r.d));
    same(atr(bars, 14), ATR.calculate({ ...bars, period: 14 }));
    const dmi = adx(bars, 14);
    const adxRef = ADX.calculate({ ...bars, period: 14 });
    same(dmi.adx, adxRef.map((r) => r.adx));
    // The directional indicators are ready a period before the ADX; the reference shows them from the ADX on.
    same(dmi.plusDi, adxRef.map((r) => r.pdi), { earlier: true });
    same(dmi.minusDi, adxRef.map((r) => r.mdi), { earlier: true });
    same(cci(bars, 20), CCI.calculate({ ...bars, period: 20 }));
  });

  it('VWAP, Parabolic SAR and the Ichimoku lines', () => {
    same(vwap(bars), VWAP.calculate(bars));
    same(psar(bars, 0.02, 0.2), PSAR.calculate({ high: bars.high, low: bars.low, step: 0.02, max: 0.2 }));
    const cloud = ichimoku(bars, 9, 26, 52);
    const ref = IchimokuCloud.calculate({ high: bars.high, low: bars.low, conversionPeriod: 9, basePeriod: 26, spanPeriod: 52, displacement: 26 });
    // The reference starts every line once the longest (span B) is ready.
    same(cloud.conversion, ref.map((r) => r.conversion), { earlier: true });
    same(cloud.base, ref.map((r) => r.base), { earlier: true });
    same(cloud.spanA, ref.map((r) => r.spanA), { earlier: true });
    same(cloud.spanB, ref.map((r) => r.spanB));
  });

  it('refuses a period that is not a whole number from 1', () => {
    expect(() => sma([1, 2, 3], 0)).toThrow(RangeError);
    expect(() => rsi([1, 2, 3], 2.5)).toThrow(RangeError);
    expect(vwap({ ...bars, volume: undefined }).every((v) => v === null)).toBe(true);
  });
});
