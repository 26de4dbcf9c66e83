import { timingSafeEqual } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  priceSocket,
  subscribeAllOptions,
  subscribeDepthRequest,
  subscribeRequest,
  type AssetSnapshot,
  type MarketDepth,
  type PackedPriceUpdate,
  type PriceSocketClientEvents,
  type PriceSocketServerEvents,
} from '@bourse/contract';
import type { Metrics } from '../lib/metrics.ts';
import type { Instrument } from '../modules/market/market-state.ts';
import type { MarketRuntime } from '../modules/market/market.runtime.ts';
import type { CoalescedStep } from '../modules/market/tick-coalescer.ts';
import { encodeEvent, FrameFanout } from './frame-fanout.ts';

/**
 * The adapter sends server-side emits with PUBLISH and never awaits them: one that fails as Redis
 * goes away (an outage, or this node stopping) would end the process as an unhandled rejection.
 * Live prices are best effort across nodes, so the failure is logged and dropped.
 */
function publishingSafely(redis: Redis, log: FastifyBaseLogger): Redis {
  const publish = redis.publish.bind(redis) as (channel: string, message: string | Buffer) => Promise<number>;
  (redis as { publish: unknown }).publish = (channel: string, message: string | Buffer) =>
    publish(channel, message).catch((err: Error) => {
      log.warn({ err: err.message }, 'price socket publish failed');
      return 0;
    });
  return redis;
}

/** Between nodes: the worker's coalesced updates, and catalogue edits to reload. */
type NodeEvents = {
  'market:batch': (updates: PackedPriceUpdate[]) => void;
  'market:asset': (assetId: number) => void;
  'market:depth': (books: MarketDepth[]) => void;
};
type PriceServer = Server<PriceSocketClientEvents, PriceSocketServerEvents, NodeEvents>;
type PriceClient = Socket<PriceSocketClientEvents, PriceSocketServerEvents, NodeEvents>;

const ROOM_EACH = 'all:each';
/** How often the node looks whether its feed stalled or recovered. */
const FEED_CHECK_MS = 1000;
const assetRoom = (id: number) => `asset:${id}`;
const depthRoom = (id: number) => `depth:${id}`;
/** How often books are looked at for changes: a depth panel moves at most this often. */
const DEPTH_MS = 250;

export type PriceSocketOptions = {
  key: string;
  corsOrigins: string[];
  redisUrl: string | null;
  /** Redis stream (and pub/sub prefix) the nodes of one deployment share. */
  stream: string;
  log: FastifyBaseLogger;
  /** Another node changed an instrument: reload it. */
  onRemoteAssetChange(assetId: number): void;
  /** Groups batch subscribers are spread over: the coalescer's (see `MarketSettings.fanoutGroups`). */
  groups: number;
  metrics: Metrics;
};

function sameKey(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * SPEC §7 price socket: Socket.IO on the API's HTTP server, websocket only, API key in the
 * handshake. Coalesced updates go out once per window: one `data:batch` packet to batch
 * subscribers and one `data:update` packet per instrument to per-instrument subscribers, each
 * encoded once for all its receivers. Batch subscribers are spread over groups whose windows end
 * a step apart (see TickCoalescer). With Redis, the worker hands each step's ticks to the other
 * nodes (`serverSideEmit`) and every node coalesces and fans out to its own clients.
 */
export class PriceSocket {
  readonly io: PriceServer;
  private readonly runtime: MarketRuntime;
  private readonly redis: Redis | null;
  private snapshot: { body: string; packet: string } | null = null;
  /** `subscribe:all` with `batch`: one pre-framed `data:batch` per window, written straight to each socket, one group per step. */
  private readonly batchSubscribers: FrameFanout;
  private stalled = false;
  private readonly feedCheck: NodeJS.Timeout;
  private readonly depthCheck: NodeJS.Timeout;
  /** The latest book of each instrument that has one, as sent (its JSON, to see whether it changed). */
  private readonly depths = new Map<number, { book: MarketDepth; json: string }>();
  private closing = false;
  private readonly metrics: Metrics;

  constructor(server: HttpServer, runtime: MarketRuntime, opts: PriceSocketOptions) {
    this.runtime = runtime;
    this.metrics = opts.metrics;
    this.batchSubscribers = new FrameFanout(opts.groups);
    this.redis = opts.redisUrl ? publishingSafely(new Redis(opts.redisUrl), opts.log) : null;
    this.redis?.on('error', (err) => opts.log.warn({ err: err.message }, 'price socket redis error'));
    this.io = new Server(server, {
      path: priceSocket.path,
      transports: ['websocket'],
      serveClient: false,
      // Other upgrades on this server (the private-channel gateway) are not ours to end.
      destroyUpgrade: false,
      cors: opts.corsOrigins.length ? { origin: opts.corsOrigins } : undefined,
      maxHttpBufferSize: 64 * 1024,
      adapter: this.redis ? createAdapter(this.redis, { streamName: opts.stream, channelPrefix: opts.stream, onlyPlaintext: true, blockTimeInMs: 1000 }) : undefined,
    });
    // The upgrade request is not needed after the handshake; dropping it saves memory per connection.
    this.io.engine.on('connection', (raw: { request: unknown }) => {
      raw.request = null;
    });
    this.io.use((socket, next) => (sameKey(socket.handshake.auth?.key, opts.key) ? next() : next(new Error('Invalid API key'))));
    this.io.on('connection', (socket) => this.onConnection(socket));
    this.io.on('market:batch', (updates) => runtime.applyBatch(updates));
    this.io.on('market:asset', (assetId) => opts.onRemoteAssetChange(assetId));
    this.io.on('market:depth', (books) => this.sendDepths(books));
    this.feedCheck = setInterval(() => this.checkFeed(), FEED_CHECK_MS);
    this.feedCheck.unref();
    this.depthCheck = setInterval(() => this.checkDepths(), DEPTH_MS);
    this.depthCheck.unref();
  }

  /** Each node judges its own feed (a worker's ticks may stop reaching one node only) and tells its clients. */
  checkFeed(now = Date.now()): void {
    const stalled = this.runtime.state.stalled(now);
    if (stalled === this.stalled) return;
    this.stalled = stalled;
    this.io.local.emit(priceSocket.events.feed, { stalled });
  }

  /** On the node running the sources: the books that changed go to this node's subscribers and to the other nodes. */
  checkDepths(): void {
    const feeds = this.runtime.feeds;
    if (!feeds) return;
    const changed: MarketDepth[] = [];
    for (const i of feeds.stateIndex) {
      const book = feeds.depthOf(i);
      if (book && JSON.stringify([book.bids, book.asks]) !== this.depths.get(book.id)?.json) changed.push(book);
    }
    if (!changed.length) return;
    if (this.crossNode) this.io.serverSideEmit('market:depth', changed);
    this.sendDepths(changed);
  }

  private sendDepths(books: MarketDepth[]): void {
    const rooms = this.io.of('/').adapter.rooms;
    for (const book of books) {
      this.depths.set(book.id, { book, json: JSON.stringify([book.bids, book.asks]) });
      if (rooms.get(depthRoom(book.id))?.size) this.io.local.to(depthRoom(book.id)).emit(priceSocket.events.depth, book);
    }
  }

  private onConnection(socket: PriceClient): void {
    const leaveDepth = () => {
      for (const room of [...socket.rooms]) if (room.startsWith('depth:')) void socket.leave(room);
    };
    socket.on(priceSocket.events.subscribeDepth, (request) => {
      const parsed = subscribeDepthRequest.safeParse(request);
      if (!parsed.success) return;
      leaveDepth();
      void socket.join(depthRoom(parsed.data.id));
      const known = this.depths.get(parsed.data.id);
      if (known) socket.emit(priceSocket.events.depth, known.book);
    });
    socket.on(priceSocket.events.unsubscribeDepth, leaveDepth);
    if (this.stalled) socket.emit(priceSocket.events.feed, { stalled: true });
    socket.on(priceSocket.events.subscribeAll, (options) => {
      const parsed = subscribeAllOptions.safeParse(options ?? {}).data;
      const batch = parsed?.batch === true;
      // Batches bypass Engine.IO's queue, so they start once the snapshot has left it: an older
      // snapshot arriving after a newer batch would set prices back.
      const start = () => {
        if (!socket.connected) return;
        // The first batch carries every instrument: what moved since the snapshot (or the list the
        // client has) was made, before its group's first turn, would otherwise stay unseen until it moves again.
        if (batch) this.batchSubscribers.add(socket, { catchUpFirst: true });
        else void socket.join(ROOM_EACH);
      };
      if (batch) void socket.leave(ROOM_EACH);
      else this.batchSubscribers.delete(socket);
      if (parsed?.snapshot !== false) this.sendSnapshot(socket, start);
      else start();
    });
    socket.on(priceSocket.events.subscribe, (request, ack) => {
      const picked = this.resolve(request);
      for (const inst of picked ?? []) void socket.join(assetRoom(inst.id));
      if (typeof ack !== 'function') return;
      const reply: AssetSnapshot = picked
        ? { success: true, data: picked.map((inst) => this.runtime.state.asset(inst)) }
        : { success: false, data: [], message: 'Expected a list of symbols or asset ids.' };
      ack(reply);
    });
    socket.on(priceSocket.events.unsubscribe, (request) => {
      for (const inst of this.resolve(request) ?? []) void socket.leave(assetRoom(inst.id));
    });
    socket.on(priceSocket.events.unsubscribeAll, () => {
      for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room);
      this.batchSubscribers.delete(socket);
    });
  }

  private resolve(request: unknown): Instrument[] | null {
    const parsed = subscribeRequest.safeParse(request);
    if (!parsed.success) return null;
    const keys = Array.isArray(parsed.data) ? parsed.data : parsed.data.symbols;
    const found = keys.map((k) => this.runtime.state.find(k)).filter((inst): inst is Instrument => !!inst?.enabled);
    return [...new Set(found)];
  }

  /**
   * `data:all` as one pre-encoded Socket.IO event packet (`2["data:all",{...}]`), built from the
   * cached asset list, written straight to the connection: thousands of clients subscribing at
   * once cost one serialisation per second instead of one each.
   */
  private sendSnapshot(socket: PriceClient, sent: () => void): void {
    const body = this.runtime.assetsJson();
    if (this.snapshot?.body !== body) this.snapshot = { body, packet: `2["${priceSocket.events.all}",{"success":true,${body.slice(1)}]` };
    socket.conn.write(this.snapshot.packet, {}, sent);
  }

  /** A `data:batch` of the given instruments' latest values (the enabled ones), encoded for the wire. */
  private batchEvent(indices: Iterable<number>) {
    const { state } = this.runtime;
    const data: PackedPriceUpdate[] = [];
    for (const i of indices) if (state.instruments[i]!.enabled) data.push(state.packed(state.instruments[i]!));
    return data.length ? encodeEvent(priceSocket.events.batch, JSON.stringify({ ts: Date.now(), data })) : null;
  }

  /**
   * Sends one step of the coalescer: its ticks to the other nodes (from the worker), the window's
   * latest values to the batch subscribers whose group's turn it is, and once a window (group 0)
   * one `data:update` per instrument to per-instrument subscribers.
   */
  readonly publish = ({ ticked, window, group }: CoalescedStep): void => {
    const { state } = this.runtime;
    const { metrics } = this;
    if (ticked.length && this.crossNode && this.runtime.simulator) {
      this.io.serverSideEmit('market:batch', ticked.map((i) => state.packed(state.instruments[i]!)));
      metrics.ticksOut.inc({ channel: 'peers' }, ticked.length);
    }
    if (this.batchSubscribers.hasMembers(group)) {
      const event = this.batchEvent(window);
      if (event) {
        const { written, skipped } = this.batchSubscribers.send(event, () => this.batchEvent(state.instruments.keys())!, group);
        metrics.ticksOut.inc({ channel: 'batch' }, window.length);
        metrics.fanoutFrames.inc({ channel: 'prices', result: 'written' }, written);
        if (skipped) metrics.fanoutFrames.inc({ channel: 'prices', result: 'skipped' }, skipped);
        metrics.fanoutLag.observe(this.oldestAge(window));
      }
    }
    if (group !== 0) return;
    const rooms = this.io.of('/').adapter.rooms;
    const everyone = (rooms.get(ROOM_EACH)?.size ?? 0) > 0;
    for (const i of window) {
      const inst = state.instruments[i]!;
      if (!inst.enabled || (!everyone && !rooms.get(assetRoom(inst.id))?.size)) continue;
      this.io.local.to([ROOM_EACH, assetRoom(inst.id)]).emit(priceSocket.events.update, state.update(inst));
      metrics.ticksOut.inc({ channel: 'update' });
    }
  };

  /** Seconds since the oldest of these instruments' prices was ticked (on the worker, for a price from it). */
  private oldestAge(indices: Iterable<number>): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const i of indices) oldest = Math.min(oldest, this.runtime.state.at[i]!);
    return Number.isFinite(oldest) ? Math.max(0, Date.now() - oldest) / 1000 : 0;
  }

  /** Whether the price stream's Redis connection is up, asked at any time; null without Redis. */
  get redisConnected(): (() => boolean) | null {
    const { redis } = this;
    return redis ? () => redis.status === 'ready' : null;
  }

  /** Whether other nodes can be told anything now: Redis is up and this node is not stopping. */
  private get crossNode(): boolean {
    return !this.closing && this.redis?.status === 'ready';
  }

  /** Tells the other nodes an instrument changed. */
  assetChanged(assetId: number): void {
    if (this.crossNode) this.io.serverSideEmit('market:asset', assetId);
  }

  /** Disconnects every client and leaves the HTTP server to its owner (`io.close()` would close it too). */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.feedCheck);
    clearInterval(this.depthCheck);
    this.io.local.disconnectSockets(true);
    await this.io.of('/').adapter.close();
    this.io.engine.close();
    await this.redis?.quit().catch(() => {});
  }
}
