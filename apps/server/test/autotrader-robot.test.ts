import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trades, users } from '../src/db/schema/index.ts';
import { HOUSE_KEY_PREFIX, runAutotraders } from '../src/modules/autotrader/house-robot.ts';
import { upsertCandles } from '../src/modules/market/candle.repository.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
// A pass two days ahead reads only the bars recorded below, never generated history.
const now = Math.floor(Date.now() / 60_000) * 60_000 + 2 * 86_400_000 + 5_000;
const lastOpen = now / 1000 - 5 - 60;

beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  // BTC/USD drifts down for 40 minutes, then the bar that just closed jumps: the fast EMA crosses above the slow one.
  const closes = [...Array.from({ length: 40 }, (_, k) => 60_000 - k * 20), 61_500];
  const start = lastOpen - (closes.length - 1) * 60;
  await upsertCandles(
    server.ctx.db,
    closes.map((close, k) => ({ assetId: market.instruments.btcusd.id, tf: '1m' as const, time: start + k * 60, open: close, high: close, low: close, close, volume: 1 })),
  );
});
afterAll(() => server.close());

async function autotraderUser(risk: 'low' | 'medium' | 'high'): Promise<TestUser> {
  const user = await createTestUser(server);
  await server.ctx.db.update(users).set({ autotrader: true, autotraderRisk: risk }).where(eq(users.id, user.id));
  return user;
}
const houseTrades = (user: TestUser) =>
  server.ctx.db.select().from(trades).where(and(eq(trades.userId, user.id), eq(trades.status, 'open'), like(trades.idempotencyKey, `${HOUSE_KEY_PREFIX}%`)));

describe('the Auto Trader house robot', () => {
  it('buys on the crossover through the order path, once however often the pass runs', async () => {
    const user = await autotraderUser('medium');
    await Promise.all([runAutotraders(server.ctx, now), runAutotraders(server.ctx, now)]);
    await runAutotraders(server.ctx, now);
    const open = await houseTrades(user);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ assetId: market.instruments.btcusd.id, tradeType: 'buy', idempotencyKey: `${HOUSE_KEY_PREFIX}${user.id}:${market.instruments.btcusd.id}:${lastOpen}:0` });
    expect(Number(open[0]!.stopLoss)).toBeGreaterThan(0);
  });

  it('keeps to the SPEC §9 cap on open trades for its risk level', async () => {
    const low = await autotraderUser('low');
    const high = await autotraderUser('high');
    for (const user of [low, high]) {
      for (const n of [1, 2]) {
        const res = await server.call('POST', '/trades/store', { token: user.token, body: market.order(), headers: { 'idempotency-key': `${HOUSE_KEY_PREFIX}seed:${n}` } });
        expect(res.status).toBe(201);
      }
    }
    await runAutotraders(server.ctx, now);
    expect(await houseTrades(low)).toHaveLength(2);
    expect(await houseTrades(high)).toHaveLength(3);
  });

  it('does nothing for a customer who switched it off', async () => {
    const user = await autotraderUser('high');
    expect((await server.call('POST', '/autotrader/off', { token: user.token })).status).toBe(200);
    await runAutotraders(server.ctx, now);
    expect(await houseTrades(user)).toHaveLength(0);
  });
});
