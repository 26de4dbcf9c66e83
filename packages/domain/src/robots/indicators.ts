/**
 * Incremental indicators. Each keeps a small JSON-serialisable state and returns a new one per
 * value (never mutating the old), so strategies stay pure and their state can be persisted.
 */

/** A fixed-size window of the latest values, kept as a ring. */
export type RollingWindow = { values: number[]; next: number; size: number };

/** An empty window of `size` values. */
export function windowInit(size: number): RollingWindow {
  return { values: [], next: 0, size };
}

/** The window with `value` added (the oldest dropped once full); O(size). */
export function windowPush(w: RollingWindow, value: number): RollingWindow {
  const values = w.values.slice();
  if (values.length < w.size) {
    values.push(value);
    return { values, next: values.length % w.size, size: w.size };
  }
  values[w.next] = value;
  return { values, next: (w.next + 1) % w.size, size: w.size };
}

/** True once the window holds `size` values. */
export function windowFull(w: RollingWindow): boolean {
  return w.values.length >= w.size;
}

/** Highest value in the window (-Infinity when empty). */
export function windowMax(w: RollingWindow): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of w.values) if (v > max) max = v;
  return max;
}

/** Lowest value in the window (Infinity when empty). */
export function windowMin(w: RollingWindow): number {
  let min = Number.POSITIVE_INFINITY;
  for (const v of w.values) if (v < min) min = v;
  return min;
}

/** Moving average kinds. */
export type MaType = 'sma' | 'ema';

/** State of a simple or exponential moving average; `value` is null until `period` values arrived. */
export type MaState = { type: MaType; period: number; count: number; value: number | null; sum: number; window: RollingWindow | null };

/** A fresh moving average. */
export function maInit(type: MaType, period: number): MaState {
  return { type, period, count: 0, value: null, sum: 0, window: type === 'sma' ? windowInit(period) : null };
}

/** The average after `x`. SMA costs O(period) (window copy), EMA O(1); EMA is seeded with the SMA. */
export function maNext(s: MaState, x: number): MaState {
  const count = s.count + 1;
  if (s.type === 'ema') {
    if (count < s.period) return { ...s, count, sum: s.sum + x };
    if (count === s.period) return { ...s, count, sum: s.sum + x, value: (s.sum + x) / s.period };
    const k = 2 / (s.period + 1);
    return { ...s, count, value: x * k + (s.value as number) * (1 - k) };
  }
  const w = s.window as RollingWindow;
  const dropped = windowFull(w) ? w.values[w.next] : 0;
  const window = windowPush(w, x);
  const sum = s.sum + x - dropped;
  return { ...s, count, sum, window, value: windowFull(window) ? sum / s.period : null };
}

/** State of Wilder's RSI; `value` is null until `period` changes were seen. */
export type RsiState = { period: number; prev: number | null; count: number; avgGain: number; avgLoss: number; value: number | null };

/** A fresh RSI. */
export function rsiInit(period: number): RsiState {
  return { period, prev: null, count: 0, avgGain: 0, avgLoss: 0, value: null };
}

/** RSI after close `x`: the first `period` changes seed plain averages, then Wilder smoothing. */
export function rsiNext(s: RsiState, x: number): RsiState {
  if (s.prev === null) return { ...s, prev: x };
  const change = x - s.prev;
  const gain = Math.max(change, 0);
  const loss = Math.max(-change, 0);
  const count = s.count + 1;
  const p = s.period;
  const seeding = count <= p;
  const avgGain = seeding ? s.avgGain + (gain - s.avgGain) / count : (s.avgGain * (p - 1) + gain) / p;
  const avgLoss = seeding ? s.avgLoss + (loss - s.avgLoss) / count : (s.avgLoss * (p - 1) + loss) / p;
  const value = count < p ? null : rsiFrom(avgGain, avgLoss);
  return { period: p, prev: x, count, avgGain, avgLoss, value };
}

function rsiFrom(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}

/** Donchian channel over the bars before the current one. */
export type DonchianState = { highs: RollingWindow; lows: RollingWindow };

/** A fresh channel of `period` bars. */
export function donchianInit(period: number): DonchianState {
  return { highs: windowInit(period), lows: windowInit(period) };
}

/** The channel with one more bar. */
export function donchianNext(s: DonchianState, high: number, low: number): DonchianState {
  return { highs: windowPush(s.highs, high), lows: windowPush(s.lows, low) };
}

/** Upper and lower band, or null until the channel holds `period` bars. */
export function donchianBands(s: DonchianState): { upper: number; lower: number } | null {
  if (!windowFull(s.highs)) return null;
  return { upper: windowMax(s.highs), lower: windowMin(s.lows) };
}
