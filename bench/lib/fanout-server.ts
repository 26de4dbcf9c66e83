// The server side of bench/private-fanout.ts: the real Bourse server (gateway on /app/{key}) and,
// in the same process, a plain `ws` server broadcasting the same frames, for comparison.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { channels, events } from '../../packages/contract/src/index.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { sessions } from '../../apps/server/src/db/schema/index.ts';
import { hashToken } from '../../apps/server/src/lib/tokens.ts';
import { startServer } from '../../apps/server/src/server.ts';
import { now, serve } from './ipc.ts';

type Payload = Record<string, unknown>;

const dataDir = `/tmp/bourse-bench-${randomBytes(4).toString('hex')}`;
const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
// Workers off: no price simulator or risk engine competing for the CPU being measured.
const server = await startServer({ ...base, port: 0, host: '127.0.0.1', databaseUrl: 'memory://', seedDemoUsers: false, runWorkers: false }, { logger: false });
const { ctx } = server;

// When each chat message reaches the broadcaster, so the report can split its latency into the
// request (HTTP, auth, database) and the delivery.
const publishedAt: number[] = [];
const publish = ctx.broadcaster.publish.bind(ctx.broadcaster);
ctx.broadcaster.publish = (channel, event, data) => {
  const text = (data as { message?: unknown }).message;
  if (event === events.messageSent && channel.startsWith('chat.') && typeof text === 'string' && text.startsWith('bench-')) {
    publishedAt.push(Number(text.slice('bench-'.length)), now());
  }
  return publish(channel, event, data);
};

const raw = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
const rawByIndex = new Map<number, WebSocket>();
raw.on('connection', (ws, req) => rawByIndex.set(Number(new URL(req.url ?? '/', 'http://x').searchParams.get('i')), ws));

/** Customers and one admin, with sessions whose tokens the clients use. */
async function seedUsers(count: number) {
  const rows = await ctx.database.session((s) =>
    s.query<{ id: number; role: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, username, role, status, account_id, account_type_id)
       SELECT 'bench' || g || '@example.com', 'x', 'Bench', 'User ' || g, 'bench' || g, CASE WHEN g = 0 THEN 'admin' ELSE 'customer' END,
              'active', 'BRB' || g, (SELECT id FROM account_types ORDER BY sort LIMIT 1)
       FROM generate_series(0, $1::int) g RETURNING id, role`,
      [count],
    ),
  );
  const users = rows.map((r) => ({ id: r.id, role: r.role, token: randomBytes(24).toString('base64url') }));
  const expiresAt = new Date(Date.now() + 3600_000);
  for (let i = 0; i < users.length; i += 500) {
    await ctx.db.insert(sessions).values(users.slice(i, i + 500).map((u) => ({ userId: u.id, tokenHash: hashToken(u.token), expiresAt })));
  }
  const admin = users.find((u) => u.role === 'admin')!;
  return { admin: { id: admin.id, token: admin.token }, customers: users.filter((u) => u.role === 'customer').map((u) => ({ id: u.id, token: u.token })) };
}

/** Runs `send(i)` for i < count at `perSecond`, recording when each was sent. */
async function paced(count: number, perSecond: number, send: (i: number) => Promise<void> | void): Promise<number[]> {
  const sentAt: number[] = [];
  const start = now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sentAt.push(now());
    await send(i);
  }
  return sentAt;
}

const frameOf = (channel: string, payload: Payload) => JSON.stringify({ event: events.messageSent, channel, data: JSON.stringify(payload) });

serve({
  init: async ({ clients }: { clients: number }) => {
    const users = await seedUsers(clients);
    return {
      url: server.url,
      key: ctx.config.pusher.key,
      rawUrl: `ws://127.0.0.1:${(raw.address() as AddressInfo).port}`,
      ...users,
    };
  },
  cpu: () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  },
  /** `[seq, publishedAt, ...]` of the chat messages published since the last call. */
  published: () => publishedAt.splice(0),
  /** The gateway: each payload to the shared admin channel. */
  gatewayShared: ({ payloads, rate }: { payloads: Payload[]; rate: number }) =>
    paced(payloads.length, rate, (i) => ctx.broadcaster.publish(channels.admin(), events.messageSent, payloads[i])),
  /** Plain ws, the README's broadcast loop: the same frames to every client. */
  rawShared: ({ payloads, rate }: { payloads: Payload[]; rate: number }) =>
    paced(payloads.length, rate, (i) => {
      const frame = frameOf('private-admin', payloads[i]!);
      raw.clients.forEach((client) => {
        if (client.readyState === WebSocket.OPEN) client.send(frame, { binary: false });
      });
    }),
  /** The gateway: one payload to each customer's own chat channel. */
  gatewayEach: ({ sends, rate }: { sends: { customerId: number; payload: Payload }[]; rate: number }) =>
    paced(sends.length, rate, (i) => ctx.broadcaster.publish(channels.chat(sends[i]!.customerId), events.messageSent, sends[i]!.payload)),
  /** Plain ws: one frame to the one client it is for. */
  rawEach: ({ sends, rate }: { sends: { index: number; channel: string; payload: Payload }[]; rate: number }) =>
    paced(sends.length, rate, (i) => {
      const s = sends[i]!;
      rawByIndex.get(s.index)?.send(frameOf(s.channel, s.payload), { binary: false });
    }),
  stop: async () => {
    await new Promise<void>((r) => raw.close(() => r()));
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    setImmediate(() => process.exit(0));
    return true;
  },
});
process.send!({ ready: true });
