import { MAX_CANDLES, timeframeSeconds, type Candle, type Timeframe } from '@bourse/contract';
import { lastSessionOpen } from '@bourse/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { CandleAggregator, CandleRow } from './candle-aggregator.ts';
import { generatedBars } from './candle-history.ts';
import { lastHourBars, rangeCandles } from './candle.repository.ts';
import type { HourBar } from './day-stats.ts';
import type { Instrument } from './market-state.ts';

const DEFAULT_BARS = 500;

/**
 * Joins generated history (before the anchor) with recorded bars (after it). The one bucket that
 * straddles the anchor holds both: its open and the extremes come from both sides, its close from
 * the recorded part.
 */
export function mergeBars(generated: Candle[], recorded: Candle[]): Candle[] {
  if (!generated.length) return recorded;
  if (!recorded.length) return generated;
  const last = generated[generated.length - 1]!;
  const first = recorded[0]!;
  if (last.time !== first.time) return [...generated, ...recorded].sort((a, b) => a.time - b.time);
  const joined: Candle = {
    time: last.time,
    open: last.open,
    high: Math.max(last.high, first.high),
    low: Math.min(last.low, first.low),
    close: first.close,
    volume: last.volume + first.volume,
  };
  return [...generated.slice(0, -1), joined, ...recorded.slice(1)];
}

export type CandleRequest = { tf: Timeframe; from?: number; to?: number };

/**
 * Bars of one instrument for a chart: at most `MAX_CANDLES`, the latest of the range, oldest first.
 * Recorded bars come from the database and, on the worker node, the bar still in progress.
 */
export async function candlesOf(
  db: DbOrTx,
  inst: Instrument,
  seed: number,
  aggregator: CandleAggregator | null,
  req: CandleRequest,
  nowMs: number,
): Promise<Candle[]> {
  const size = timeframeSeconds[req.tf];
  // The latest bars of a closed market are those before it closed: a forex chart on a Saturday
  // shows Friday's trading, not the empty hours since.
  const latest = req.from === undefined && req.to === undefined;
  const to = req.to ?? Math.floor((latest ? lastSessionOpen(inst.session, nowMs) : nowMs) / 1000);
  let from = req.from ?? to - (DEFAULT_BARS - 1) * size;
  if ((to - from) / size >= MAX_CANDLES) from = to - (MAX_CANDLES - 1) * size;
  const firstBucket = Math.floor(from / size) * size;
  const anchor = Math.floor(inst.historyAnchor / 1000);
  const generated = firstBucket < anchor ? generatedBars(inst, seed, req.tf, firstBucket, to) : [];
  let recorded: Candle[] = [];
  if (to >= Math.floor(anchor / size) * size) {
    recorded = await rangeCandles(db, inst.id, req.tf, firstBucket, to);
    const live = aggregator?.current(inst.index, req.tf);
    if (live && live.time >= firstBucket && live.time <= to) {
      if (recorded.at(-1)?.time === live.time) recorded[recorded.length - 1] = live;
      else if (!recorded.length || recorded.at(-1)!.time < live.time) recorded.push(live);
    }
  }
  return mergeBars(generated, recorded).slice(-MAX_CANDLES).map((b) => rounded(b, inst.digits));
}

function rounded(b: Candle, digits: number): Candle {
  const f = 10 ** digits;
  const r = (v: number) => Math.round(v * f) / f;
  return { time: b.time, open: r(b.open), high: r(b.high), low: r(b.low), close: r(b.close), volume: Math.round(b.volume * 100) / 100 };
}

const DAY_WINDOW_SEC = 7 * 86_400;

/**
 * Where instruments' 24h figures start: their last 24 hourly bars, recorded ones topped up with
 * generated history before the anchor, so figures are meaningful from the first request.
 */
export async function dayFiguresSource(db: DbOrTx, seed: number): Promise<(inst: Instrument) => HourBar[]> {
  const recorded = new Map<number, CandleRow[]>();
  for (const row of await lastHourBars(db, 24)) {
    const list = recorded.get(row.assetId);
    if (list) list.push(row);
    else recorded.set(row.assetId, [row]);
  }
  return (inst) => {
    const own = recorded.get(inst.id) ?? [];
    recorded.delete(inst.id);
    const anchor = Math.floor(inst.historyAnchor / 1000);
    const generated = own.length >= 24 ? [] : generatedBars(inst, seed, '1h', anchor - DAY_WINDOW_SEC, anchor, 24 - own.length);
    return mergeBars(generated, own).slice(-24);
  };
}
