import type { Socket } from 'node:net';
import type { FeedListener, PriceFeed } from './feed-types.ts';
import { FixBook, type BookLevel, BOOK_LEVELS } from './fix-book.ts';
import { type FixConnectionOptions, silentFixLog } from './fix-connection.ts';
import { FixLink, type LinkRun } from './fix-link.ts';
import type { FixEngine, MarketDataConnection, MarketDataHandler } from './fix-md-session.ts';
import { marketDataRequest, readIncrement, readSnapshot, rejectReason } from './fix-messages.ts';
import { type FixSeqNumStore, seqNumStore } from './fix-seqnum-store.ts';

export type FixFeedOptions = FixConnectionOptions & {
  /** Levels asked for on each side, 1 to 5. Default 1 (top of book). */
  depth?: number;
  /** The provider's symbols to subscribe, as the instruments list them. */
  symbols: readonly string[];
  /** Where the session's sequence numbers are kept across restarts. */
  storeDir: string;
};

/** Garbled messages and quotes for unknown symbols get one log line per this period at most. */
const NOISE_LOG_MS = 10_000;
/** The status detail (which the hub logs) changes at most this often while counts run up. */
const DETAIL_MS = 1_000;
/**
 * Market data messages handled before the socket is paused until the event loop has run its other
 * work: a provider that stays ahead would otherwise have the node parse many reads in one turn
 * (9,000 quotes and 200-350 ms measured), and price clients would wait for all of it.
 */
const MESSAGES_PER_TURN = 500;


/** Everything about one start() … stop() beside the connection's own state (see FixLink). */
type Run = LinkRun<MarketDataConnection> & {
  listener: FeedListener;
  /** Market data came since the logon: the connection counts as sound and the backoff starts over. */
  fed: boolean;
  detailTimer: NodeJS.Timeout | null;
  detailAt: number;
  /** Market data messages since the socket last paused for the event loop. */
  burst: number;
};

/**
 * Market data from a liquidity provider over FIX 4.4 (jspurefix): logs on, asks for each symbol's
 * book (snapshot, then incremental refreshes), keeps the best levels of each and quotes the best bid
 * and ask whenever they change. Reconnects after any loss, waiting longer after each failed attempt,
 * and goes on with the session's sequence numbers (kept in `storeDir`). Refused symbols, garbled
 * messages and data for symbols never asked for are counted, logged and dropped; the status detail
 * says so for the back office.
 */
export class FixFeed implements PriceFeed {
  readonly kind = 'fix';
  readonly name: string;
  /** Requests the provider refused, by symbol, with its reason. */
  readonly rejected = new Map<string, string>();
  /** Messages dropped unread: bad checksums, bodies the dictionary cannot parse, entries that could not be placed. */
  malformed = 0;
  /** Market data for symbols never asked for. */
  unknownSymbols = 0;
  /** Successful logons since the feed was made. */
  logons = 0;
  private readonly opts: FixFeedOptions;
  private readonly symbols: readonly string[];
  private readonly depthAsked: number;
  private readonly link: FixLink<FixEngine, MarketDataConnection, Run>;
  private readonly log: NonNullable<FixFeedOptions['log']>;
  private readonly books = new Map<string, FixBook>();
  /** MDReqID → symbol, for messages that name only the request. */
  private readonly requests = new Map<string, string>();
  private readonly lastQuoted = new Map<string, string>();
  private store: FixSeqNumStore | null = null;
  private noiseLoggedAt = -Infinity;

  constructor(opts: FixFeedOptions) {
    const depth = opts.depth ?? 1;
    if (!(Number.isInteger(depth) && depth >= 1 && depth <= BOOK_LEVELS)) throw new RangeError(`FIX feed ${opts.name}: depth must be 1 to ${BOOK_LEVELS}, not ${depth}`);
    this.opts = opts;
    this.name = opts.name;
    this.symbols = [...new Set(opts.symbols)];
    this.depthAsked = depth;
    this.log = opts.log ?? silentFixLog;
    this.link = new FixLink(opts, {
      loadEngine: () => this.loadEngine(),
      open: (engine, socket, run) => engine.open(socket, this.handler(run, socket)),
      connecting: (run) => run.listener.status('connecting', this.link.address),
      lost: (run) => {
        run.fed = false;
        // A book from before the drop is stale: quotes start again from the next snapshot.
        this.books.clear();
        this.lastQuoted.clear();
      },
      retrying: (run, reason, waitMs) => run.listener.status('disconnected', `${this.link.address}: ${reason}; retrying in ${formatSeconds(waitMs)}`),
      flush: () => this.store?.flush().catch((err: Error) => this.log.warn({ source: this.name, err: err.message }, 'FIX sequence numbers not saved')) ?? Promise.resolve(),
    });
    for (const [i, symbol] of this.symbols.entries()) this.requests.set(`${opts.name}-${i + 1}`, symbol);
  }

  start(listener: FeedListener): void {
    void this.halt();
    this.link.start({ listener, fed: false, detailTimer: null, detailAt: -Infinity, burst: 0 });
  }

  async stop(): Promise<void> {
    const run = await this.halt();
    run?.listener.status('disconnected');
  }

  /** The best levels of a symbol's book, best first (for a depth-of-market view), or null if it has none. */
  depth(symbol: string): { bids: BookLevel[]; asks: BookLevel[] } | null {
    return this.books.get(symbol)?.levels() ?? null;
  }

  private async loadEngine(): Promise<FixEngine> {
    const { openFixEngine } = await import('./fix-md-session.ts');
    return openFixEngine({
      name: this.name,
      senderCompId: this.opts.senderCompId,
      targetCompId: this.opts.targetCompId,
      username: this.opts.username,
      password: this.opts.password,
      heartbeatSeconds: this.opts.heartbeatSeconds ?? 30,
      log: this.log,
      store: {
        create: (sessionId) => (this.store ??= seqNumStore(sessionId, this.opts.storeDir, (err) => this.log.warn({ source: this.name, err: err.message }, 'FIX sequence numbers not saved'))),
      },
    });
  }

  private handler(run: Run, socket: Socket): MarketDataHandler {
    const current = () => this.link.current(run, socket);
    return {
      loggedOn: () => {
        if (!current()) return;
        this.link.loggedOn(run);
        this.logons++;
        this.rejected.clear();
        run.connection?.subscribe([...this.requests].map(([reqId, symbol]) => marketDataRequest(reqId, symbol, this.depthAsked)));
        run.listener.status('connected', this.describe());
      },
      snapshot: (msg) => {
        if (!current()) return;
        const { symbol, entries, unreadable } = readSnapshot(msg);
        this.countUnreadable(run, unreadable);
        const name = symbol ?? this.requests.get(msg.MDReqID ?? '');
        const book = this.bookOf(run, name);
        if (!book) return;
        book.replace(entries);
        this.fed(run);
        this.breathe(run, socket);
        this.quote(run, name!, book);
      },
      increment: (msg) => {
        if (!current()) return;
        const { changes, unreadable } = readIncrement(msg);
        this.countUnreadable(run, unreadable);
        const fallback = this.requests.get(msg.MDReqID ?? '');
        const touched = new Map<string, FixBook>();
        for (const change of changes) {
          const name = change.symbol ?? fallback;
          const book = this.bookOf(run, name);
          if (!book) continue;
          book.apply(change);
          touched.set(name!, book);
        }
        if (touched.size) this.fed(run);
        for (const [name, book] of touched) this.quote(run, name, book);
        this.breathe(run, socket);
      },
      rejected: (msg) => {
        if (!current()) return;
        const symbol = this.requests.get(msg.MDReqID) ?? `request ${msg.MDReqID}`;
        const reason = rejectReason(msg);
        this.rejected.set(symbol, reason);
        this.log.warn({ source: this.name, symbol, reason }, 'FIX provider refused a market data request');
        this.updateDetail(run);
      },
      loggedOut: (text) => {
        if (!current()) return;
        const why = text ? `: ${text}` : '';
        run.lastError ??= run.loggedOn ? `logged out by the provider${why}` : `logon refused${why}`;
      },
      garbled: (msgType, why) => {
        if (!current()) return;
        this.malformed++;
        this.noise({ msgType, why }, 'FIX message dropped');
        this.updateDetail(run);
      },
      ended: (error) => {
        if (!current()) return;
        run.lastError ??= error ? error.message : run.loggedOn ? 'logged out' : 'the provider ended the session before logon';
        socket.destroy();
      },
    };
  }

  /** The book of a symbol asked for; anything else is counted and dropped. */
  private bookOf(run: Run, symbol: string | undefined): FixBook | null {
    if (symbol !== undefined && this.symbols.includes(symbol)) {
      let book = this.books.get(symbol);
      if (!book) this.books.set(symbol, (book = new FixBook()));
      return book;
    }
    this.unknownSymbols++;
    this.noise({ symbol }, 'FIX market data for a symbol not asked for, dropped');
    this.updateDetail(run);
    return null;
  }

  private quote(run: Run, symbol: string, book: FixBook): void {
    const top = book.top();
    if (!top) return;
    const key = `${top.bid.price}/${top.bid.size}/${top.ask.price}/${top.ask.size}`;
    if (this.lastQuoted.get(symbol) === key) return;
    this.lastQuoted.set(symbol, key);
    // Time of arrival: providers' clocks drift, and staleness is judged against this server's clock.
    run.listener.quote({ symbol, bid: top.bid.price, ask: top.ask.price, bidSize: top.bid.size, askSize: top.ask.size, at: Date.now() });
  }

  /** Pauses reading after a burst, until timers and other sockets have had their turn. */
  private breathe(run: Run, socket: Socket): void {
    if (++run.burst < MESSAGES_PER_TURN) return;
    run.burst = 0;
    socket.pause();
    setImmediate(() => {
      if (!socket.destroyed) socket.resume();
    });
  }

  private fed(run: Run): void {
    if (run.fed) return;
    run.fed = true;
    this.link.resetBackoff(run);
  }

  private countUnreadable(run: Run, entries: number): void {
    if (!entries) return;
    this.malformed += entries;
    this.noise({ entries }, 'FIX market data entries that cannot be placed, dropped');
    this.updateDetail(run);
  }

  /** Tells the hub the new detail now, or once DETAIL_MS has passed since the last time. */
  private updateDetail(run: Run): void {
    if (run.detailTimer) return;
    const wait = run.detailAt + DETAIL_MS - Date.now();
    const update = () => {
      run.detailTimer = null;
      run.detailAt = Date.now();
      if (this.link.run === run && run.loggedOn) run.listener.status('connected', this.describe());
    };
    if (wait <= 0) update();
    else run.detailTimer = setTimeout(update, wait);
  }

  private noise(obj: object, msg: string): void {
    const now = Date.now();
    if (now - this.noiseLoggedAt < NOISE_LOG_MS) return;
    this.noiseLoggedAt = now;
    this.log.warn({ source: this.name, ...obj, malformed: this.malformed, unknownSymbols: this.unknownSymbols }, msg);
  }

  /** The status detail: where, and what went wrong short of losing the connection. */
  private describe(): string {
    const parts = [`${this.link.address} as ${this.opts.senderCompId} to ${this.opts.targetCompId}`];
    if (this.rejected.size) parts.push(`refused: ${[...this.rejected].map(([symbol, reason]) => `${symbol} (${reason})`).join(', ')}`);
    if (this.malformed) parts.push(`${this.malformed} malformed dropped`);
    if (this.unknownSymbols) parts.push(`${this.unknownSymbols} for unknown symbols dropped`);
    return parts.join('; ');
  }

  /** Ends the current run without a word to its listener (logging out first if logged on); returns it. */
  private async halt(): Promise<Run | null> {
    const run = this.link.run;
    if (run?.detailTimer) clearTimeout(run.detailTimer);
    this.books.clear();
    this.lastQuoted.clear();
    return this.link.halt();
  }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
