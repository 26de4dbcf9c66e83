import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trades, users } from '../src/db/schema/index.ts';
import { HOUSE_KEY_PREFIX, runAutotraders } from '../src/modules/autotrader/house-robot.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { futurePass, recordCrossUp } from './helpers/robot-bars.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { placeAsServer, type TestMarket, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
const { now, lastOpen } = futurePass();

beforeAll(async () => {
  // The tests run the passes themselves, at a moment of their choosing.
  server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 1000, robotPassMs: 0 } });
  market = await useManualMarket(server);
  await recordCrossUp(server, market.instruments.btcusd.id, lastOpen);
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
        const res = await placeAsServer(server, market, user, `${HOUSE_KEY_PREFIX}${user.id}:seed:${n}`);
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
