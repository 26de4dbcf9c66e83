import { timeframeSeconds, type Candle, type Timeframe } from '@bourse/contract';
import { generatedBars, HISTORY_DAYS } from '../market/candle-history.ts';
import { mergeBars } from '../market/candle.service.ts';
import type { Instrument } from '../market/instrument.ts';

const CHUNK_MS = HISTORY_DAYS * 86_400_000;
/** Chunks of generated history a backtest may use: enough for the longest range (366 days) back from now. */
const CHUNKS = 13;

/** The earliest moment (ms) a backtest of `inst` finds prices for. */
export const historyStart = (inst: Instrument) => inst.historyAnchor - CHUNKS * CHUNK_MS;

/** What a worker needs to rebuild an instrument's generated history for a range. */
export type HistorySpec = { inst: Instrument; seed: number; tf: Timeframe; from: number; to: number };

/**
 * Generated bars for `from`..`to` (unix seconds). The most recent `HISTORY_DAYS` before the anchor
 * are exactly the market's own history (the chart's). Older ranges continue the same random walk
 * backwards in further chunks of `HISTORY_DAYS`, each starting from the price its newer neighbour
 * began at and drawn from its own seed, so a backtest may reach back a year and stays
 * reproducible.
 */
export function extendedHistory({ inst, seed, tf, from, to }: HistorySpec): Candle[] {
  const fromMs = from * 1000;
  let merged: Candle[] = [];
  let anchor = inst.historyAnchor;
  let refPrice = inst.refPrice;
  for (let k = 0; k < CHUNKS && fromMs < anchor; k++) {
    const chunkStart = anchor - CHUNK_MS;
    const needFull = fromMs < chunkStart;
    // The whole chunk when an older one follows (its first price starts that one), not cut at `to`.
    const chunk = generatedBars({ ...inst, historyAnchor: anchor, refPrice }, seed + k, tf, needFull ? Math.floor(chunkStart / 1000) : from, Math.floor(anchor / 1000));
    const inRange = chunk.filter((b) => b.time + timeframeSeconds[tf] > from && b.time <= to);
    merged = mergeBars(inRange, merged);
    if (!chunk.length) break;
    refPrice = chunk[0]!.open;
    anchor = chunkStart;
  }
  return merged;
}

/**
 * The bars a run uses: generated history joined with the recorded candles, cut to the range and
 * to closed bars (`last` is the newest bar start allowed).
 */
export function runBars(spec: HistorySpec, recorded: Candle[], last: number): Candle[] {
  const size = timeframeSeconds[spec.tf];
  const first = spec.from - (spec.from % size);
  return mergeBars(extendedHistory(spec), recorded).filter((b) => b.time >= first && b.time <= last);
}

/** Why a range has no bars, in the customer's words. */
export function noHistoryMessage(inst: Instrument): string {
  return `There is no price history for ${inst.symbolDisplay} in this range. History starts on ${new Date(historyStart(inst)).toISOString().slice(0, 10)}.`;
}
