import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { unpackPriceUpdate, type AssetSnapshot, type PriceBatch, type PriceUpdate } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { updateAsset } from '../src/modules/market/asset.repository.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { createTestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let worker: TestServer;
let api: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  // One deployment: a worker node running the feed and an API node without it, on one Redis stream.
  const base = loadConfig({ NODE_ENV: 'test' });
  const market = { ...base.market, stream: `bourse-test-prices-${randomBytes(6).toString('hex')}` };
  [worker, api] = await Promise.all([
    startTestServer({ redisUrl: REDIS_URL, market, runWorkers: true }),
    startTestServer({ redisUrl: REDIS_URL, market, runWorkers: false }),
  ]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all([worker?.close(), api?.close()]);
});

function connect(node: TestServer): Socket {
  const socket = io(node.url, { path: '/socket.io', transports: ['websocket'], auth: { key: node.ctx.config.priceSocketKey }, reconnectionAttempts: 5, reconnectionDelay: 2000, timeout: 10000 });
  sockets.push(socket);
  return socket;
}

const within = <T>(ms: number, subscribe: (done: (v: T) => void) => void) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    subscribe((v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });

let feedClock = 0;
const tick = (seconds: number) => {
  feedClock = Math.max(feedClock, Date.now()) + seconds * 1000;
  return marketOf(worker.ctx).step(feedClock);
};

describe('price socket across nodes (Redis)', () => {
  it('runs the feed on the worker node only', () => {
    expect(marketOf(worker.ctx).simulator).not.toBeNull();
    expect(marketOf(api.ctx).simulator).toBeNull();
  });

  it('delivers the worker’s ticks to clients of the API node, and moves its prices', async () => {
    const socket = connect(api);
    const snapshot = within<AssetSnapshot>(20_000, (done) => socket.once('data:all', done));
    socket.on('connect', () => socket.emit('subscribe:all', { batch: true }));
    expect((await snapshot).data.length).toBeGreaterThanOrEqual(2000);
    await new Promise((r) => setTimeout(r, 300)); // the API node's stream reader is listening
    const batch = within<PriceBatch>(10_000, (done) => socket.once('data:batch', done));
    expect(tick(20)).toBeGreaterThan(0);
    const updates = (await batch).data.map(unpackPriceUpdate);
    const btcId = marketOf(worker.ctx).state.find('BTCUSD')!.id;
    const btc = updates.find((u) => u.id === btcId)!;
    expect(btc.price).toBe(worker.ctx.prices!.quote(btcId)!.price);
    expect(api.ctx.prices!.quote(btcId)!.price).toBe(btc.price);
    socket.disconnect();
  });

  it('serves a selective subscription on the API node', async () => {
    const socket = connect(api);
    await within(10_000, (done) => socket.once('connect', () => done(null)));
    const ethId = marketOf(api.ctx).state.find('ETHUSD')!.id;
    const ack = await new Promise<AssetSnapshot>((resolve) => socket.emit('subscribe', ['ETHUSD'], resolve));
    expect(ack.data.map((a) => a.id)).toEqual([ethId]);
    const got: PriceUpdate[] = [];
    socket.on('data:update', (u: PriceUpdate) => got.push(u));
    tick(30);
    await within(10_000, (done) => socket.once('data:update', done));
    await new Promise((r) => setTimeout(r, 300));
    expect(new Set(got.map((u) => u.id))).toEqual(new Set([ethId]));
    socket.disconnect();
  });

  it('has every node reload an instrument an admin changed on one of them', async () => {
    const admin = await createTestUser(worker, { role: 'admin' });
    const id = marketOf(worker.ctx).state.find('NZDCAD')!.id;
    const patch = { sell_spread: 0.0031, leverage: 7 };
    // Each test node has its own database: give the API node's the row a shared database would hold.
    await updateAsset(api.ctx.db, id, patch);
    expect(marketOf(api.ctx).state.find(id)!.leverage).not.toBe(7);
    expect((await worker.call('PATCH', `/admin/assets/${id}`, { token: admin.token, body: patch })).status).toBe(200);
    await within(5000, (done) => {
      const poll = setInterval(() => {
        if (marketOf(api.ctx).state.find(id)!.leverage === 7) {
          clearInterval(poll);
          done(null);
        }
      }, 50);
    });
    expect(api.ctx.prices!.quote(id)!.bid).toBeCloseTo(api.ctx.prices!.quote(id)!.price * (1 - 0.0031), 8);
  });
});
