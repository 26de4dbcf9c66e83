import { timeframeSeconds, type Candle, type Timeframe } from '@bourse/contract';
import { isSessionOpen, type TradingSession } from '@bourse/domain';
import type { Instrument } from './market-state.ts';
import { profiles } from './price-simulator.ts';
import { hashString, nextUniform } from './prng.ts';

/** How far back generated history reaches before an instrument's anchor. */
export const HISTORY_DAYS = 30;
const MINUTES = HISTORY_DAYS * 24 * 60;
/** How far back hour-step history reaches, for charts of an hour and longer. */
export const LONG_HISTORY_DAYS = 730;
const LONG_MINUTES = LONG_HISTORY_DAYS * 24 * 60;
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

/** The walk's state, carried from the minute steps to the hour steps before them. */
type Walk = { price: number; buckets: BackwardBuckets };

/**
 * Generated bars before the instrument's history anchor, so a chart is never empty: minute by
 * minute for the `HISTORY_DAYS` before it and, for charts of an hour and longer (a daily chart
 * wants years, not weeks), hour by hour for the `LONG_HISTORY_DAYS` before it. A random walk
 * backwards from the reference price at the anchor, over open times only, bucketed into `tf`:
 * deterministic for a seed, consistent across timeframes, and it costs time in proportion to how
 * far back `fromSec` reaches. `maxBars` stops the walk once that many of the latest bars are complete.
 */
export function generatedBars(inst: Instrument, seed: number, tf: Timeframe, fromSec: number, toSec: number, maxBars = Infinity): Candle[] {
  const size = timeframeSeconds[tf];
  const anchorMinute = Math.floor(inst.historyAnchor / 60_000);
  const horizon = size >= 3600 ? LONG_MINUTES : MINUTES;
  const firstMinute = Math.max(anchorMinute - horizon, Math.floor(fromSec / size) * (size / 60));
  const lastMinute = Math.min(anchorMinute - 1, (Math.floor(toSec / size) + 1) * (size / 60) - 1);
  if (firstMinute > lastMinute) return [];
  const walk: Walk = { price: inst.refPrice, buckets: new BackwardBuckets(size, maxBars) };
  const boundary = anchorMinute - MINUTES;
  const more = minuteSteps(inst, seed, walk, anchorMinute, Math.max(firstMinute, boundary), lastMinute);
  if (more && firstMinute < boundary) hourSteps(inst, seed, walk, boundary, firstMinute, lastMinute);
  return walk.buckets.finish(inst.digits);
}

/** The minutes from `anchorMinute` back to `firstMinute`; false once the buckets are full. */
function minuteSteps(inst: Instrument, seed: number, walk: Walk, anchorMinute: number, firstMinute: number, lastMinute: number): boolean {
  const open = openMinutes(inst.session, anchorMinute);
  const profile = profiles[inst.category];
  const sigma = profile.hourlyVol / Math.sqrt(60);
  const perMinute = profile.notional * (60_000 / profile.intervalMs);
  const rng = new Uint32Array([hashString(`${inst.symbol}:history`, seed)]);
  for (let minute = anchorMinute - 1; minute >= firstMinute; minute--) {
    if (!open[anchorMinute - 1 - minute]) continue;
    const close = walk.price;
    // Irwin-Hall: four uniforms make a good enough normal, much cheaper than Box-Muller.
    const z = (nextUniform(rng, 0) + nextUniform(rng, 0) + nextUniform(rng, 0) + nextUniform(rng, 0) - 2) * SQRT3;
    walk.price = close * Math.exp(-sigma * z);
    const wickUp = nextUniform(rng, 0) * sigma * 0.6;
    const wickDown = nextUniform(rng, 0) * sigma * 0.6;
    const volume = (perMinute / close) * (0.5 + nextUniform(rng, 0));
    if (minute > lastMinute) continue;
    const high = Math.max(walk.price, close) * (1 + wickUp);
    const low = Math.min(walk.price, close) * (1 - wickDown);
    if (!walk.buckets.add(minute, walk.price, high, low, close, volume)) return false;
  }
  return true;
}

/**
 * The hours before the minute history, back to `firstMinute` (hour-aligned): one step per hour in
 * which the session is open, its own seeded stream so it does not depend on the minutes walked.
 * The first step ends at `endMinute` and may be part of an hour, the rest of which the minutes hold.
 */
function hourSteps(inst: Instrument, seed: number, walk: Walk, endMinute: number, firstMinute: number, lastMinute: number): void {
  const profile = profiles[inst.category];
  const perMinute = profile.notional * (60_000 / profile.intervalMs);
  const rng = new Uint32Array([hashString(`${inst.symbol}:history-hours`, seed)]);
  for (let end = endMinute; end > firstMinute; ) {
    const start = Math.floor((end - 1) / 60) * 60;
    const minutes = end - start;
    end = start;
    // Sessions open and close on full and half hours.
    if (!isSessionOpen(inst.session, start * 60_000) && !isSessionOpen(inst.session, (start + 30) * 60_000)) continue;
    const sigma = profile.hourlyVol * Math.sqrt(minutes / 60);
    const close = walk.price;
    const z = (nextUniform(rng, 0) + nextUniform(rng, 0) + nextUniform(rng, 0) + nextUniform(rng, 0) - 2) * SQRT3;
    walk.price = close * Math.exp(-sigma * z);
    const high = Math.max(walk.price, close) * (1 + nextUniform(rng, 0) * sigma * 0.8);
    const low = Math.min(walk.price, close) * (1 - nextUniform(rng, 0) * sigma * 0.8);
    const volume = ((perMinute * minutes) / close) * (0.5 + nextUniform(rng, 0));
    if (start > lastMinute) continue;
    if (!walk.buckets.add(start, walk.price, high, low, close, volume)) return;
  }
}
