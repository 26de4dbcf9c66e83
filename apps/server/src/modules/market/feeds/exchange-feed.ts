import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import type { ExchangeAdapter, ExchangeName, ParsedFrame } from './exchange-adapter.ts';
import { binance } from './exchange-binance.ts';
import { coinbase } from './exchange-coinbase.ts';
import { kraken } from './exchange-kraken.ts';
import type { FeedListener, PriceFeed } from './feed-types.ts';

export const EXCHANGES: Record<ExchangeName, ExchangeAdapter> = { binance, coinbase, kraken };

export type ExchangeFeedOptions = {
  name: string;
  exchange: ExchangeName;
  /** The exchange's symbols to subscribe, as the instruments list them. */
  symbols: readonly string[];
  /** Instead of the exchange's public address. */
  url?: string;
  /** First wait before reconnecting, in seconds; doubles after each failure up to a minute. Default 1. */
  reconnectSeconds?: number;
  /** A connection that brings nothing (no frame, no ping) for this long is taken for dead. Default 30 s. */
  idleMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

const MAX_BACKOFF_MS = 60_000;
const IDLE_MS = 30_000;
/** Unreadable frames get one log line per this period at most, however fast they come. */
const MALFORMED_LOG_MS = 10_000;
const HANDSHAKE_TIMEOUT_MS = 10_000;
/** Top-of-book frames are small; anything near this is not one, and need not be buffered whole. */
const MAX_FRAME_BYTES = 1 << 20;

/** Everything about one start() … stop(), so events of a stopped run can tell they are stale. */
type Run = {
  listener: FeedListener;
  socket: WebSocket | null;
  backoffMs: number;
  lastFrameAt: number;
  /** Why the current connection is being closed from this side, for the status detail. */
  closing: string | null;
  lastError: string | null;
  idleTimer: NodeJS.Timeout | null;
  retryTimer: NodeJS.Timeout | null;
};

/**
 * Best bid and ask from a crypto exchange's public WebSocket stream (Binance, Coinbase, Kraken;
 * each one's protocol is in its adapter). Reconnects after any loss, waiting longer after each
 * failed attempt; a connection counts as sound again once it brings a quote. Frames it cannot read
 * are counted in `malformed` and dropped: an exchange's bad frame must not stop its good ones.
 */
export class ExchangeFeed implements PriceFeed {
  readonly kind = 'exchange';
  readonly name: string;
  /** Frames dropped unread: invalid JSON, missing or non-numeric fields, unknown types. */
  malformed = 0;
  private readonly adapter: ExchangeAdapter;
  private readonly exchange: ExchangeName;
  private readonly symbols: readonly string[];
  /** Where to connect, or why there is nowhere to. */
  private readonly address: { url: string } | { problem: string };
  private readonly initialBackoffMs: number;
  private readonly idleMs: number;
  private readonly log: ExchangeFeedOptions['log'];
  private run: Run | null = null;
  private malformedLoggedAt = -Infinity;
  private malformedUnlogged = 0;

  constructor(opts: ExchangeFeedOptions) {
    const seconds = opts.reconnectSeconds ?? 1;
    if (!(seconds > 0 && Number.isFinite(seconds))) throw new RangeError(`exchange feed ${opts.name}: reconnect seconds must be a positive number, not ${seconds}`);
    this.name = opts.name;
    this.exchange = opts.exchange;
    this.adapter = EXCHANGES[opts.exchange];
    this.symbols = [...new Set(opts.symbols)];
    this.address = addressOf(this.adapter, opts.url, this.symbols);
    this.initialBackoffMs = Math.min(seconds * 1000, MAX_BACKOFF_MS);
    this.idleMs = opts.idleMs ?? IDLE_MS;
    this.log = opts.log;
  }

  start(listener: FeedListener): void {
    this.halt();
    if ('problem' in this.address) return listener.status('disconnected', this.address.problem);
    const run: Run = { listener, socket: null, backoffMs: this.initialBackoffMs, lastFrameAt: 0, closing: null, lastError: null, idleTimer: null, retryTimer: null };
    this.run = run;
    this.connect(run, this.address.url);
  }

  async stop(): Promise<void> {
    const run = this.halt();
    run?.listener.status('disconnected');
  }

  private connect(run: Run, address: string): void {
    run.retryTimer = null;
    run.closing = null;
    run.lastError = null;
    run.listener.status('connecting', address);
    let socket: WebSocket;
    try {
      socket = new WebSocket(address, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS, maxPayload: MAX_FRAME_BYTES });
    } catch (error) {
      // An address the client refuses outright will not get better by retrying.
      this.run = null;
      return run.listener.status('disconnected', `cannot connect to ${address}: ${error instanceof Error ? error.message : String(error)}`);
    }
    run.socket = socket;
    const current = () => this.run === run && run.socket === socket;
    socket.on('open', () => {
      if (!current()) return;
      for (const message of this.adapter.subscribe(this.symbols)) socket.send(message);
      run.lastFrameAt = Date.now();
      this.watchIdle(run, socket, this.idleMs);
      run.listener.status('connected', `${this.exchange} ${address}: ${this.symbols.length} symbol${this.symbols.length === 1 ? '' : 's'}`);
    });
    socket.on('message', (data) => {
      if (!current()) return;
      run.lastFrameAt = Date.now();
      this.frame(run, socket, data);
    });
    socket.on('ping', () => {
      if (current()) run.lastFrameAt = Date.now();
    });
    // Always followed by 'close', which reconnects; only the reason is kept.
    socket.on('error', (error) => {
      if (current()) run.lastError = error.message;
    });
    socket.on('close', (code, reason) => {
      if (!current()) return;
      run.socket = null;
      if (run.idleTimer) clearTimeout(run.idleTimer);
      run.idleTimer = null;
      // 1006: no closing handshake, the connection just went.
      const why = run.closing ?? run.lastError ?? (code === 1006 ? 'connection lost' : `closed by the exchange (${code}${reason.length ? ` ${reason.toString()}` : ''})`);
      const wait = run.backoffMs;
      run.backoffMs = Math.min(run.backoffMs * 2, MAX_BACKOFF_MS);
      run.listener.status('disconnected', `${why}; retrying in ${wait / 1000} s`);
      // The listener may have stopped the feed.
      if (this.run === run) run.retryTimer = setTimeout(() => this.connect(run, address), wait);
    });
  }

  /** One timer per idle period rather than one reset per frame: checks the last frame's time when it fires. */
  private watchIdle(run: Run, socket: WebSocket, ms: number): void {
    run.idleTimer = setTimeout(() => {
      run.idleTimer = null;
      if (this.run !== run || run.socket !== socket) return;
      const quiet = Date.now() - run.lastFrameAt;
      if (quiet < this.idleMs) return this.watchIdle(run, socket, this.idleMs - quiet);
      run.closing = `nothing received for ${Math.round(quiet / 1000)} s`;
      socket.terminate();
    }, ms);
  }

  private frame(run: Run, socket: WebSocket, data: RawData): void {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
    let parsed: ParsedFrame;
    try {
      parsed = this.adapter.parse(JSON.parse(text), Date.now());
    } catch (error) {
      return this.dropMalformed(error instanceof SyntaxError ? 'invalid JSON' : String(error), text);
    }
    if (parsed.malformed) this.dropMalformed(parsed.malformed, text);
    if (parsed.error) {
      this.log?.warn({ source: this.name, exchange: this.exchange, error: parsed.error }, 'exchange refused a request');
      run.listener.status('connected', parsed.error);
    }
    for (const quote of parsed.quotes) {
      try {
        run.listener.quote(quote);
      } catch (error) {
        // A throw from here would escape the socket's event handler and end the process.
        this.log?.error({ source: this.name, err: error instanceof Error ? error.message : String(error) }, 'exchange quote not taken');
      }
      if (this.run !== run || run.socket !== socket) return;
      run.backoffMs = this.initialBackoffMs;
    }
  }

  private dropMalformed(reason: string, text: string): void {
    this.malformed++;
    this.malformedUnlogged++;
    const now = Date.now();
    if (now - this.malformedLoggedAt < MALFORMED_LOG_MS) return;
    this.log?.warn(
      { source: this.name, exchange: this.exchange, reason, frame: text.slice(0, 200), dropped: this.malformedUnlogged, malformed: this.malformed },
      'exchange frames dropped unread',
    );
    this.malformedLoggedAt = now;
    this.malformedUnlogged = 0;
  }

  /** Ends the current run without a word to its listener; returns it. */
  private halt(): Run | null {
    const run = this.run;
    if (!run) return null;
    this.run = null;
    if (run.idleTimer) clearTimeout(run.idleTimer);
    if (run.retryTimer) clearTimeout(run.retryTimer);
    run.socket?.removeAllListeners();
    // An error after the listeners are gone would otherwise be thrown as unhandled.
    run.socket?.on('error', () => {});
    run.socket?.terminate();
    return run;
  }
}

function addressOf(adapter: ExchangeAdapter, url: string | undefined, symbols: readonly string[]): { url: string } | { problem: string } {
  if (!symbols.length) return { problem: 'no instrument is priced from this source' };
  const base = url ?? adapter.url;
  try {
    const address = adapter.address(base, symbols);
    // The ws client throws on such an address at connection time, where nothing could catch it.
    if (!/^wss?:$/.test(new URL(address).protocol)) throw new Error('not a ws:// or wss:// address');
    return { url: address };
  } catch (error) {
    return { problem: `cannot connect to ${base}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
