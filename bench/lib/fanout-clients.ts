// The client side of bench/private-fanout.ts: N Pusher-protocol connections (each on its own chat
// channel and the shared admin channel) and N plain ws connections, recording when frames arrive.
import { WebSocket } from 'ws';
import { now, serve } from './ipc.ts';

type Setup = { url: string; key: string; rawUrl: string; admin: { token: string }; customers: { id: number; token: string }[]; concurrency: number };
type Buckets = { pusherShared: number[]; pusherOwn: number[]; rawShared: number[]; rawOwn: number[] };

const sockets: WebSocket[] = [];
let buckets: Buckets = { pusherShared: [], pusherOwn: [], rawShared: [], rawOwn: [] };
let usersChanged = 0;

/** Records `seq, time` of a message.sent frame; counts users.changed. */
function record(raw: string, source: 'pusher' | 'raw', t: number): void {
  // Only counted: parsing each of these would make the clients, not the server, the bottleneck.
  if (raw.startsWith('{"event":"users.changed"')) return void usersChanged++;
  const frame = JSON.parse(raw) as { event: string; channel?: string; data: string };
  if (frame.event !== 'message.sent') return;
  const message = (JSON.parse(frame.data) as { message: string }).message;
  const seq = Number(message.slice('bench-'.length));
  const shared = frame.channel === 'private-admin';
  const bucket = source === 'pusher' ? (shared ? buckets.pusherShared : buckets.pusherOwn) : shared ? buckets.rawShared : buckets.rawOwn;
  bucket.push(seq, t);
}

async function auth(s: Setup, token: string, socketId: string, channel: string): Promise<string> {
  const res = await fetch(`${s.url}/api/v1/broadcasting/auth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  });
  if (!res.ok) throw new Error(`auth ${channel}: ${res.status}`);
  return ((await res.json()) as { auth: string }).auth;
}

/** One Pusher-protocol client: connect, sign both channels, subscribe, wait for both confirmations. */
function pusherConnection(s: Setup, customer: { id: number; token: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}/app/${s.key}?protocol=7&client=bench&version=1.0`);
    sockets.push(ws);
    let confirmed = 0;
    ws.on('error', reject);
    ws.on('message', (data) => {
      const t = now();
      const text = data.toString();
      if (text.includes('"message.sent"') || text.includes('"users.changed"')) return record(text, 'pusher', t);
      const frame = JSON.parse(text) as { event: string; data: string };
      if (frame.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
        const own = `private-chat.customer.${customer.id}`;
        Promise.all([auth(s, customer.token, socketId, own), auth(s, s.admin.token, socketId, 'private-admin')])
          .then(([a, b]) => {
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: own, auth: a } }));
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-admin', auth: b } }));
          })
          .catch(reject);
      } else if (frame.event === 'pusher_internal:subscription_succeeded' && ++confirmed === 2) resolve();
      else if (frame.event === 'pusher:subscription_error') reject(new Error(text));
    });
  });
}

function rawConnection(s: Setup, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${s.rawUrl}/?i=${index}`);
    sockets.push(ws);
    ws.on('open', () => resolve());
    ws.on('error', reject);
    ws.on('message', (data) => record(data.toString(), 'raw', now()));
  });
}

serve({
  connect: async (s: Setup) => {
    const start = now();
    let next = 0;
    const worker = async () => {
      while (next < s.customers.length) {
        const i = next++;
        await pusherConnection(s, s.customers[i]!);
        await rawConnection(s, i);
      }
    };
    await Promise.all(Array.from({ length: s.concurrency }, worker));
    return { connections: sockets.length, ms: Math.round(now() - start) };
  },
  counts: () => ({
    pusherShared: buckets.pusherShared.length / 2,
    pusherOwn: buckets.pusherOwn.length / 2,
    rawShared: buckets.rawShared.length / 2,
    rawOwn: buckets.rawOwn.length / 2,
    usersChanged,
  }),
  /** Hands over and clears what was recorded. */
  take: () => {
    const taken = { ...buckets, usersChanged };
    buckets = { pusherShared: [], pusherOwn: [], rawShared: [], rawOwn: [] };
    usersChanged = 0;
    return taken;
  },
  stop: () => {
    for (const ws of sockets) ws.terminate();
    setImmediate(() => process.exit(0));
    return true;
  },
});
process.send!({ ready: true });
