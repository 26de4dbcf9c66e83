import type { Candle } from '@bourse/contract';

/** A bar as the chart draws it (time in UTC seconds). */
export type Bar = Pick<Candle, 'time' | 'open' | 'high' | 'low' | 'close'>;

/**
 * Folds a live price into the last bar of a `tfSeconds` timeframe: the same bucket widens the bar,
 * a later bucket opens a new one at the previous close, an older tick is ignored (null).
 */
export function foldTick(last: Bar | null, price: number, tsMs: number, tfSeconds: number): Bar | null {
  const bucket = Math.floor(tsMs / 1000 / tfSeconds) * tfSeconds;
  if (!last) return { time: bucket, open: price, high: price, low: price, close: price };
  if (bucket < last.time) return null;
  if (bucket === last.time) return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
  return { time: bucket, open: last.close, high: Math.max(last.close, price), low: Math.min(last.close, price), close: price };
}
