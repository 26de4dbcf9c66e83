// The deployment of compose.yaml as processes on this machine: two API nodes and a worker (the price
// feed, risk engine and robots) on one PostgreSQL and one Redis. A customer on node A, the admin on
// node B: chat, notifications, trades and ticks cross between them; node A is killed mid-session and
// its customer carries on from node B without missing a message.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { channels, events, type PriceBatch } from '@bourse/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/tokens.ts';
import { createUser } from '../src/modules/auth/auth.service.ts';
import { tradingRuntime } from '../src/modules/trading/trading-runtime.ts';
import { childServerSetup, freePort, startChild, waitReady, type ChildServer } from './helpers/child-server.ts';
import { PusherSocket } from './helpers/pusher-socket.ts';
import { apiCall, type ApiCall, scratchPostgres, startServerFromSnapshot } from './helpers/test-server.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'multi-node-1';
const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-nodes-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

type Node = { server: ChildServer; url: string; call: ApiCall };
let worker: Node;
let nodeA: Node;
let nodeB: Node;
let customer: { id: number; token: string };
let admin: { id: number; token: string };
let btc: { id: number; symbol: string; name: string };
const priceKey = 'multi-node-price-key';

async function startNode(env: Record<string, string>, runWorkers: boolean): Promise<Node> {
  const port = await freePort();
  const server = startChild({ ...env, PORT: String(port), RUN_WORKERS: String(runWorkers) });
  cleanups.push(() => void (server.child.exitCode === null && server.child.kill('SIGKILL')));
  const url = `http://127.0.0.1:${port}`;
  const call = apiCall(url);
  await waitReady(call, server.output);
  return { server, url, call };
}

// Several nodes share one database, so this runs where there is a PostgreSQL (CI's second pass).
describe.skipIf(!DATABASE_URL)('several API nodes and a worker', () => {
  beforeAll(async () => {
    const database = await scratchPostgres(DATABASE_URL!, 'bourse_nodes');
    cleanups.push(() => database.drop());
    const tag = randomBytes(5).toString('hex');
    const setup = childServerSetup(dataDir, database.url);
    const env = {
      ...setup.env,
      REDIS_URL,
      // What compose.yaml gives every node alike: one secret, one price key, one Redis namespace.
      PUSHER_APP_SECRET: randomBytes(16).toString('hex'),
      PRICE_SOCKET_KEY: priceKey,
      REALTIME_REDIS_PREFIX: `bourse-nodes-${tag}:`,
      PRICE_SOCKET_STREAM: `bourse-nodes-${tag}`,
    };
    // The accounts are made through the database the nodes will share, before they start.
    const prep = await startServerFromSnapshot(setup.config);
    try {
      const passwordHash = await hashPassword(PASSWORD);
      const make = async (role: 'customer' | 'admin') => {
        const email = `${role}.${tag}@example.com`;
        const user = await createUser(prep.ctx, { email, passwordHash, firstName: 'Node', lastName: role, username: `${role}${tag}`, role, status: 'active' });
        const login = await apiCall(prep.url)('POST', '/auth/login', { body: { email, password: PASSWORD } });
        return { id: user.id, token: login.body.data.token as string };
      };
      customer = await make('customer');
      admin = await make('admin');
      const found = await tradingRuntime(prep.ctx).catalog.pair('BTC', 'USD');
      btc = { id: found!.id, symbol: found!.symbol, name: found!.name };
    } finally {
      await prep.close();
    }
    worker = await startNode(env, true);
    [nodeA, nodeB] = await Promise.all([startNode(env, false), startNode(env, false)]);
  }, 180_000);

  /** The customer's private channels on `node`: chat, notifications and trades. */
  async function privateSocket(node: Node): Promise<PusherSocket> {
    const socket = await PusherSocket.open(node);
    cleanups.push(() => socket.close());
    for (const channel of [channels.chat(customer.id), channels.notification(customer.id), channels.trade(customer.id)]) {
      await socket.subscribe(node, customer.token, `private-${channel}`);
    }
    return socket;
  }
  const fromAdmin = (node: Node, message: string) =>
    node.call('POST', '/chat/messages', { token: admin.token, body: { message, customer_id: customer.id } });

  it('carries chat, notifications, trades and ticks between nodes, and survives the loss of one', { timeout: 180_000 }, async () => {
    const onA = await privateSocket(nodeA);

    // Chat and a notification from the admin on B reach the customer's socket on A.
    const sent = await fromAdmin(nodeB, 'Hello from node B');
    expect(sent.status).toBe(201);
    const chat = await onA.next((f) => f.event === events.messageSent && (f.data as { message: string }).message === 'Hello from node B', 10_000);
    expect(chat.channel).toBe(`private-${channels.chat(customer.id)}`);
    expect((await nodeB.call('POST', '/admin/notifications', { token: admin.token, body: { user_id: customer.id, title: 'Hi', message: 'From B' } })).status).toBeLessThan(300);
    expect((await onA.event(`private-${channels.notification(customer.id)}`, events.notification, 10_000)).data).toMatchObject({ title: 'Hi', message: 'From B' });

    // An order placed on A is on B's back office at once, and A's socket hears of it.
    const assets = (await nodeA.call('GET', '/assets', { token: customer.token })).body.data as { id: number; buy_price: number }[];
    const ask = assets.find((a) => a.id === btc.id)!.buy_price;
    const order = { type: 'buy', volume: 0.01, opening_price: ask, id: btc.id, asset_symbol: btc.symbol, asset_name: btc.name };
    const placed = await nodeA.call('POST', '/trades/store', { token: customer.token, body: order });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await onA.event(`private-${channels.trade(customer.id)}`, events.tradeUpdated, 10_000);
    const seenOnB = await nodeB.call('GET', `/admin/clients/${customer.id}/trades?status=open`, { token: admin.token });
    expect(seenOnB.body.data.map((t: { trade_id: string }) => t.trade_id)).toContain(placed.body.data.trade_id);

    // The worker's feed reaches price clients on A.
    const prices: Socket = io(nodeA.url, { path: '/socket.io', transports: ['websocket'], auth: { key: priceKey } });
    cleanups.push(() => void prices.disconnect());
    const batch = new Promise<PriceBatch>((resolve) => prices.once('data:batch', resolve));
    prices.once('connect', () => prices.emit('subscribe:all', { batch: true }));
    expect((await Promise.race([batch, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]))?.data.length).toBeGreaterThan(0);

    // Node A dies. What the admin writes meanwhile is in the history B serves, and from B the
    // customer's new socket hears what comes next: nothing is missed.
    nodeA.server.child.kill('SIGKILL');
    await nodeA.server.exited;
    const lastSeen = chat.data as { created_at: string };
    expect((await fromAdmin(nodeB, 'Sent while A was down')).status).toBe(201);
    const onB = await privateSocket(nodeB);
    const missed = await nodeB.call('GET', `/chat/messages?after=${encodeURIComponent(lastSeen.created_at)}`, { token: customer.token });
    expect(missed.body.data.map((m: { message: string }) => m.message)).toContain('Sent while A was down');
    expect((await fromAdmin(worker, 'And after')).status).toBe(201);
    await onB.next((f) => f.event === events.messageSent && (f.data as { message: string }).message === 'And after', 10_000);
    expect((await nodeB.call('GET', '/open/trades', { token: customer.token })).body.data).toHaveLength(1);
  });
});
