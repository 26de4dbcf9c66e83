/** One minute of trading as the exchanges' candle endpoints tell it; `time` is its start (unix seconds). */
export type MinuteBar = { time: number; open: number; high: number; low: number; close: number; volume: number; trades: number };

/** 32-bit FNV-1a of a string. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A uniform number in [0, 1) from a seed and a minute: the same pair always gives the same number. */
function uniform(seed: number, minute: number, salt: number): number {
  let h = (seed ^ Math.imul(minute, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** Decimals the exchange quotes a price of this size in. */
export const priceDecimals = (price: number) => (price >= 10 ? 2 : price >= 0.1 ? 4 : 8);

/**
 * Made-up but plausible 1-minute bars of a symbol trading near `reference`, for every minute from
 * `fromSec` to `toSec` (both bar starts, unix seconds): a slow daily swing, a faster wobble and a
 * little noise, each bar opening where the one before closed. A bar depends on its minute alone, so
 * whichever range is asked for, the same minute always gets the same bar.
 */
export function minuteBars(symbol: string, reference: number, fromSec: number, toSec: number): MinuteBar[] {
  const seed = fnv(symbol);
  const f = 10 ** priceDecimals(reference);
  const round = (v: number) => Math.round(v * f) / f;
  const priceAt = (minute: number) =>
    round(reference * (1 + 0.01 * Math.sin((2 * Math.PI * minute) / 1440) + 0.003 * Math.sin((2 * Math.PI * minute) / 97) + 0.001 * (uniform(seed, minute, 1) - 0.5)));
  const bars: MinuteBar[] = [];
  for (let minute = Math.ceil(fromSec / 60); minute <= Math.floor(toSec / 60); minute++) {
    const open = priceAt(minute);
    const close = priceAt(minute + 1);
    const high = round(Math.max(open, close) * (1 + 0.0006 * uniform(seed, minute, 2)));
    const low = round(Math.min(open, close) * (1 - 0.0006 * uniform(seed, minute, 3)));
    const volume = Math.round((0.5 + 20 * uniform(seed, minute, 4)) * 1e4) / 1e4;
    bars.push({ time: minute * 60, open, high, low, close, volume, trades: 5 + Math.floor(200 * uniform(seed, minute, 5)) });
  }
  return bars;
}
