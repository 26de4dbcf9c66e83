import path from 'node:path';
import type { MarketDepth, PriceFeedsConfig, PriceSourceConfig } from '@bourse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketState } from '../market-state.ts';
import { FeedRouter, type FeedSwitch, type SourceHealth } from './feed-router.ts';
import type { SourceStatus, PriceFeed, RawQuote } from './feed-types.ts';
import { applyMarkup, type CustomerQuote, type Markup } from './markup.ts';
import { QuoteFilter } from './quote-filter.ts';
import { ReplayFeed } from './replay-feed.ts';
import { ScheduledFeed } from './scheduled-feed.ts';
import { ExchangeFeed } from './exchange-feed.ts';
import { FixFeed } from './fix-feed.ts';

/** How often stalls and recoveries are looked for: a stall is acted on within this of its deadline. */
const ROUTER_TICK_MS = 250;
/** Switches kept for the back office. */
const RECENT_SWITCHES = 50;

export type FeedHubOptions = {
  state: MarketState;
  config: PriceFeedsConfig;
  /** Where relative file names in the configuration start from. */
  baseDir: string;
  /** Called after an instrument took a new quote (state index, tick volume, time). */
  onQuote: (index: number, volume: number, at: number) => void;
  log: FastifyBaseLogger;
  /** Where sources keep state across restarts (a FIX session's sequence numbers): the server's data directory. Default: baseDir. */
  dataDir?: string;
  now?: () => number;
};

/** `drops`: quotes the filter dropped (spikes included, counted when the next quote did not confirm them) and quotes for symbols nobody asked for. */
export type FeedHealth = SourceHealth & { kind: string; drops: number; unknownSymbols: number; malformed: number; detail: string | null };

type Source = {
  feed: PriceFeed;
  /** The source's symbol → the hub's instrument number. */
  symbols: Map<string, number>;
  /** The hub's instrument number → the source's symbol. */
  symbolOf: Map<number, string>;
  /** One per source: each judges an instrument against that source's own history. */
  filter: QuoteFilter;
  unknownSymbols: number;
  detail: string | null;
};

/** What a source is built with beside its configuration: `symbols` are its own symbols the configured instruments use. */
type FeedContext = { baseDir: string; dataDir: string; symbols: string[]; log: FastifyBaseLogger };

/** The built-in kinds of source. */
export function feedOf(source: PriceSourceConfig, { baseDir, dataDir, symbols, log }: FeedContext): PriceFeed {
  switch (source.kind) {
    case 'replay':
      return new ReplayFeed({ name: source.name, symbol: source.symbol, file: path.resolve(baseDir, source.file), speed: source.speed, loop: source.loop });
    case 'exchange':
      return new ExchangeFeed({ name: source.name, exchange: source.exchange, symbols, url: source.url, reconnectSeconds: source.reconnect_seconds, log });
    case 'fix': {
      const feed = new FixFeed({
        name: source.name,
        host: source.host,
        port: source.port,
        senderCompId: source.sender_comp_id,
        targetCompId: source.target_comp_id,
        username: source.username,
        password: source.password,
        heartbeatSeconds: source.heartbeat_seconds,
        depth: source.depth,
        reconnectSeconds: source.reconnect_seconds,
        symbols,
        storeDir: path.join(dataDir, 'fix', source.name),
        log,
      });
      return source.schedule ? new ScheduledFeed(feed, source.schedule) : feed;
    }
  }
}

/**
 * Prices from outside sources for the instruments the configuration lists (the worker node): each
 * quote passes its source's filter, the failover router (only the instrument's active source
 * counts) and the instrument's markup, then becomes the customer's quote in the market state.
 * Instruments are numbered 0..n-1 here in the order the configuration lists them.
 */
export class FeedHub {
  /** Hub instrument number → market state index. */
  readonly stateIndex: number[];
  private readonly state: MarketState;
  private readonly sources = new Map<string, Source>();
  private readonly markups: (Markup | undefined)[];
  private readonly router: FeedRouter;
  private readonly onQuote: FeedHubOptions['onQuote'];
  private readonly log: FastifyBaseLogger;
  private readonly now: () => number;
  private readonly out: CustomerQuote = { bid: 0, ask: 0, mid: 0 };
  private readonly switches: (FeedSwitch & { symbol: string })[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(opts: FeedHubOptions) {
    const { state, config } = opts;
    this.state = state;
    this.onQuote = opts.onQuote;
    this.log = opts.log;
    this.now = opts.now ?? Date.now;
    const entries = Object.entries(config.instruments).flatMap(([symbol, feed]) => {
      const inst = state.find(symbol);
      if (inst) return [{ inst, feed }];
      opts.log.warn({ symbol }, 'price feeds: no such instrument, left out');
      return [];
    });
    this.stateIndex = entries.map((e) => e.inst.index);
    this.markups = entries.map((e) => e.feed.markup);
    const isOpen = (k: number, at: number) => state.isOpen(state.instruments[this.stateIndex[k]!]!.id, new Date(at));
    for (const source of config.sources) {
      const symbols = new Map<string, number>();
      entries.forEach((e, k) => {
        for (const s of e.feed.sources) if (s.source === source.name) symbols.set(s.symbol, k);
      });
      const filter = new QuoteFilter({ instruments: entries.length, spikeFactor: config.spikeFactor, isOpen });
      const feed = feedOf(source, { baseDir: opts.baseDir, dataDir: opts.dataDir ?? opts.baseDir, symbols: [...symbols.keys()], log: opts.log });
      this.sources.set(source.name, { feed, symbols, symbolOf: new Map([...symbols].map(([s, k]) => [k, s])), filter, unknownSymbols: 0, detail: null });
    }
    this.router = new FeedRouter({
      sources: entries.map((e) => e.feed.sources.map((s) => s.source)),
      isOpen,
      stallMs: config.stallMs,
      recoverMs: config.recoverMs,
      onSwitch: (e) => this.switched(e),
    });
  }

  /** Whether an instrument (market state index) is priced here rather than by the simulator. */
  covers(index: number): boolean {
    return this.stateIndex.includes(index);
  }

  start(): void {
    for (const [name, source] of this.sources) {
      source.feed.start({
        quote: (q) => this.quote(name, source, q),
        status: (s, detail) => this.status(name, source, s, detail),
      });
    }
    this.timer = setInterval(() => this.router.tick(this.now()), ROUTER_TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.sources.values()].map((s) => s.feed.stop()));
  }

  /** The running source of that name (tests and diagnostics look into it). */
  feed(name: string): PriceFeed | undefined {
    return this.sources.get(name)?.feed;
  }

  /**
   * The book of an instrument (market state index) from the source its prices come from now, with
   * the customer's markup; null when that source sends no book deeper than the top.
   */
  depthOf(index: number): MarketDepth | null {
    const k = this.stateIndex.indexOf(index);
    const name = k < 0 ? null : this.router.activeSource(k);
    const source = name === null ? undefined : this.sources.get(name);
    const symbol = source?.symbolOf.get(k);
    const book = symbol === undefined ? null : source!.feed.depth?.(symbol);
    if (!book || (book.bids.length < 2 && book.asks.length < 2)) return null;
    const inst = this.state.instruments[index]!;
    const markup = this.markups[k];
    const top = { bid: book.bids[0]?.price ?? book.asks[0]!.price, ask: book.asks[0]?.price ?? book.bids[0]!.price };
    return {
      id: inst.id,
      bids: book.bids.map((l) => [applyMarkup(l.price, top.ask, inst.digits, markup).bid, l.size]),
      asks: book.asks.map((l) => [applyMarkup(top.bid, l.price, inst.digits, markup).ask, l.size]),
      ts: this.state.at[index]!,
    };
  }

  /** Each source's health, for the back office. */
  health(): FeedHealth[] {
    const now = this.now();
    return this.router.health(now).map((h) => {
      const source = this.sources.get(h.source);
      const filtered = source ? Object.values(source.filter.totals()).reduce((a, b) => a + b, 0) : 0;
      const unknownSymbols = source?.unknownSymbols ?? 0;
      return { ...h, kind: source?.feed.kind ?? 'unknown', drops: filtered + unknownSymbols, unknownSymbols, malformed: source?.feed.malformed ?? 0, detail: source?.detail ?? null };
    });
  }

  /** Each instrument priced here: its active source, and its raw and customer quote once it has one. */
  instruments(): { index: number; source: string | null }[] {
    return this.stateIndex.map((index, k) => ({ index, source: this.router.activeSource(k) }));
  }

  /** The latest switches between sources, newest first. */
  recentSwitches(): readonly (FeedSwitch & { symbol: string })[] {
    return this.switches;
  }

  private quote(name: string, source: Source, q: RawQuote): void {
    const k = source.symbols.get(q.symbol);
    if (k === undefined) {
      source.unknownSymbols++;
      return;
    }
    const now = this.now();
    const { filter } = source;
    const verdict = filter.check(k, q.bid, q.ask, now);
    if (verdict !== 'accept' && verdict !== 'hold') return;
    // A held quote still shows the source is alive; it only reaches customers once confirmed.
    if (!this.router.quote(name, k, now) || verdict === 'hold') return;
    if (filter.released) this.publish(k, filter.releasedBid, filter.releasedAsk, now);
    this.publish(k, q.bid, q.ask, now);
  }

  private publish(k: number, bid: number, ask: number, at: number): void {
    const i = this.stateIndex[k]!;
    const inst = this.state.instruments[i]!;
    if (!inst.enabled) return;
    const c = applyMarkup(bid, ask, inst.digits, this.markups[k], this.out);
    // Quotes carry no traded volume: each counts as one, the tick volume FX platforms show.
    this.state.quoteTick(i, c.bid, c.ask, bid, ask, 1, at);
    this.onQuote(i, 1, at);
  }

  private status(name: string, source: Source, status: SourceStatus, detail?: string): void {
    source.detail = detail ?? null;
    const log = status === 'disconnected' ? this.log.warn.bind(this.log) : this.log.info.bind(this.log);
    log({ source: name, status, detail }, 'price source status');
    this.router.status(name, status, this.now());
  }

  private switched(e: FeedSwitch): void {
    const symbol = this.state.instruments[this.stateIndex[e.index]!]!.symbol;
    this.log.warn({ symbol, from: e.from, to: e.to, reason: e.reason }, 'price source switched');
    this.switches.unshift({ ...e, symbol });
    this.switches.length = Math.min(this.switches.length, RECENT_SWITCHES);
  }
}
