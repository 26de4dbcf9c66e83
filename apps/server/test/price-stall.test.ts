import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { tradingMessages, type FeedStatus } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { riskEngineOf } from '../src/modules/trading/risk-engine.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** The feed counts as stalled after this much quiet; the test steps the simulator by hand. */
const STALE_MS = 3000;

let server: TestServer;
let socket: Socket;
let feedClock = 0;

beforeAll(async () => {
  const { market } = loadConfig({ NODE_ENV: 'test' });
  server = await startTestServer({ market: { ...market, staleMs: STALE_MS } });
});
afterAll(async () => {
  socket?.disconnect();
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Moves the feed `seconds` on, as the worker's timer would (crypto ticks at every hour). */
const feed = (seconds: number) => {
  feedClock = Math.max(feedClock, Date.now()) + seconds * 1000;
  return marketOf(server.ctx).step(feedClock);
};
const btc = () => marketOf(server.ctx).state.find('BTCUSD') ?? marketOf(server.ctx).state.find('BTC/USD')!;
const quote = () => marketOf(server.ctx).state.quote(btc().id)!;

function order(user: TestUser, overrides: Record<string, unknown> = {}) {
  const inst = btc();
  const q = quote();
  return server.call('POST', '/trades/store', {
    token: user.token,
    body: {
      type: 'buy',
      leverage: 10,
      amount: 0.01,
      qty: 0.01,
      volume: 0.01,
      margin: (q.ask * 0.01) / 10,
      opening_price: q.ask,
      take_profit: 0,
      stop_loss: 0,
      id: inst.id,
      asset_symbol: inst.symbol,
      asset_name: inst.name,
      ...overrides,
    },
  });
}

function statusEvents(): FeedStatus[] {
  const got: FeedStatus[] = [];
  socket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { key: server.ctx.config.priceSocketKey } });
  socket.on('feed:status', (s: FeedStatus) => got.push(s));
  return got;
}

describe('a stalled price feed', () => {
  it('refuses fills at market with a retry hint, tells price clients, and trades again on the first fresh tick', async () => {
    const user = await createTestUser(server);
    const statuses = statusEvents();
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Each fresh order follows a step of the feed, well within STALE_MS even on a busy machine.
    feed(1);
    const opened = await order(user);
    expect(opened.status).toBe(201);

    await sleep(STALE_MS + 1200);
    expect(statuses).toContainEqual({ stalled: true });
    const refused = await order(user);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(tradingMessages.pricesStalled);
    expect(refused.headers.get('retry-after')).toBe('5');
    const close = await server.call('POST', `/trade/${opened.body.data.id}/close`, { token: user.token });
    expect(close.status).toBe(503);
    expect(close.body.message).toBe(tradingMessages.pricesStalled);

    // Pending orders do not fill now, so they are taken; they wait for fresh ticks like every trigger.
    const q = quote();
    const above = await order(user, { order_type: 'stop', price: Number((q.ask * 1.000001).toFixed(2)) + 0.01 });
    const below = await order(user, { type: 'sell', order_type: 'stop', price: Number((q.bid * 0.999999).toFixed(2)) - 0.01, opening_price: q.bid });
    expect([above.status, below.status]).toEqual([201, 201]);

    // A minute of fresh ticks: the feed is live again and BTC has moved past one of the two stops.
    feed(60);
    await riskEngineOf(server.ctx)!.idle();
    feed(0.1);
    expect((await order(user)).status).toBe(201);
    const pending = await server.call('GET', '/pending/orders', { token: user.token });
    expect(pending.status).toBe(200);
    expect(pending.body.data.length).toBeLessThan(2);
    // Kept flowing, the feed is reported live again.
    for (let i = 0; i < 15; i++) {
      feed(0.1);
      await sleep(100);
    }
    expect(statuses.at(-1)).toEqual({ stalled: false });
  });

  it('is judged by wall-clock quiet, not by how far the feed has run', async () => {
    const state = marketOf(server.ctx).state;
    feed(1);
    expect(state.stalled()).toBe(false);
    expect(state.stalled(Date.now() + STALE_MS + 1)).toBe(true);
  });
});
