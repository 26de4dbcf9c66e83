import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { channels, events, type PriceBatch } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { CuttableProxy } from './helpers/cuttable-proxy.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { PusherSocket } from './helpers/pusher-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let proxy: CuttableProxy;
let worker: TestServer;
let api1: TestServer;
let api2: TestServer;
let alice: TestUser;
const sockets: Socket[] = [];
const unhandled: unknown[] = [];
const noteUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', noteUnhandled);
  proxy = await CuttableProxy.start(REDIS_URL);
  // One deployment behind the proxy: a worker running the feed and two API nodes without it.
  const base = loadConfig({ NODE_ENV: 'test' });
  const shared = {
    redisUrl: proxy.url,
    market: { ...base.market, stream: `bourse-outage-${randomBytes(6).toString('hex')}` },
    pusher: { ...base.pusher, secret: randomBytes(16).toString('hex') },
    realtime: { ...base.realtime, redisPrefix: `bourse-outage-${randomBytes(6).toString('hex')}:` },
  };
  [worker, api1, api2] = await Promise.all([
    startTestServer({ ...shared, runWorkers: true }),
    startTestServer({ ...shared, runWorkers: false }),
    startTestServer({ ...shared, runWorkers: false }),
  ]);
  alice = await createTestUser(api2);
});
afterAll(async () => {
  process.off('unhandledRejection', noteUnhandled);
  for (const s of sockets) s.disconnect();
  await Promise.all([worker?.close(), api1?.close(), api2?.close()]);
  await proxy?.close();
});

let feedClock = 0;
const tick = (seconds: number) => {
  feedClock = Math.max(feedClock, Date.now()) + seconds * 1000;
  return marketOf(worker.ctx).step(feedClock);
};

/** Ticks the worker's feed until the API node's client sees a batch, or gives up after `ms`. */
async function batchArrives(socket: Socket, ms: number): Promise<boolean> {
  let got = false;
  const onBatch = (_: PriceBatch) => {
    got = true;
  };
  socket.on('data:batch', onBatch);
  const deadline = Date.now() + ms;
  while (!got && Date.now() < deadline) {
    tick(5);
    await new Promise((r) => setTimeout(r, 250));
  }
  socket.off('data:batch', onBatch);
  return got;
}

/** Whether an event published on API node 1 reaches a private channel held on API node 2 within `ms`. */
async function fannedOut(socket: PusherSocket, ms: number): Promise<boolean> {
  const channel = `private-${channels.notification(alice.id)}`;
  const id = Math.floor(Math.random() * 1e9);
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await api1.ctx.broadcaster.publish(channels.notification(alice.id), events.notification, { id, title: 'Hi', message: 'across nodes', color: 'info' });
    await new Promise((r) => setTimeout(r, 250));
    if (socket.frames.some((f) => f.channel === channel && f.event === events.notification && (f.data as { id?: number })?.id === id)) return true;
  }
  return false;
}

describe('a Redis outage under two API nodes and a worker', () => {
  it('keeps every node serving, loses only live cross-node delivery, and resumes it when Redis is back', async () => {
    const prices = io(api1.url, { path: '/socket.io', transports: ['websocket'], auth: { key: api1.ctx.config.priceSocketKey } });
    sockets.push(prices);
    await new Promise<void>((resolve) => prices.once('connect', () => resolve()));
    prices.emit('subscribe:all', { batch: true });
    const channel = await PusherSocket.open(api2);
    await channel.subscribe(api2, alice.token, `private-${channels.notification(alice.id)}`);

    expect(await batchArrives(prices, 10_000)).toBe(true);
    expect(await fannedOut(channel, 5000)).toBe(true);

    await proxy.cut();
    const cutAt = Date.now();
    // Publishing while Redis is away neither throws nor hangs the caller.
    const started = performance.now();
    await api1.ctx.broadcaster.publish(channels.notification(alice.id), events.notification, { id: -1, title: 'Hi', message: 'lost', color: 'info' });
    expect(performance.now() - started).toBeLessThan(2000);
    for (let i = 0; i < 8; i++) {
      tick(5);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Every node still answers, signs in and serves what it holds.
    for (const node of [worker, api1, api2]) {
      expect((await node.call('GET', '/settings')).status).toBe(200);
      const user = await createTestUser(node);
      expect((await node.call('GET', '/user', { token: user.token })).status).toBe(200);
      expect((await node.call('GET', '/assets', { token: user.token })).status).toBe(200);
    }
    expect(Date.now() - cutAt).toBeGreaterThan(1000);

    await proxy.restore();
    expect(await batchArrives(prices, 20_000)).toBe(true);
    expect(await fannedOut(channel, 20_000)).toBe(true);
    channel.close();
    expect(unhandled).toEqual([]);
  });
});
