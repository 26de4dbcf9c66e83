import { timeframeSeconds, type Candle, type Timeframe } from '@bourse/contract';
import { isSessionOpen, type TradingSession } from '@bourse/domain';
import type { Instrument } from './market-state.ts';
import { profiles } from './price-simulator.ts';
import { hashString, nextUniform } from './prng.ts';

/** How far back generated history reaches before an instrument's anchor. */
export const HISTORY_DAYS = 30;
const MINUTES = HISTORY_DAYS * 24 * 60;
const SQRT3 = Math.sqrt(3);

const openMaps = new Map<string, Uint8Array>();

/** Which of the `MINUTES` minutes before `anchorMinute` the session is open (cached: instruments share anchors). */
function openMinutes(session: TradingSession, anchorMinute: number): Uint8Array {
  const key = `${session}:${anchorMinute}`;
  let map = openMaps.get(key);
  if (!map) {
    map = new Uint8Array(MINUTES);
    // Sessions change only on full and half hours: one answer per half hour fills 30 minutes.
    for (let k = 0; k < MINUTES; ) {
      const minute = anchorMinute - 1 - k;
      const run = (minute % 30) + 1;
      map.fill(isSessionOpen(session, minute * 60_000) ? 1 : 0, k, Math.min(MINUTES, k + run));
      k += run;
    }
    if (openMaps.size > 32) openMaps.delete(openMaps.keys().next().value!);
    openMaps.set(key, map);
  }
  return map;
}

/** Collects minute bars, met newest first, into buckets of one timeframe. */
class BackwardBuckets {
  readonly bars: Candle[] = [];
  private bar: Candle | null = null;
  private readonly size: number;
  private readonly maxBars: number;

  constructor(size: number, maxBars: number) {
    this.size = size;
    this.maxBars = maxBars;
  }

  /** Adds the minute starting at `minute`; false once `maxBars` buckets are complete. */
  add(minute: number, open: number, high: number, low: number, close: number, volume: number): boolean {
    const time = Math.floor((minute * 60) / this.size) * this.size;
    const bar = this.bar;
    if (bar && bar.time === time) {
      bar.open = open;
      if (high > bar.high) bar.high = high;
      if (low < bar.low) bar.low = low;
      bar.volume += volume;
      return true;
    }
    if (bar) this.bars.push(bar);
    if (this.bars.length >= this.maxBars) {
      this.bar = null;
      return false;
    }
    this.bar = { time, open, high, low, close, volume };
    return true;
  }

  /** The buckets oldest first, prices rounded to `digits`. */
  finish(digits: number): Candle[] {
    if (this.bar) this.bars.push(this.bar);
    this.bar = null;
    const f = 10 ** digits;
    const r = (v: number) => Math.round(v * f) / f;
    return this.bars.reverse().map((b) => ({ time: b.time, open: r(b.open), high: r(b.high), low: r(b.low), close: r(b.close), volume: Math.round(b.volume * 100) / 100 }));
  }
}

/**
 * Generated bars for the `HISTORY_DAYS` before the instrument's history anchor, so a chart is never
 * empty. A random walk backwards from the reference price at the anchor, minute by minute over open
 * minutes only, then bucketed into `tf`: deterministic for a seed, consistent across timeframes,
 * and it costs time in proportion to how far back `fromSec` reaches. `maxBars` stops the walk
 * once that many of the latest bars are complete.
 */
export function generatedBars(inst: Instrument, seed: number, tf: Timeframe, fromSec: number, toSec: number, maxBars = Infinity): Candle[] {
  const size = timeframeSeconds[tf];
  const anchorMinute = Math.floor(inst.historyAnchor / 60_000);
  const firstMinute = Math.max(anchorMinute - MINUTES, Math.floor(fromSec / size) * (size / 60));
  const lastMinute = Math.min(anchorMinute - 1, (Math.floor(toSec / size) + 1) * (size / 60) - 1);
  if (firstMinute > lastMinute) return [];
  const open = openMinutes(inst.session, anchorMinute);
  const profile = profiles[inst.category];
  const sigma = profile.hourlyVol / Math.sqrt(60);
  const perMinute = profile.notional * (60_000 / profile.intervalMs);
  const rng = new Uint32Array([hashString(`${inst.symbol}:history`, seed)]);
  const buckets = new BackwardBuckets(size, maxBars);
  let price = inst.refPrice;
  for (let minute = anchorMinute - 1; minute >= firstMinute; minute--) {
    if (!open[anchorMinute - 1 - minute]) continue;
    const close = price;
    // Irwin-Hall: four uniforms make a good enough normal, much cheaper than Box-Muller.
    const z = (nextUniform(rng, 0) + nextUniform(rng, 0) + nextUniform(rng, 0) + nextUniform(rng, 0) - 2) * SQRT3;
    price = close * Math.exp(-sigma * z);
    const wickUp = nextUniform(rng, 0) * sigma * 0.6;
    const wickDown = nextUniform(rng, 0) * sigma * 0.6;
    const volume = (perMinute / close) * (0.5 + nextUniform(rng, 0));
    if (minute > lastMinute) continue;
    const high = Math.max(price, close) * (1 + wickUp);
    const low = Math.min(price, close) * (1 - wickDown);
    if (!buckets.add(minute, price, high, low, close, volume)) break;
  }
  return buckets.finish(inst.digits);
}
