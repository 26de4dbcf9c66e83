import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { minuteBars } from './bars.ts';
import { binance } from './binance.ts';
import { coinbase } from './coinbase.ts';
import { kraken } from './kraken.ts';
import { type Fixture, isRecord, type ReplayProtocol, type RestMarket } from './protocol.ts';

export const PROTOCOLS = { binance, coinbase, kraken } satisfies Record<string, ReplayProtocol>;
export type ExchangeName = keyof typeof PROTOCOLS;

export type ReplayOptions = {
  exchange: ExchangeName;
  /** One frame a line, as the exchange sent it. */
  fixtureFile: string;
  /** Frames a second on each connection. */
  rate: number;
  port: number;
  host: string;
};

type Connection = {
  socket: WebSocket;
  symbols: Set<string>;
  heartbeats: boolean;
  /** Next fixture frame to look at: each connection plays the file from its own start. */
  cursor: number;
};

/** Reads a fixture: every line must be a frame whose symbol the protocol can tell. */
export function readFixture(file: string, protocol: ReplayProtocol): Fixture[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      const frame: unknown = JSON.parse(line);
      const symbol = isRecord(frame) ? protocol.symbolOf(frame) : undefined;
      if (!isRecord(frame) || !symbol) throw new Error(`${file}:${i + 1}: not a frame this exchange sends`);
      return { symbol, frame };
    });
}

/**
 * A stand-in for an exchange's public WebSocket stream: answers subscriptions as the exchange
 * does, then plays recorded frames of the subscribed symbols in a loop. Tests break it on purpose
 * through `drop`, `garbage` and `silence`. On the same port, plain HTTP GETs get the exchange's
 * REST answers for 1-minute candles of the fixture's symbols: made-up bars near the fixture's
 * first price, the same for a minute whenever asked (see bars.ts).
 */
export class ExchangeReplay {
  private readonly protocol: ReplayProtocol;
  private readonly fixtures: Fixture[];
  private readonly known: Set<string>;
  private readonly connections = new Set<Connection>();
  private readonly timers: NodeJS.Timeout[] = [];
  private server: WebSocketServer | null = null;
  private http: Server | null = null;
  private silent = false;
  private readonly opts: ReplayOptions;
  private readonly rest: RestMarket;
  /** Every REST request served, as path and query, oldest first. */
  readonly restRequests: string[] = [];

  constructor(opts: ReplayOptions) {
    this.opts = opts;
    this.protocol = PROTOCOLS[opts.exchange];
    this.fixtures = readFixture(opts.fixtureFile, this.protocol);
    this.known = new Set(this.fixtures.map((f) => f.symbol));
    if (!(opts.rate > 0)) throw new RangeError(`rate must be positive, not ${opts.rate}`);
    const reference = new Map<string, number>();
    for (const f of this.fixtures) {
      const mid = this.protocol.midOf(f.frame);
      if (mid !== undefined && !reference.has(f.symbol)) reference.set(f.symbol, mid);
    }
    this.rest = {
      symbols: [...this.known],
      bars: (symbol, fromSec, toSec) => {
        const price = reference.get(symbol);
        return price === undefined ? null : minuteBars(symbol, price, fromSec, toSec);
      },
    };
  }

  /** Starts listening; resolves to the port. */
  listen(): Promise<number> {
    const http = createServer((req, res) => this.answerRest(req, res));
    this.http = http;
    const server = new WebSocketServer({
      server: http,
      verifyClient: (info, done) => done(this.protocol.accept(this.urlOf(info.req.url)) !== null, 404, 'Not Found'),
    });
    this.server = server;
    server.on('connection', (socket, req) => this.connected(socket, this.urlOf(req.url)));
    this.timers.push(setInterval(() => this.play(), 1000 / this.opts.rate));
    this.timers.push(setInterval(() => this.beat(), 1000));
    if (this.protocol.pingMs) this.timers.push(setInterval(() => this.ping(), this.protocol.pingMs));
    return new Promise((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.opts.port, this.opts.host, () => resolve((http.address() as AddressInfo).port));
    });
  }

  /** Cuts every connection, as a lost network would. */
  drop(): number {
    const count = this.connections.size;
    for (const c of this.connections) c.socket.terminate();
    this.connections.clear();
    return count;
  }

  /** Sends each subscribed connection one frame that is not JSON and one with its bid missing. */
  garbage(): number {
    let count = 0;
    for (const c of this.connections) {
      const [symbol] = c.symbols;
      if (symbol === undefined) continue;
      c.socket.send(JSON.stringify(this.protocol.broken(symbol)).slice(0, 30));
      c.socket.send(JSON.stringify(this.protocol.broken(symbol)));
      count++;
    }
    return count;
  }

  /** While silent nothing at all is sent: no frames, heartbeats, pings or answers. */
  silence(on: boolean): number {
    this.silent = on;
    return this.connections.size;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.drop();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.http?.closeAllConnections();
    await new Promise<void>((resolve) => (this.http ? this.http.close(() => resolve()) : resolve()));
  }

  /** A GET of the exchange's REST API; it answers even while silent (only the stream goes quiet). */
  private answerRest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://replay');
    const answer = req.method === 'GET' ? this.protocol.ohlcv(url, this.rest, new Date()) : null;
    if (answer) this.restRequests.push(`${url.pathname}${url.search}`);
    const { status, body } = answer ?? { status: 404, body: { error: 'not found' } };
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private urlOf(path: string | undefined): URL {
    return new URL(path ?? '/', 'ws://replay');
  }

  private connected(socket: WebSocket, url: URL): void {
    const c: Connection = { socket, symbols: new Set(), heartbeats: false, cursor: 0 };
    this.connections.add(c);
    socket.on('close', () => this.connections.delete(c));
    socket.on('error', () => this.connections.delete(c));
    const now = new Date();
    for (const frame of this.protocol.greeting(now)) this.send(c, frame);
    this.subscribe(c, this.protocol.accept(url)?.symbols ?? [], now);
    // Still listens while silent, as a stalled exchange may: subscriptions count, answers are lost.
    socket.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        message = null;
      }
      const now = new Date();
      const answer = this.protocol.answer(message, (s) => this.known.has(s), now);
      for (const reply of answer.replies) this.send(c, reply);
      c.heartbeats ||= answer.heartbeats === true;
      this.subscribe(c, answer.subscribed, now);
    });
  }

  private subscribe(c: Connection, symbols: string[], now: Date): void {
    for (const symbol of symbols) {
      if (c.symbols.has(symbol)) continue;
      c.symbols.add(symbol);
      const latest = this.fixtures.find((f) => f.symbol === symbol);
      if (this.protocol.initialFrames && latest) this.send(c, this.protocol.live(latest.frame, now, true));
    }
  }

  /** Each connection's next frame for one of its symbols. */
  private play(): void {
    if (this.silent) return;
    const now = new Date();
    const n = this.fixtures.length;
    for (const c of this.connections) {
      if (!c.symbols.size) continue;
      for (let tried = 0; tried < n; tried++) {
        const fixture = this.fixtures[c.cursor]!;
        c.cursor = (c.cursor + 1) % n;
        if (!c.symbols.has(fixture.symbol)) continue;
        this.send(c, this.protocol.live(fixture.frame, now, false));
        break;
      }
    }
  }

  private beat(): void {
    if (this.silent) return;
    const now = new Date();
    for (const c of this.connections) {
      if (c.heartbeats) for (const frame of this.protocol.heartbeat([...c.symbols], now)) this.send(c, frame);
    }
  }

  private ping(): void {
    if (this.silent) return;
    for (const c of this.connections) c.socket.ping();
  }

  private send(c: Connection, frame: unknown): void {
    if (this.silent || c.socket.readyState !== c.socket.OPEN) return;
    c.socket.send(JSON.stringify(frame));
  }
}
