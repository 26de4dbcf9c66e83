import { WebSocket } from 'ws';
import type { TestServer } from './test-server.ts';

/** A frame as the gateway sends it, with `data` decoded from its JSON string. */
export type Frame = { event: string; channel?: string; data: unknown };

/**
 * A bare Pusher-protocol client over `ws`, for asserting the wire format itself (the protocol
 * tests also drive the real pusher-js). Collects every frame it receives.
 */
export class PusherSocket {
  readonly frames: Frame[] = [];
  readonly ws: WebSocket;
  socketId = '';
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as { event: string; channel?: string; data: unknown };
      const frame = { ...msg, data: typeof msg.data === 'string' ? safeParse(msg.data) : msg.data };
      this.frames.push(frame);
      const matched = this.waiters.filter((w) => w.match(frame));
      this.waiters = this.waiters.filter((w) => !matched.includes(w));
      for (const w of matched) w.resolve(frame);
    });
  }

  /** Opens `/app/{key}` on the server and waits for `pusher:connection_established`. */
  static async open(server: { url: string }, path = '/app/bourse-key?protocol=7&client=js&version=8.6.0'): Promise<PusherSocket> {
    const socket = PusherSocket.connect(server, path);
    const established = await socket.next((f) => f.event === 'pusher:connection_established');
    socket.socketId = (established.data as { socket_id: string }).socket_id;
    return socket;
  }

  /** Opens the socket without waiting for anything (to watch refusals). */
  static connect(server: { url: string }, path: string): PusherSocket {
    return new PusherSocket(new WebSocket(server.url.replace(/^http/, 'ws') + path));
  }

  send(event: string, data: unknown, channel?: string): void {
    this.ws.send(JSON.stringify(channel ? { event, channel, data } : { event, data }));
  }

  /** The first frame, already received or still to come, that matches. */
  next(match: (f: Frame) => boolean, ms = 5000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames.map((f) => f.event))}`)), ms);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  event(channel: string, event: string, ms?: number): Promise<Frame> {
    return this.next((f) => f.channel === channel && f.event === event, ms);
  }

  /** Signs `channel` through POST /broadcasting/auth as `token` and subscribes; resolves on success. */
  async subscribe(server: Pick<TestServer, 'call'>, token: string, channel: string): Promise<void> {
    const res = await server.call('POST', '/broadcasting/auth', { token, body: { socket_id: this.socketId, channel_name: channel } });
    if (res.status !== 200) throw new Error(`auth refused: ${res.status}`);
    this.send('pusher:subscribe', { channel, auth: res.body.auth });
    await this.event(channel, 'pusher_internal:subscription_succeeded');
  }

  close(): void {
    this.ws.terminate();
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
