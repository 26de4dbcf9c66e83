/**
 * Technical indicators over a series of bars, for the chart, the robots and the backtester: one
 * definition of each. Every function returns a series as long as its input, `null` where the
 * indicator is not defined yet (its warm-up), so a value lines up with the bar it belongs to.
 * Moving averages and the RSI are stepped by the robots' incremental states (robots/indicators.ts),
 * so a robot and the chart never disagree. Conventions are the common ones (Wilder's smoothing for
 * RSI, ATR and ADX; EMAs seeded with the SMA; population standard deviation), checked in tests
 * against a maintained technical-analysis package on the same series.
 */
import { type MaType, maInit, maNext, rsiInit, rsiNext } from './robots/indicators.ts';

export type Series = (number | null)[];
export type Bars = { high: readonly number[]; low: readonly number[]; close: readonly number[]; volume?: readonly number[] };

/** A moving average over a series; a value the series does not have yet (null, a warm-up of its own) is skipped. */
function movingAverage(type: MaType, values: readonly (number | null)[], period: number): Series {
  checkPeriod(period);
  let state = maInit(type, period);
  return values.map((x) => {
    if (x === null) return null;
    state = maNext(state, x);
    return state.value;
  });
}

function checkPeriod(period: number): void {
  if (!(Number.isInteger(period) && period >= 1)) throw new RangeError(`An indicator period is a whole number from 1, not ${period}`);
}

/** Simple moving average. */
export function sma(values: readonly number[], period: number): Series {
  return movingAverage('sma', values, period);
}

/** Exponential moving average (k = 2 / (period + 1)), seeded with the SMA of the first `period` values. */
export function ema(values: readonly number[], period: number): Series {
  return movingAverage('ema', values, period);
}

/** Weighted moving average: the latest value weighs `period`, the oldest 1. */
export function wma(values: readonly number[], period: number): Series {
  checkPeriod(period);
  const weights = (period * (period + 1)) / 2;
  return values.map((_, i) => {
    if (i + 1 < period) return null;
    let sum = 0;
    for (let j = 0; j < period; j++) sum += values[i - j]! * (period - j);
    return sum / weights;
  });
}

/** Bollinger Bands: the SMA, and `deviations` population standard deviations either side. */
export function bollinger(values: readonly number[], period = 20, deviations = 2): { middle: Series; upper: Series; lower: Series } {
  const middle = sma(values, period);
  const upper: Series = [];
  const lower: Series = [];
  for (let i = 0; i < values.length; i++) {
    const mean = middle[i];
    if (mean === null || mean === undefined) {
      upper.push(null);
      lower.push(null);
      continue;
    }
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (values[j]! - mean) ** 2;
    const sd = Math.sqrt(squares / period);
    upper.push(mean + deviations * sd);
    lower.push(mean - deviations * sd);
  }
  return { middle, upper, lower };
}

/** Wilder's RSI, 0 to 100. */
export function rsi(values: readonly number[], period = 14): Series {
  checkPeriod(period);
  let state = rsiInit(period);
  return values.map((x) => {
    state = rsiNext(state, x);
    return state.value;
  });
}

/** MACD: fast EMA less slow EMA, its signal (an EMA of it) and the histogram (MACD less signal). */
export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): { macd: Series; signal: Series; histogram: Series } {
  const f = ema(values, fast);
  const s = ema(values, slow);
  const line: Series = values.map((_, i) => (f[i] === null || s[i] === null ? null : f[i]! - s[i]!));
  const sig = movingAverage('ema', line, signal);
  return { macd: line, signal: sig, histogram: line.map((m, i) => (m === null || sig[i] === null ? null : m - sig[i]!)) };
}

/** Stochastic oscillator: %K, where the close sits in the range of the last `period` bars (0 to 100), and %D, its SMA. */
export function stochastic(bars: Bars, period = 14, signal = 3): { k: Series; d: Series } {
  checkPeriod(period);
  const k: Series = bars.close.map((close, i) => {
    if (i + 1 < period) return null;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (let j = i - period + 1; j <= i; j++) {
      high = Math.max(high, bars.high[j]!);
      low = Math.min(low, bars.low[j]!);
    }
    return high === low ? 50 : ((close - low) / (high - low)) * 100;
  });
  return { k, d: movingAverage('sma', k, signal) };
}

/** True range of each bar from the second: the largest of its range and its distance from the close before. */
function trueRanges(bars: Bars): Series {
  return bars.close.map((_, i) => {
    if (i === 0) return null;
    const prev = bars.close[i - 1]!;
    return Math.max(bars.high[i]! - bars.low[i]!, Math.abs(bars.high[i]! - prev), Math.abs(bars.low[i]! - prev));
  });
}

/** Wilder's smoothing (an average with weight 1/period), seeded with the plain average of the first `period` values. */
function wilder(values: Series, period: number): Series {
  let count = 0;
  let sum = 0;
  let value: number | null = null;
  return values.map((x) => {
    if (x === null) return null;
    count++;
    if (count < period) {
      sum += x;
      return null;
    }
    value = count === period ? (sum + x) / period : value! + (x - value!) / period;
    return value;
  });
}

/** Average true range (Wilder). */
export function atr(bars: Bars, period = 14): Series {
  checkPeriod(period);
  return wilder(trueRanges(bars), period);
}

/** Average directional index with the +DI and −DI it comes from (Wilder). */
export function adx(bars: Bars, period = 14): { adx: Series; plusDi: Series; minusDi: Series } {
  checkPeriod(period);
  const tr = trueRanges(bars);
  const plusDm: Series = bars.high.map((h, i) => {
    if (i === 0) return null;
    const up = h - bars.high[i - 1]!;
    const down = bars.low[i - 1]! - bars.low[i]!;
    return up > down && up > 0 ? up : 0;
  });
  const minusDm: Series = bars.low.map((l, i) => {
    if (i === 0) return null;
    const up = bars.high[i]! - bars.high[i - 1]!;
    const down = bars.low[i - 1]! - l;
    return down > up && down > 0 ? down : 0;
  });
  const [str, spdm, smdm] = [wilder(tr, period), wilder(plusDm, period), wilder(minusDm, period)];
  const plusDi: Series = str.map((t, i) => (t === null || t === 0 ? null : (100 * spdm[i]!) / t));
  const minusDi: Series = str.map((t, i) => (t === null || t === 0 ? null : (100 * smdm[i]!) / t));
  const dx: Series = plusDi.map((p, i) => {
    const m = minusDi[i];
    if (p === null || m === null || m === undefined) return null;
    return p + m === 0 ? 0 : (100 * Math.abs(p - m)) / (p + m);
  });
  return { adx: wilder(dx, period), plusDi, minusDi };
}

/** Commodity channel index: the typical price's distance from its SMA, over 0.015 times its mean deviation. */
export function cci(bars: Bars, period = 20): Series {
  checkPeriod(period);
  const typical = bars.close.map((c, i) => (bars.high[i]! + bars.low[i]! + c) / 3);
  const mean = sma(typical, period);
  return typical.map((tp, i) => {
    const m = mean[i];
    if (m === null || m === undefined) return null;
    let deviation = 0;
    for (let j = i - period + 1; j <= i; j++) deviation += Math.abs(typical[j]! - m);
    deviation /= period;
    return deviation === 0 ? 0 : (tp - m) / (0.015 * deviation);
  });
}

/** Volume-weighted average price from the first bar on: Σ typical price × volume / Σ volume. */
export function vwap(bars: Bars): Series {
  const volume = bars.volume;
  if (!volume) return bars.close.map(() => null);
  let pv = 0;
  let vol = 0;
  return bars.close.map((c, i) => {
    pv += ((bars.high[i]! + bars.low[i]! + c) / 3) * volume[i]!;
    vol += volume[i]!;
    return vol === 0 ? null : pv / vol;
  });
}

/**
 * Parabolic SAR (Wilder): a stop that follows the trend, accelerating by `step` with each new
 * extreme up to `max`, and flips to the other side when the price crosses it.
 */
export function psar(bars: Pick<Bars, 'high' | 'low'>, step = 0.02, max = 0.2): Series {
  const n = bars.high.length;
  const out: Series = new Array(n).fill(null);
  if (n === 0) return out;
  let up = true;
  let af = step;
  let extreme = bars.high[0]!;
  let sar = bars.low[0]!;
  out[0] = sar;
  for (let i = 1; i < n; i++) {
    const high = bars.high[i]!;
    const low = bars.low[i]!;
    // Never inside the two bars before: the previous one and the one before it (the first bar twice at the start).
    const [before, twoBefore] = [i - 1, Math.max(i - 2, 0)];
    sar = sar + af * (extreme - sar);
    if (up) {
      sar = Math.min(sar, bars.low[twoBefore]!, bars.low[before]!);
      if (high > extreme) {
        extreme = high;
        af = Math.min(af + step, max);
      }
    } else {
      sar = Math.max(sar, bars.high[twoBefore]!, bars.high[before]!);
      if (low < extreme) {
        extreme = low;
        af = Math.min(af + step, max);
      }
    }
    if ((up && low < sar) || (!up && high > sar)) {
      af = step;
      sar = extreme;
      up = !up;
      extreme = up ? high : low;
    }
    out[i] = sar;
  }
  return out;
}

/**
 * Ichimoku cloud, each line on the bar it is computed at: conversion (tenkan) and base (kijun) lines
 * are midpoints of the highest high and lowest low of their periods; span A is their midpoint and
 * span B the midpoint of the `spanPeriod` range, both drawn `displacement` bars ahead on a chart;
 * the lagging span is the close drawn `displacement` bars back.
 */
export function ichimoku(bars: Pick<Bars, 'high' | 'low' | 'close'>, conversionPeriod = 9, basePeriod = 26, spanPeriod = 52): { conversion: Series; base: Series; spanA: Series; spanB: Series } {
  const mid = (period: number): Series =>
    bars.high.map((_, i) => {
      if (i + 1 < period) return null;
      let high = Number.NEGATIVE_INFINITY;
      let low = Number.POSITIVE_INFINITY;
      for (let j = i - period + 1; j <= i; j++) {
        high = Math.max(high, bars.high[j]!);
        low = Math.min(low, bars.low[j]!);
      }
      return (high + low) / 2;
    });
  const conversion = mid(conversionPeriod);
  const base = mid(basePeriod);
  const spanA = conversion.map((c, i) => (c === null || base[i] === null ? null : (c + base[i]!) / 2));
  return { conversion, base, spanA, spanB: mid(spanPeriod) };
}
