import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotMessages as msg } from '@bourse/contract';
import { eaPurchases, expertAdvisors, notifications, planExpertAdvisors, trades, users } from '../src/db/schema/index.ts';
import { runRobots } from '../src/modules/robots/robots.runner.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { futurePass, recordCrossUp } from './helpers/robot-bars.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let trendRider: number;
const { now, lastOpen } = futurePass();
const params = { lots: 0.01, fast: 5, slow: 20, maType: 'ema', stopLossPct: 1 };

beforeAll(async () => {
  // The tests run the passes themselves, at a moment of their choosing.
  server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 1000, robotPassMs: 0 } });
  market = await useManualMarket(server);
  await recordCrossUp(server, market.instruments.btcusd.id, lastOpen);
  trendRider = (await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'trend-rider')))[0]!.id;
});
afterAll(() => server.close());

async function owner(): Promise<TestUser> {
  const user = await createTestUser(server);
  expect((await server.call('POST', '/purchase/ea', { token: user.token, body: { expert_advisor_id: trendRider } })).status).toBe(200);
  return user;
}
const save = (user: TestUser, body: Record<string, unknown>, eaId = trendRider) =>
  server.call('PUT', `/robots/${eaId}`, { token: user.token, body: { asset_id: market.instruments.btcusd.id, params, ...body } });
const robotsOf = async (user: TestUser) => (await server.call('GET', '/robots', { token: user.token })).body.data as { id: number; status: string; open_positions: number; last_action: string | null }[];
const robotTrades = (user: TestUser) => server.ctx.db.select().from(trades).where(and(eq(trades.userId, user.id), eq(trades.status, 'open')));

describe('Expert Advisors running on the server', () => {
  it('trades through the order path on the bar that closed, once however often the pass runs', async () => {
    const user = await owner();
    const saved = await save(user, { status: 'running' });
    expect(saved.status).toBe(200);
    await Promise.all([runRobots(server.ctx, now), runRobots(server.ctx, now)]);
    await runRobots(server.ctx, now);
    const open = await robotTrades(user);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ tradeType: 'buy', assetId: market.instruments.btcusd.id, idempotencyKey: `robot:${saved.body.data.id}:${market.instruments.btcusd.id}:${lastOpen}:0` });
    const [robot] = await robotsOf(user);
    expect(robot).toMatchObject({ status: 'running', open_positions: 1, last_action: 'Fast MA crossed above slow MA' });
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('keeps to its cap on open positions and does nothing while stopped', async () => {
    const capped = await owner();
    const id = (await save(capped, { status: 'running', max_positions: 1 })).body.data.id as number;
    expect((await server.call('POST', '/trades/store', { token: capped.token, body: market.order(), headers: { 'idempotency-key': `robot:${id}:seed` } })).status).toBe(201);
    const stopped = await owner();
    expect((await save(stopped, { status: 'stopped' })).status).toBe(200);
    await runRobots(server.ctx, now);
    expect(await robotTrades(capped)).toHaveLength(1);
    expect(await robotTrades(stopped)).toHaveLength(0);
  });

  it('validates the parameters with the strategy schema and the advisor with the SPEC messages', async () => {
    const user = await owner();
    const bad = await save(user, { params: { ...params, fast: 30, slow: 20 } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('The fast period must be shorter than the slow one.');
    const notMine = await save(await createTestUser(server), {});
    expect([notMine.status, notMine.body.message]).toEqual([403, msg.notInPlan]);
    const missing = await save(user, {}, 999_999);
    expect([missing.status, missing.body.message]).toEqual([404, msg.notFound]);
  });

  it('is private: another customer neither sees nor deactivates it', async () => {
    const user = await owner();
    await save(user, { status: 'running' });
    const other = await createTestUser(server);
    expect(await robotsOf(other)).toEqual([]);
    const del = await server.call('DELETE', `/robots/${trendRider}`, { token: other.token });
    expect([del.status, del.body.message]).toEqual([404, msg.notActive]);
    expect(await robotsOf(user)).toHaveLength(1);
    expect((await server.call('DELETE', `/robots/${trendRider}`, { token: user.token })).status).toBe(204);
    expect(await robotsOf(user)).toEqual([]);
  });

  it('stops with a notification when the advisor is no longer the customer\'s', async () => {
    const user = await owner();
    await save(user, { status: 'running' });
    await server.ctx.db.update(eaPurchases).set({ status: 'lapsed' }).where(eq(eaPurchases.userId, user.id));
    await runRobots(server.ctx, now);
    expect(await robotTrades(user)).toHaveLength(0);
    expect((await robotsOf(user))[0]!.status).toBe('stopped');
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.find((n) => n.title === 'Expert Advisor stopped')?.message).toContain('Trend Rider');
  });

  it('follows the plan: an advisor the plan no longer includes cannot start and a running one stops', async () => {
    const user = await owner();
    await save(user, { status: 'running' });
    const [{ planId }] = await server.ctx.db.select({ planId: users.accountTypeId }).from(users).where(eq(users.id, user.id));
    const otherPlan = planId === 1 ? 2 : 1;
    await server.ctx.db.insert(planExpertAdvisors).values({ planId: otherPlan, eaId: trendRider });
    try {
      const refused = await save(user, { status: 'running' });
      expect([refused.status, refused.body.message]).toEqual([403, msg.notInPlan]);
      await runRobots(server.ctx, now);
      expect((await robotsOf(user))[0]!.status).toBe('stopped');
      expect(await robotTrades(user)).toHaveLength(0);
    } finally {
      await server.ctx.db.delete(planExpertAdvisors).where(eq(planExpertAdvisors.eaId, trendRider));
    }
  });
});
