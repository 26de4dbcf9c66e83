/**
 * What the trading room's chart draws from an instrument's bars besides the bars themselves:
 * Heikin-Ashi bars, and another instrument's closes rebased to percent change from a bar of the
 * chart so both can be compared on one scale.
 */

/** One bar: its UTC time in seconds and its prices. */
export type OhlcBar = { time: number; open: number; high: number; low: number; close: number };
/** One value of a series at a bar's time. */
export type TimedValue = { time: number; value: number };

/**
 * The Heikin-Ashi bar after `prev` (the previous Heikin-Ashi bar, null for the first): close the
 * mean of the bar's four prices, open the midpoint of the previous Heikin-Ashi open and close (of
 * the bar's own open and close for the first), high and low the bar's own stretched to include them.
 */
export function heikinAshiNext(prev: OhlcBar | null, bar: OhlcBar): OhlcBar {
  const close = (bar.open + bar.high + bar.low + bar.close) / 4;
  const open = prev ? (prev.open + prev.close) / 2 : (bar.open + bar.close) / 2;
  return { time: bar.time, open, high: Math.max(bar.high, open, close), low: Math.min(bar.low, open, close), close };
}

/** The Heikin-Ashi bars of `bars` (oldest first), one for each. */
export function heikinAshi(bars: readonly OhlcBar[]): OhlcBar[] {
  const out: OhlcBar[] = [];
  let prev: OhlcBar | null = null;
  for (const bar of bars) {
    prev = heikinAshiNext(prev, bar);
    out.push(prev);
  }
  return out;
}

/** How far `value` is from `base`, in percent of `base` (+1.5 for 1.5 % above). */
export function percentChange(value: number, base: number): number {
  if (!(base > 0)) throw new RangeError(`A percent change is measured from a positive price, not ${base}`);
  return (value / base - 1) * 100;
}

/** The value of `points` (oldest first) at `time`: the last one at or before it, null before the first. */
export function valueAt(points: readonly TimedValue[], time: number): number | null {
  let lo = 0;
  let hi = points.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.time <= time) {
      found = points[mid]!.value;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Another instrument's closes (`points`, oldest first) rebased to percent change from `baseTime`,
 * on the chart's own bar `times`: at each time the other instrument's last value at or before it
 * (a bar it lacks repeats its last close, so its line has no hole where the two trade at
 * different hours), none before its first. The base is its value at `baseTime`, or its first
 * value when it starts later; with no value at all the result is empty.
 */
export function rebasedPercent(points: readonly TimedValue[], times: readonly number[], baseTime: number): TimedValue[] {
  const base = valueAt(points, baseTime) ?? points.find((p) => p.time > baseTime)?.value;
  if (base === undefined) return [];
  const out: TimedValue[] = [];
  for (const time of times) {
    const value = valueAt(points, time);
    if (value !== null) out.push({ time, value: percentChange(value, base) });
  }
  return out;
}

/** The price that is `percent` away from `base`: the inverse of percentChange. */
export function priceAtPercent(percent: number, base: number): number {
  return base * (1 + percent / 100);
}
