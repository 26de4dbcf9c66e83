import { type Candle, type PriceFeedsConfig, type Timeframe, timeframes, timeframeSeconds } from '@bourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { type AssetRow, moveHistoryAnchorBack } from '../asset.repository.ts';
import type { CandleAggregator, CandleRow } from '../candle-aggregator.ts';
import { candlesSince, lastBarTimes, upsertCandles } from '../candle.repository.ts';
import { candlesOf } from '../candle.service.ts';
import type { MarketState } from '../market-state.ts';
import type { ExchangeName } from './exchange-adapter.ts';
import { OHLCV, type OhlcvApi } from './exchange-ohlcv.ts';

const MINUTE = 60;
const REQUEST_TIMEOUT_MS = 10_000;

/** Bars of `tf` from 1-minute bars, both oldest first: a bucket opens with its first minute and closes with its last. */
export function aggregateMinutes(minutes: readonly Candle[], tf: Timeframe): Candle[] {
  const size = timeframeSeconds[tf];
  const out: Candle[] = [];
  let bar: Candle | null = null;
  for (const m of minutes) {
    const time = Math.floor(m.time / size) * size;
    if (bar && bar.time === time) {
      bar.high = Math.max(bar.high, m.high);
      bar.low = Math.min(bar.low, m.low);
      bar.close = m.close;
      bar.volume += m.volume;
      continue;
    }
    bar = { time, open: m.open, high: m.high, low: m.low, close: m.close, volume: m.volume };
    out.push(bar);
  }
  return out;
}

/**
 * Where a backfill lies (unix seconds): the fetched minutes start at `from` and end before the live
 * ticks, which come from `liveFrom` on. Anything recorded before `from` came earlier.
 */
export type Stretch = { from: number; liveFrom: number };

const sameBar = (a: Candle, b: Candle) => a.time === b.time && a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;

/**
 * A bar recorded from ticks (saved, or held by the aggregator) joined with the backfilled bar of the
 * same bucket, the parts in time order: what was recorded before the stretch, the stretch, the live
 * ticks after it. The open comes from the earliest part, the close from the latest, extremes and
 * volume from all. `before` is the bar the aggregator had in progress for that timeframe when the
 * live sources started: a bar still equal to it got no live tick. Null for a recorded bar wholly
 * inside the stretch, which is never overwritten.
 */
export function joinBackfilled(recorded: Candle, backfilled: Candle, size: number, stretch: Stretch, before: Candle | null): Candle | null {
  const startedThen = before !== null && before.time === recorded.time;
  const hasLater = recorded.time + size > stretch.liveFrom && !(startedThen && sameBar(recorded, before));
  const hasEarlier = recorded.time < stretch.from && (!hasLater || startedThen);
  if (!hasEarlier && !hasLater) return null;
  return {
    time: recorded.time,
    open: hasEarlier ? recorded.open : backfilled.open,
    high: Math.max(recorded.high, backfilled.high),
    low: Math.min(recorded.low, backfilled.low),
    close: hasLater ? recorded.close : backfilled.close,
    volume: recorded.volume + backfilled.volume,
  };
}

export type FetchedMinutes = { bars: Candle[]; requests: number; problem?: string };

/**
 * An exchange's 1-minute bars of `symbol` in [fromSec, toSec), page after page. A failed request
 * ends it: the bars of the pages before are kept and `problem` tells what went wrong.
 */
export async function fetchMinuteBars(
  api: OhlcvApi,
  base: string,
  symbol: string,
  fromSec: number,
  toSec: number,
  opts: { fetch?: typeof fetch; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<FetchedMinutes> {
  const get = opts.fetch ?? fetch;
  const byTime = new Map<number, Candle>();
  const done = (problem?: string): FetchedMinutes => ({ bars: [...byTime.values()].sort((a, b) => a.time - b.time), requests, ...(problem ? { problem } : {}) });
  let requests = 0;
  for (let at = fromSec; at < toSec; ) {
    const { url, coversUntil } = api.request(base, symbol, at, toSec);
    requests++;
    let body: unknown;
    let status: number;
    try {
      const timeout = AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
      const res = await get(url, { signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout, headers: { accept: 'application/json', 'user-agent': 'bourse' } });
      status = res.status;
      body = await res.json().catch(() => undefined);
    } catch (error) {
      return done(`${url.origin}${url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const page = body === undefined ? { problem: 'not JSON' } : api.parse(body);
    if (status < 200 || status > 299) return done(`${url.origin}${url.pathname}: HTTP ${status}${'problem' in page ? `, ${page.problem}` : ''}`);
    if ('problem' in page) return done(`${url.origin}${url.pathname}: ${page.problem}`);
    for (const bar of page.bars) if (bar.time >= fromSec && bar.time < toSec) byTime.set(bar.time, bar);
    const next = Math.max(coversUntil, (page.bars.at(-1)?.time ?? -Infinity) + MINUTE);
    if (next <= at) break;
    at = next;
  }
  return done();
}

/** An instrument whose primary source is an exchange, and where to fetch its history. */
export type BackfillJob = { index: number; symbol: string; source: string; exchange: ExchangeName; exchangeSymbol: string; base: string; hours: number };

/** The instruments of a configuration to fill in, in its order: those whose primary source is an exchange with `backfill_hours` above 0. */
export function backfillJobs(config: PriceFeedsConfig, state: MarketState): BackfillJob[] {
  const sources = new Map(config.sources.map((s) => [s.name, s]));
  return Object.entries(config.instruments).flatMap(([symbol, feed]) => {
    const primary = feed.sources[0]!;
    const source = sources.get(primary.source);
    const inst = state.find(symbol);
    if (!inst || source?.kind !== 'exchange' || !(source.backfill_hours > 0)) return [];
    const base = source.rest_url ?? OHLCV[source.exchange].url;
    return [{ index: inst.index, symbol: inst.symbol, source: source.name, exchange: source.exchange, exchangeSymbol: primary.symbol, base, hours: source.backfill_hours }];
  });
}

/** What the backfill works on: the worker's market. */
export type BackfillHost = {
  db: DbOrTx;
  state: MarketState;
  aggregator: CandleAggregator;
  /** The market's seed, for the generated history before the anchor. */
  seed: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Runs `task` between two saves of the bars the aggregator holds, so no save overlaps it. */
  betweenSaves<T>(task: () => Promise<T>): Promise<T>;
  /** Saves the bars the aggregator holds, those in progress too. */
  persist(all: boolean): Promise<void>;
  /** An instrument's catalogue row changed: apply it here and tell the other nodes. */
  rowChanged(row: AssetRow): void;
};

export type BackfillResult = { symbol: string; requests: number; bars: number; from: number | null; anchorMoved: boolean; problem?: string };

/**
 * Fills in the recent 1-minute history of instruments priced from a crypto exchange, over the
 * exchange's public REST API, when the live sources start: from the end of the instrument's last
 * recorded bar (at most `backfill_hours` back) up to the minute the live ticks started in. The
 * minutes are aggregated into every timeframe the product keeps; a bucket that already has a bar
 * recorded from ticks is joined with the fetched part only where the two meet (the bucket the gap
 * starts in, the bucket in progress), never overwritten. Where the fetched history starts before
 * the instrument's history anchor, the anchor moves back to it, so charts show real bars from
 * there on instead of generated ones. Failures are logged and leave things as they were.
 *
 * Build it before the live sources start (it notes the bars in progress then) and `run()` it after.
 */
export class OhlcvBackfill {
  readonly jobs: BackfillJob[];
  private readonly host: BackfillHost;
  private readonly startedAt: number;
  /** Per instrument index, the aggregator's bar in progress per timeframe when the live sources started. */
  private readonly before = new Map<number, (Candle | null)[]>();
  /** Per instrument id, the start of its last 1-minute bar saved before the live sources started. */
  private readonly saved: Promise<Map<number, number>>;
  private readonly controller = new AbortController();
  private readonly fetch: typeof fetch | undefined;
  private readonly timeoutMs: number | undefined;
  private readonly filled: Set<number>;

  /**
   * `filled`: ids of the instruments filled in since the process started, shared by the fill-ins of
   * successive configurations (each runs after the one before): an instrument is filled in once.
   */
  constructor(host: BackfillHost, config: PriceFeedsConfig, opts: { now?: number; fetch?: typeof fetch; timeoutMs?: number; filled?: Set<number> } = {}) {
    this.host = host;
    this.startedAt = opts.now ?? Date.now();
    this.fetch = opts.fetch;
    this.timeoutMs = opts.timeoutMs;
    this.filled = opts.filled ?? new Set();
    this.jobs = backfillJobs(config, host.state);
    for (const job of this.jobs) this.before.set(job.index, timeframes.map((tf) => host.aggregator.current(job.index, tf)));
    // Asked now, ahead of any save of bars from live ticks, which must not count as recorded before them.
    this.saved = lastBarTimes(host.db, this.jobs.map((job) => host.state.instruments[job.index]!.id), '1m');
    this.saved.catch(() => {});
  }

  /** Stops fetching; an instrument being written is finished. */
  abort(): void {
    this.controller.abort();
  }

  /** Fills in each instrument in turn; never throws. */
  async run(): Promise<BackfillResult[]> {
    const results: BackfillResult[] = [];
    for (const job of this.jobs) {
      if (this.controller.signal.aborted) break;
      try {
        const result = await this.fill(job);
        if (result) results.push(result);
      } catch (error) {
        this.host.log.warn({ symbol: job.symbol, source: job.source, err: error instanceof Error ? error.message : String(error) }, 'exchange history not filled in');
      }
    }
    return results;
  }

  private async fill(job: BackfillJob): Promise<BackfillResult | null> {
    const { db, state, log } = this.host;
    const inst = state.instruments[job.index]!;
    // Done by the fill-in of an earlier configuration, after this one noted what was recorded.
    if (this.filled.has(inst.id)) return null;
    const liveFrom = this.startedAt / 1000;
    const until = Math.floor(liveFrom / MINUTE) * MINUTE;
    const lastMinute = Math.max((await this.saved).get(inst.id) ?? -Infinity, this.before.get(job.index)![0]?.time ?? -Infinity);
    const from = Math.max(lastMinute + MINUTE, until - Math.floor(job.hours * 60) * MINUTE);
    // Recorded up to the minute the live ticks started in: nothing to ask for.
    if (from >= until) return null;
    const fetched = await fetchMinuteBars(OHLCV[job.exchange], job.base, job.exchangeSymbol, from, until, { fetch: this.fetch, timeoutMs: this.timeoutMs, signal: this.controller.signal });
    const context = { symbol: job.symbol, source: job.source, exchange: job.exchange, from: new Date(from * 1000).toISOString(), to: new Date(until * 1000).toISOString() };
    if (fetched.problem) log.warn({ ...context, bars: fetched.bars.length, problem: fetched.problem }, 'exchange history not fully fetched');
    const result: BackfillResult = { symbol: job.symbol, requests: fetched.requests, bars: fetched.bars.length, from: fetched.bars[0]?.time ?? null, anchorMoved: false, problem: fetched.problem };
    if (!fetched.bars.length || this.controller.signal.aborted) return result;
    await this.host.betweenSaves(() => this.store(job, fetched.bars, { from, liveFrom }));
    this.filled.add(inst.id);
    await this.host.persist(true);
    const first = fetched.bars[0]!.time * 1000;
    if (first < state.instruments[job.index]!.historyAnchor) {
      const row = await moveHistoryAnchorBack(db, inst.id, new Date(first));
      if (row) this.host.rowChanged(row);
      result.anchorMoved = row !== null;
    }
    await this.reseedDay(job.index);
    log.info({ ...context, bars: fetched.bars.length, requests: fetched.requests, anchorMoved: result.anchorMoved }, 'exchange history filled in');
    return result;
  }

  /**
   * Writes the fetched minutes and their aggregates. A bucket the aggregator holds (in progress,
   * or finished and not saved yet) is joined there and saved with it; so is one newer than its bar
   * in progress, which becomes the bar in progress. Others are joined with what is saved and written.
   */
  private async store(job: BackfillJob, minutes: Candle[], stretch: Stretch): Promise<void> {
    const { db, aggregator, state } = this.host;
    const inst = state.instruments[job.index]!;
    const saved = new Map((await candlesSince(db, inst.id, Math.floor(stretch.from / 86_400) * 86_400)).map((r) => [`${r.tf}:${r.time}`, r]));
    const before = this.before.get(job.index)!;
    const rows: CandleRow[] = [];
    timeframes.forEach((tf, k) => {
      const size = timeframeSeconds[tf];
      for (const bar of aggregateMinutes(minutes, tf)) {
        const recorded = aggregator.held(job.index, tf, bar.time) ?? saved.get(`${tf}:${bar.time}`) ?? null;
        const joined = recorded ? joinBackfilled(recorded, bar, size, stretch, before[k] ?? null) : bar;
        if (!joined) continue;
        if (!aggregator.put(job.index, { ...joined, tf })) rows.push({ ...joined, tf, assetId: inst.id });
      }
    });
    await upsertCandles(db, rows);
  }

  /** The 24h figures from the hourly bars as charts now show them. */
  private async reseedDay(index: number): Promise<void> {
    const { db, state, aggregator, seed } = this.host;
    const now = Date.now();
    const bars = await candlesOf(db, state.instruments[index]!, seed, aggregator, { tf: '1h', from: Math.floor(now / 1000) - 23 * 3600 }, now);
    state.reseedDay(index, bars);
  }
}
