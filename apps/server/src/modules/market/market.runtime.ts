import { unwatchFile, watchFile } from 'node:fs';
import path from 'node:path';
import { gzip, gzipSync } from 'node:zlib';
import { timeframes, type PackedPriceUpdate, type PriceFeedsConfig } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { PriceSocket } from '../../realtime/price-socket.ts';
import { listAssets, saveRates, seedAssets, type AssetRow } from './asset.repository.ts';
import { bucketOf, CandleAggregator } from './candle-aggregator.ts';
import { barsAt, pruneCandles, SAVE_CHUNK, upsertCandles, yieldToEventLoop } from './candle.repository.ts';
import { dayFiguresSource } from './candle.service.ts';
import { catalogue } from './catalogue.ts';
import { loadFeedsConfig } from './feeds/feed-config.ts';
import { FeedHub } from './feeds/feed-hub.ts';
import { type BackfillHost, OhlcvBackfill } from './feeds/ohlcv-backfill.ts';
import { MarketState, type Instrument } from './market-state.ts';
import { VenueBook } from './venue/venue-book.ts';
import { PriceSimulator } from './price-simulator.ts';
import { TickCoalescer, type CoalescedStep, type Scheduler } from './tick-coalescer.ts';

/** Receives each step of the coalescer: the instruments (state indices) whose latest values should go out, and to whom. */
export type Publisher = (step: CoalescedStep) => void;

type AssetList = { json: string; gzip: Buffer | null; at: number; revision: number; priceRevision: number };

const ASSETS_CACHE_MS = 1000;
/** Current bars are saved on every `CURRENT_EVERY`-th save; finished bars on every save. */
const CURRENT_EVERY = 6;
const PRUNE_MS = 3_600_000;

/**
 * The running market: live state, and while this node is the deployment's price feed (it holds the
 * worker lease) the simulator, outside sources and candle aggregation. Tests and benchmarks drive it
 * with `step(now)` when `autoTick` is off.
 */
export class MarketRuntime {
  readonly state: MarketState;
  readonly seed: number;
  /** Set while this node is the price feed (see startFeed). */
  simulator: PriceSimulator | null = null;
  aggregator: CandleAggregator | null = null;
  readonly coalescer: TickCoalescer;
  private publisher: Publisher = () => {};
  private readonly ctx: AppContext;
  private readonly rateDirty: Uint8Array;
  private rateList: number[] = [];
  private saves = 0;
  private saving: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];
  private assetsCache: AssetList | null = null;
  private feedsFile: string | null = null;
  private appliedFeeds: string | null = null;
  /** The gzipped catalogue being served while a newer one is compressed. */
  private assetsGzipServed: { body: Buffer; revision: number; at: number } | null = null;
  /** Outside price sources of the instruments the configuration lists (worker node). */
  feeds: FeedHub | null = null;
  /** The execution venues of the same configuration and the instruments routed to them (worker node). */
  venues: VenueBook | null = null;
  /** Fill-ins of exchange history not ended yet, one after the other, and the instruments filled in since the start. */
  private readonly backfills = new Set<OhlcvBackfill>();
  private readonly historyFilled = new Set<number>();
  /** Settles once the latest fill-in of exchange history (see OhlcvBackfill) has ended; it never rejects. */
  backfilled: Promise<unknown> = Promise.resolve();
  /** The price socket serving this market's clients, once attached. */
  priceSocket: PriceSocket | null = null;
  /** Tells the other nodes an instrument changed (set by the price socket). */
  onAssetChanged: (assetId: number) => void = () => {};

  constructor(ctx: AppContext, rows: AssetRow[], opts: { now: number; schedule?: Scheduler }) {
    const { market } = ctx.config;
    this.ctx = ctx;
    this.seed = market.seed;
    this.state = new MarketState(rows, opts.now, { alwaysOpen: market.alwaysOpen });
    this.state.staleAfterMs = market.staleMs;
    this.rateDirty = new Uint8Array(rows.length);
    this.coalescer = new TickCoalescer(rows.length, market.coalesceMs, (step) => this.publisher(step), { groups: market.fanoutGroups, schedule: opts.schedule });
  }

  /**
   * Makes this node the deployment's price feed: the simulator goes on from the prices last heard
   * (another node's feed, or those saved), the bars in progress saved before are resumed, and the
   * outside sources of PRICE_FEEDS start. Timers start with startTimers.
   */
  async startFeed(now = Date.now()): Promise<void> {
    if (this.simulator) return;
    const { market } = this.ctx.config;
    const { instruments } = this.state;
    const aggregator = new CandleAggregator(instruments.map((inst) => inst.id));
    const index = new Map(instruments.map((inst) => [inst.id, inst.index]));
    for (const row of await barsAt(this.ctx.db, timeframes.map((tf) => ({ tf, time: bucketOf(tf, now) })))) {
      aggregator.restore(index.get(row.assetId)!, row);
    }
    this.aggregator = aggregator;
    this.simulator = new PriceSimulator(instruments, { seed: market.seed, start: now, prices: this.state.price, tickScale: market.tickScale });
    if (market.feedsFile) {
      // The routes followed until now stay in force until the feed's own book replaces them (it takes
      // over their sessions, not logged on yet, and logs them on): without a book for a moment, a
      // routed order would be filled by the house.
      this.unfollow();
      await this.startFeeds(path.resolve(market.feedsFile));
    }
  }

  /**
   * Stops being the price feed (the worker lease was lost or handed over): no tick, save or outside
   * quote from here on; the first part runs at once, before anything is awaited. `save` keeps the
   * bars in progress for the next feed (a graceful handover); a node cut off from the database skips it.
   */
  async stopFeed(opts: { save: boolean }): Promise<void> {
    if (!this.simulator) return;
    this.simulator = null;
    for (const t of this.timers.splice(0)) clearInterval(t);
    this.unfollow();
    for (const backfill of this.backfills) backfill.abort();
    const [feeds, venues] = [this.feeds, this.venues];
    this.feeds = null;
    this.appliedFeeds = null;
    await this.backfilled;
    await feeds?.stop();
    await venues?.stop();
    if (opts.save) await this.persist(true);
    this.aggregator = null;
    const { feedsFile } = this.ctx.config.market;
    if (feedsFile) await this.followRoutes(path.resolve(feedsFile));
  }

  private unfollow(): void {
    if (this.feedsFile) unwatchFile(this.feedsFile);
    this.feedsFile = null;
  }

  /** Where coalesced updates go (the price socket). */
  setPublisher(publisher: Publisher): void {
    this.publisher = publisher;
  }

  /** Runs the simulator up to `now`; returns the number of ticks made. */
  step(now = Date.now()): number {
    const ticks = this.simulator?.step(now, this.onTick) ?? 0;
    if (ticks) {
      this.state.feedAt = Date.now();
      this.ctx.metrics.ticksIn.inc({ source: 'simulator' }, ticks);
    }
    return ticks;
  }

  private readonly onTick = (i: number, price: number, volume: number, at: number): void => {
    this.state.tick(i, price, volume, at);
    this.recorded(i, price, volume, at);
  };

  /** A quote from an outside source, already in the state: candles, saved rates and clients follow. */
  private readonly onFeedQuote = (i: number, volume: number, at: number): void => {
    this.state.feedAt = Date.now();
    this.ctx.metrics.ticksIn.inc({ source: 'feeds' });
    this.recorded(i, this.state.price[i]!, volume, at);
  };

  private recorded(i: number, price: number, volume: number, at: number): void {
    this.aggregator!.add(i, price, volume, at);
    if (!this.rateDirty[i]) {
      this.rateDirty[i] = 1;
      this.rateList.push(i);
    }
    this.coalescer.touch(i);
  }

  /**
   * Prices the instruments `PRICE_FEEDS` lists from their sources instead of the simulator, and
   * follows the file: an edit that checks out replaces the running sources, one that does not is
   * logged and the running ones stay.
   */
  async startFeeds(file: string): Promise<void> {
    this.useFeeds(await loadFeedsConfig(file), path.dirname(file));
    watchFile(file, { interval: 2000 }, () => {
      loadFeedsConfig(file).then(
        (config) => this.useFeeds(config, path.dirname(file)),
        (error: Error) => this.ctx.log.error({ err: error.message }, 'price feeds not reloaded'),
      );
    });
    this.feedsFile = file;
  }

  /** Runs the sources of `config` now (the file it came from was just written: following it would only apply it again). */
  applyFeeds(config: PriceFeedsConfig): void {
    if (this.feedsFile) this.useFeeds(config, path.dirname(this.feedsFile));
  }

  /**
   * An API node's part of the file: it holds no venue session, and knows the routes (following
   * edits as the worker does) only to refuse A-book orders, never to fill them itself.
   */
  async followRoutes(file: string): Promise<void> {
    const routes = (config: PriceFeedsConfig) => {
      this.venues = new VenueBook(config, { dataDir: this.ctx.config.dataDir, log: this.ctx.log });
    };
    routes(await loadFeedsConfig(file));
    watchFile(file, { interval: 2000 }, () => {
      loadFeedsConfig(file).then(routes, (error: Error) => this.ctx.log.error({ err: error.message }, 'execution routes not reloaded'));
    });
    this.feedsFile = file;
  }

  private useFeeds(config: PriceFeedsConfig, baseDir: string): void {
    // The file is followed by polling: an edit applied at once is seen again a moment later.
    const json = JSON.stringify(config);
    if (json === this.appliedFeeds) return;
    this.appliedFeeds = json;
    const previous = this.feeds;
    const next = new FeedHub({ state: this.state, config, baseDir, dataDir: this.ctx.config.dataDir, onQuote: this.onFeedQuote, log: this.ctx.log });
    this.feeds = next;
    // Built before the sources start: it notes the bars in progress until then.
    const backfill = this.aggregator ? new OhlcvBackfill(this.backfillHost(this.aggregator), config, { filled: this.historyFilled }) : null;
    const now = Date.now();
    for (const i of previous?.stateIndex ?? []) {
      if (next.covers(i)) continue;
      this.state.unquote(i);
      this.simulator?.setEnabled(i, this.state.instruments[i]!.enabled, now);
    }
    for (const i of next.stateIndex) this.simulator?.setEnabled(i, false, now);
    void previous?.stop();
    next.start();
    const venues = new VenueBook(config, { dataDir: this.ctx.config.dataDir, log: this.ctx.log }, this.venues ?? undefined);
    void this.venues?.stop(venues);
    this.venues = venues;
    venues.start();
    this.ctx.log.info({ instruments: next.stateIndex.length, sources: config.sources.length }, 'price feeds started');
    if (backfill) {
      this.backfills.add(backfill);
      this.backfilled = this.backfilled.then(() => backfill.run()).finally(() => this.backfills.delete(backfill));
    }
  }

  private backfillHost(aggregator: CandleAggregator): BackfillHost {
    return {
      db: this.ctx.db,
      state: this.state,
      aggregator,
      seed: this.seed,
      log: this.ctx.log,
      betweenSaves: (task) => this.betweenSaves(task),
      persist: (all) => this.persist(all),
      rowChanged: (row) => {
        this.applyRow(row);
        this.onAssetChanged(row.id);
      },
    };
  }

  /** Runs `task` between two saves of market data, so that none overlaps it. */
  betweenSaves<T>(task: () => Promise<T>): Promise<T> {
    const run = this.saving.then(task);
    this.saving = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  /**
   * Applies updates sent by the worker node (one step's ticks) and passes them on to this node's
   * clients through its own coalescer, which spreads them over its groups of clients as the worker does.
   */
  applyBatch(updates: PackedPriceUpdate[]): void {
    if (updates.length) {
      this.state.feedAt = Date.now();
      this.ctx.metrics.ticksIn.inc({ source: 'peers' }, updates.length);
    }
    for (const u of updates) {
      const inst = this.state.applyPacked(u);
      if (inst) this.coalescer.touch(inst.index);
    }
  }

  /** `{"data":[...]}` of every enabled instrument, rebuilt at most once a second (when prices moved) or after an edit. */
  assetsJson(now = Date.now()): string {
    return this.assetsList(now).json;
  }

  /**
   * The same, gzipped. Compressing the catalogue (1.5 MB) takes ~10 ms, so when only prices moved it
   * runs on libuv's pool while the previous body, a second or two older, goes on being served; the
   * first body, one after an edit and one after a quiet spell are compressed on the spot, so an edit
   * shows at once and nobody gets prices from long ago.
   */
  assetsGzip(now = Date.now()): Buffer {
    const list = this.assetsList(now);
    if (list.gzip) return list.gzip;
    const served = this.assetsGzipServed;
    if (served && this.servable(served, now)) return served.body;
    list.gzip = gzipSync(list.json, { level: 5 });
    this.assetsGzipServed = { body: list.gzip, revision: list.revision, at: list.at };
    return list.gzip;
  }

  private servable(served: { revision: number; at: number }, now: number): boolean {
    return served.revision === this.state.revision && now - served.at < 2 * ASSETS_CACHE_MS;
  }

  private assetsList(now: number): AssetList {
    const c = this.assetsCache;
    const { revision, priceRevision } = this.state;
    if (c && c.revision === revision && (c.priceRevision === priceRevision || now - c.at < ASSETS_CACHE_MS)) return c;
    const list: AssetList = { json: `{"data":${JSON.stringify(this.state.enabledAssets())}}`, gzip: null, at: now, revision, priceRevision };
    this.assetsCache = list;
    if (this.assetsGzipServed && this.servable(this.assetsGzipServed, now)) {
      gzip(list.json, { level: 5 }, (err, body) => {
        if (err) return;
        list.gzip ??= body;
        if (this.assetsCache === list) this.assetsGzipServed = { body, revision, at: now };
      });
    }
    return list;
  }

  /** Applies a changed catalogue row on this node. */
  applyRow(row: AssetRow): Instrument | undefined {
    const inst = this.state.replaceInstrument(row);
    if (inst) this.simulator?.setEnabled(inst.index, inst.enabled && !this.feeds?.covers(inst.index), Date.now());
    return inst;
  }

  /** Saves finished candles and last prices; every few saves (and with `all`) the bars in progress too. */
  persist(all = false): Promise<void> {
    if (!this.aggregator) return Promise.resolve();
    this.saving = this.saving.then(() => this.save(all)).catch((error: unknown) => this.ctx.log.error({ err: error }, 'saving market data failed'));
    return this.saving;
  }

  private async save(all: boolean): Promise<void> {
    const withCurrent = all || ++this.saves % CURRENT_EVERY === 0;
    const rows = this.aggregator!.drain(withCurrent);
    const rates = this.rateList.map((i) => ({ id: this.state.instruments[i]!.id, rate: this.state.price[i]!, at: this.state.at[i]! }));
    for (const i of this.rateList) this.rateDirty[i] = 0;
    this.rateList = [];
    await upsertCandles(this.ctx.db, rows);
    for (let i = 0; i < rates.length; i += SAVE_CHUNK) {
      await yieldToEventLoop();
      await saveRates(this.ctx.db, rates.slice(i, i + SAVE_CHUNK));
    }
  }

  /** Starts the timers: simulator steps, saves, retention. */
  startTimers(): void {
    const { market } = this.ctx.config;
    if (!this.simulator) return;
    if (market.autoTick) this.timers.push(setInterval(() => this.step(), market.stepMs));
    this.timers.push(setInterval(() => void this.persist(), market.persistMs));
    this.timers.push(setInterval(() => void pruneCandles(this.ctx.db, Date.now()).catch(() => {}), PRUNE_MS));
    for (const t of this.timers) t.unref();
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.unfollow();
    for (const backfill of this.backfills) backfill.abort();
    await this.backfilled;
    await this.feeds?.stop();
    await this.venues?.stop();
    this.coalescer.stop();
    await this.persist(true);
  }
}

/**
 * Seeds the catalogue (idempotent: only missing instruments are inserted), loads it and builds the
 * runtime. With `feed` (by default on a worker-capable node) it also becomes the price feed at once
 * (startFeed); the server itself leaves that to the worker lease.
 */
export async function startMarket(ctx: AppContext, opts: { now?: number; schedule?: Scheduler; feed?: boolean } = {}): Promise<MarketRuntime> {
  const now = opts.now ?? Date.now();
  await seedAssets(ctx.db, catalogue());
  const rows = await listAssets(ctx.db);
  const runtime = new MarketRuntime(ctx, rows, { now, schedule: opts.schedule });
  runtime.state.setDaySource(await dayFiguresSource(ctx.db, runtime.seed));
  if (opts.feed ?? ctx.config.runWorkers) {
    await runtime.startFeed(now);
  } else if (ctx.config.market.feedsFile) {
    await runtime.followRoutes(path.resolve(ctx.config.market.feedsFile));
  }
  return runtime;
}

const runtimes = new WeakMap<AppContext, MarketRuntime>();

/** Registers the market of a running server. */
export function setMarket(ctx: AppContext, runtime: MarketRuntime): void {
  runtimes.set(ctx, runtime);
}

/** The market of a running server (routes, tests, benchmarks). */
export function marketOf(ctx: AppContext): MarketRuntime {
  const runtime = runtimes.get(ctx);
  if (!runtime) throw new Error('The market has not started.');
  return runtime;
}
