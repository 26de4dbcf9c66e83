import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import { PRIVATE_PREFIX } from '@bourse/contract';
import { ownerOf } from './channel-access.ts';
import {
  closeCodes,
  frame,
  MIN_PROTOCOL_VERSION,
  newSocketId,
  parseClientMessage,
  PROTOCOL_VERSION,
  verifyChannelAuth,
  type ClientMessage,
} from './pusher-protocol.ts';

export type GatewayOptions = { key: string; secret: string; activityTimeoutSec: number; log: FastifyBaseLogger };

type Connection = {
  ws: WebSocket;
  socketId: string;
  channels: Set<string>;
  userId: number | null;
  lastSeen: number;
  pinged: boolean;
};

/** Live connections on this node. */
export type GatewayStats = { connections: number; users: number; channels: number };

const MAX_CHANNELS_PER_CONNECTION = 100;
const MAX_MESSAGE_BYTES = 10 * 1024;
// A client that cannot take this much queued output is too slow to keep; it reconnects and catches up.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long a pinged client has to answer; shorter when the activity timeout itself is. */
const PONG_GRACE_MS = 30_000;

/**
 * The private-channel gateway: speaks the Pusher Channels protocol (v7) on `/app/{key}` of the
 * HTTP server, so pusher-js and laravel-echo connect to it unchanged. It handles only upgrades under
 * `/app/` and leaves every other upgrade (Socket.IO's) to its owner.
 */
export class PusherGateway {
  /** Called when a user's first connection on this node appears (true) or their last one ends (false). */
  onPresence: (userId: number, online: boolean) => void = () => {};
  /** Told after each event how many connections it was written to and how many were dropped for falling too far behind. */
  onDelivered: (written: number, dropped: number) => void = () => {};
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  private readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly users = new Map<number, number>();
  private readonly idleTimer: NodeJS.Timeout;
  private readonly opts: GatewayOptions;
  private server: Server | null = null;

  constructor(opts: GatewayOptions) {
    this.opts = opts;
    const activityMs = opts.activityTimeoutSec * 1000;
    this.idleTimer = setInterval(() => this.checkIdle(activityMs), Math.max(250, Math.min(activityMs / 4, 15_000)));
    this.idleTimer.unref();
  }

  attach(server: Server): void {
    this.server = server;
    server.on('upgrade', this.onUpgrade);
  }

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (!req.url?.startsWith('/app/')) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req));
  };

  private accept(ws: WebSocket, req: IncomingMessage): void {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const key = decodeURIComponent(url.pathname.slice('/app/'.length));
    const protocol = Number(url.searchParams.get('protocol') ?? PROTOCOL_VERSION);
    if (key !== this.opts.key) return refuse(ws, closeCodes.appNotFound, `App key ${key} not in this cluster`);
    if (!(protocol >= MIN_PROTOCOL_VERSION && protocol <= PROTOCOL_VERSION)) {
      return refuse(ws, closeCodes.unsupportedProtocol, 'Unsupported protocol version');
    }
    const conn: Connection = { ws, socketId: newSocketId(), channels: new Set(), userId: null, lastSeen: Date.now(), pinged: false };
    this.connections.add(conn);
    ws.on('message', (raw, isBinary) => this.onMessage(conn, isBinary ? null : raw.toString()));
    ws.on('close', () => this.drop(conn));
    ws.on('error', () => ws.terminate());
    ws.send(frame('pusher:connection_established', { socket_id: conn.socketId, activity_timeout: this.opts.activityTimeoutSec }));
  }

  private onMessage(conn: Connection, raw: string | null): void {
    conn.lastSeen = Date.now();
    conn.pinged = false;
    const msg = raw === null ? null : parseClientMessage(raw);
    if (!msg) return sendError(conn.ws, null, 'Invalid message');
    switch (msg.event) {
      case 'pusher:ping':
        return conn.ws.send(frame('pusher:pong', {}));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(conn, msg);
      case 'pusher:unsubscribe':
        return this.unsubscribe(conn, String(msg.data.channel ?? ''));
      default:
        return sendError(conn.ws, null, msg.event.startsWith('client-') ? 'Client events are not enabled' : `Unsupported event ${msg.event.slice(0, 50)}`);
    }
  }

  private subscribe(conn: Connection, msg: ClientMessage): void {
    const channel = typeof msg.data.channel === 'string' ? msg.data.channel : '';
    const deny = (status: number, error: string) =>
      conn.ws.send(frame('pusher:subscription_error', { type: 'AuthError', error, status }, channel));
    if (!channel.startsWith(PRIVATE_PREFIX) || channel.length > 200) return deny(403, 'Only private channels are available.');
    if (!verifyChannelAuth(this.opts.key, this.opts.secret, conn.socketId, channel, msg.data.auth)) {
      return deny(401, 'Invalid signature for this connection and channel.');
    }
    if (!conn.channels.has(channel)) {
      if (conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) return deny(429, 'Too many channels on one connection.');
      conn.channels.add(channel);
      let members = this.channels.get(channel);
      if (!members) this.channels.set(channel, (members = new Set()));
      members.add(conn);
    }
    conn.ws.send(frame('pusher_internal:subscription_succeeded', {}, channel));
    const owner = ownerOf(channel);
    if (owner !== null && conn.userId === null) this.claim(conn, owner);
  }

  private unsubscribe(conn: Connection, channel: string): void {
    if (!conn.channels.delete(channel)) return;
    const members = this.channels.get(channel);
    members?.delete(conn);
    if (members?.size === 0) this.channels.delete(channel);
  }

  private claim(conn: Connection, userId: number): void {
    conn.userId = userId;
    const count = (this.users.get(userId) ?? 0) + 1;
    this.users.set(userId, count);
    if (count === 1) this.onPresence(userId, true);
  }

  private drop(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    // Deleting the entry being visited is safe while iterating a Set.
    for (const channel of conn.channels) this.unsubscribe(conn, channel);
    if (conn.userId === null) return;
    const left = (this.users.get(conn.userId) ?? 1) - 1;
    if (left > 0) return void this.users.set(conn.userId, left);
    this.users.delete(conn.userId);
    this.onPresence(conn.userId, false);
  }

  /**
   * Sends an event to this node's subscribers of `channel` (full protocol name); `dataJson` is the
   * payload already encoded, so one encoding serves every subscriber. Returns how many got it.
   */
  deliver(channel: string, event: string, dataJson: string): number {
    const members = this.channels.get(channel);
    if (!members || members.size === 0) return 0;
    const bytes = Buffer.from(frame(event, dataJson, channel));
    let sent = 0;
    let dropped = 0;
    for (const conn of members) {
      if (conn.ws.readyState !== WebSocket.OPEN) continue;
      if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        conn.ws.terminate();
        dropped++;
        continue;
      }
      conn.ws.send(bytes, { binary: false });
      sent++;
    }
    this.onDelivered(sent, dropped);
    return sent;
  }

  /** Pings connections that have been silent for the activity timeout and drops those that never answer. */
  private checkIdle(activityMs: number): void {
    const now = Date.now();
    const graceMs = Math.min(PONG_GRACE_MS, activityMs);
    for (const conn of this.connections) {
      const idle = now - conn.lastSeen;
      if (idle > activityMs + graceMs) conn.ws.close(closeCodes.pongTimeout, 'Pong reply not received');
      else if (idle > activityMs && !conn.pinged) {
        conn.pinged = true;
        conn.ws.send(frame('pusher:ping', {}));
      }
    }
  }

  stats(): GatewayStats {
    return { connections: this.connections.size, users: this.users.size, channels: this.channels.size };
  }

  /** Users with at least one live, identified connection on this node. */
  connectedUsers(): number[] {
    return [...this.users.keys()];
  }

  isConnected(userId: number): boolean {
    return this.users.has(userId);
  }

  /** Cuts every connection without a close frame, as a crash or network loss would. */
  dropAll(): void {
    // Every socket the server accepted, including refused ones still in their closing handshake.
    for (const ws of this.wss.clients) ws.terminate();
  }

  /** Asks every client to reconnect (elsewhere), waits up to a second for them to go, then cuts the rest. */
  async close(): Promise<void> {
    clearInterval(this.idleTimer);
    this.onPresence = () => {};
    this.server?.off('upgrade', this.onUpgrade);
    for (const conn of this.connections) conn.ws.close(closeCodes.serverRestart, 'Server shutting down');
    const deadline = Date.now() + 1000;
    while (this.connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.dropAll();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function sendError(ws: WebSocket, code: number | null, message: string): void {
  ws.send(frame('pusher:error', { code, message }));
}

function refuse(ws: WebSocket, code: number, message: string): void {
  sendError(ws, code, message);
  ws.close(code, message);
}
