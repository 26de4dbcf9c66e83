import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotMessages as msg } from '@bourse/contract';
import { eaPurchases, expertAdvisors, notifications, planExpertAdvisors, robots as robotsTable, tradingAccounts, trades, users } from '../src/db/schema/index.ts';
import { runRobots } from '../src/modules/robots/robots.runner.ts';
import { closeTrade } from '../src/modules/trading/positions.service.ts';
import { postEntry, unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { futurePass, recordCrossUp } from './helpers/robot-bars.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { placeAsServer, type TestMarket, tick, useManualMarket } from './helpers/trading.ts';

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
  await fundLiveAccount(server, user);
  expect((await server.call('POST', '/purchase/ea', { token: user.token, body: { expert_advisor_id: trendRider } })).status).toBe(200);
  return user;
}
const save = (user: TestUser, body: Record<string, unknown>, eaId = trendRider) =>
  server.call('PUT', `/robots/${eaId}`, { token: user.token, body: { asset_id: market.instruments.btcusd.id, params, ...body } });
type RobotView = { id: number; account_id: number; status: string; open_positions: number; today_pnl: number; last_action: string | null };
const robotsOf = async (user: TestUser) => (await server.call('GET', '/robots', { token: user.token })).body.data as RobotView[];
const accountsOf = (user: TestUser) => server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
const notesOf = (user: TestUser) => server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
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
    expect(robot).toMatchObject({ status: 'running', open_positions: 1, last_action: 'Fast MA crossed above slow MA: Bought 0.01 lots (0.01 units) at 60010.00' });
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('leaves be the order an earlier pass placed on this bar at another price, without calling it refused', async () => {
    const user = await owner();
    const id = (await save(user, { status: 'running' })).body.data.id as number;
    const btc = market.instruments.btcusd.id;
    // An earlier pass bought on this bar, and the position has closed within the minute since.
    const earlier = await placeAsServer(server, market, user, `robot:${id}:${btc}:${lastOpen}:0`, { id: btc, opening_price: server.ctx.prices!.quote(btc)!.ask });
    await closeTrade(server.ctx, user.id, earlier.body.data.id, undefined, Date.now());
    await runRobots(server.ctx, now);
    expect(await robotTrades(user)).toHaveLength(0);
    const [robot] = await robotsOf(user);
    expect(robot!.status).toBe('running');
    expect(robot!.last_action ?? '').not.toMatch(/refused/);
  });

  it('keeps to its cap on open positions and does nothing while stopped', async () => {
    const capped = await owner();
    const id = (await save(capped, { status: 'running', max_positions: 1 })).body.data.id as number;
    expect((await placeAsServer(server, market, capped, `robot:${id}:seed`)).status).toBe(201);
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

  it('trades on the account it was given, with no more lots per order than its cap, tagged as its own', async () => {
    const user = await owner();
    const [demo, live] = await accountsOf(user);
    const saved = await save(user, { status: 'running', account_id: demo!.id, max_lots: 0.02, params: { ...params, lots: 0.05 } });
    expect(saved.body.data).toMatchObject({ account_id: demo!.id, max_lots: 0.02 });
    await runRobots(server.ctx, now);
    const open = await robotTrades(user);
    expect(open.map((t) => [t.accountId, t.lots])).toEqual([[demo!.id, '0.02']]);
    const listed = (await server.call('GET', '/open/trades', { token: user.token })).body.data as { placed_by: string; robot_id: number | null }[];
    expect(listed).toEqual([expect.objectContaining({ placed_by: 'robot', robot_id: saved.body.data.id })]);

    // The live account has no money: the engine refuses the robot as it would the customer.
    const broke = await owner();
    const [, brokeLive] = await accountsOf(broke);
    await server.ctx.db.transaction((tx) => postEntry(tx, { accountId: brokeLive!.id, kind: 'withdrawal', amount: `-${brokeLive!.balance}` }));
    await save(broke, { status: 'running', account_id: brokeLive!.id });
    await runRobots(server.ctx, now);
    expect(await robotTrades(broke)).toHaveLength(0);
    expect((await robotsOf(broke))[0]!.last_action).toMatch(/^Order refused: /);

    const foreign = await save(await owner(), { account_id: live!.id });
    expect([foreign.status, foreign.body.message]).toEqual([422, msg.badAccount]);
  });

  it('the kill switch stops every robot on the account and keeps them from starting until it is off', async () => {
    const user = await owner();
    const [demo] = await accountsOf(user);
    await save(user, { status: 'running' });
    const other = await owner();
    expect((await server.call('POST', '/robots/kill_switch', { token: other.token, body: { account_id: demo!.id, halted: true } })).status).toBe(422);

    const off = await server.call('POST', '/robots/kill_switch', { token: user.token, body: { account_id: demo!.id, halted: true } });
    expect(off.body.data).toEqual({ account_id: demo!.id, halted: true, stopped: 1 });
    const listed = (await server.call('GET', '/robots', { token: user.token })).body;
    expect(listed.halted_account_ids).toEqual([demo!.id]);
    expect(listed.data[0]).toMatchObject({ status: 'stopped', last_action: msg.killSwitch });
    const refused = await save(user, { status: 'running' });
    expect([refused.status, refused.body.message]).toEqual([409, msg.halted]);
    await runRobots(server.ctx, now);
    expect(await robotTrades(user)).toHaveLength(0);

    expect((await server.call('POST', '/robots/kill_switch', { token: user.token, body: { halted: false } })).body.data).toEqual({ account_id: demo!.id, halted: false, stopped: 0 });
    expect((await save(user, { status: 'running' })).status).toBe(200);
  });

  it('stops with a notification once its trades closed today lost the daily loss limit', async () => {
    const user = await owner();
    const id = (await save(user, { status: 'running', daily_loss_limit: 50 })).body.data.id as number;
    const seeded = await placeAsServer(server, market, user, `robot:${id}:seed`, { volume: 0.1 });
    await tick(market, market.instruments.eurusd.id, 1.0939, 1.0941);
    try {
      expect((await server.call('POST', `/trade/${seeded.body.data.id}/close`, { token: user.token })).body.data.pnl).toBe('-62.00');
    } finally {
      await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
    }
    expect((await robotsOf(user))[0]).toMatchObject({ status: 'running', today_pnl: -62 });
    await runRobots(server.ctx, now);
    expect((await robotsOf(user))[0]).toMatchObject({ status: 'stopped', last_action: msg.dailyLoss });
    expect(await robotTrades(user)).toHaveLength(0);
    expect((await notesOf(user)).map((n) => n.message)).toContain(`Trend Rider: ${msg.dailyLoss}`);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('stops with a notification when its account is stopped out or the customer is disabled', async () => {
    const stoppedOut = await owner();
    await save(stoppedOut, { status: 'running' });
    const btc = market.instruments.btcusd.id;
    await server.call('POST', '/trades/store', { token: stoppedOut.token, body: market.order({ id: btc, volume: 1.2, opening_price: 60_010 }) });
    await tick(market, btc, 50_010, 50_030);
    await tick(market, btc, 59_990, 60_010);
    const [closed] = await server.ctx.db.select().from(trades).where(eq(trades.userId, stoppedOut.id));
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'stop_out' });
    const disabled = await owner();
    await save(disabled, { status: 'running' });
    await server.ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, disabled.id));

    await runRobots(server.ctx, now);
    expect(await robotTrades(stoppedOut)).toHaveLength(0);
    expect(await robotTrades(disabled)).toHaveLength(0);
    const [a] = await server.ctx.db.select().from(robotsTable).where(eq(robotsTable.userId, stoppedOut.id));
    const [b] = await server.ctx.db.select().from(robotsTable).where(eq(robotsTable.userId, disabled.id));
    expect([a!.status, a!.lastAction, b!.status, b!.lastAction]).toEqual(['stopped', msg.stoppedOut, 'stopped', msg.accountDisabled]);
    expect((await notesOf(stoppedOut)).map((n) => n.message)).toContain(`Trend Rider: ${msg.stoppedOut}`);
    expect((await notesOf(disabled)).map((n) => n.message)).toContain(`Trend Rider: ${msg.accountDisabled}`);
  });
});

describe('a robot started without parameters', () => {
  const advertised = async (slug: string) => (await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, slug)))[0]!;
  const day = 86_400_000;

  it('runs exactly what the card shows and the backtest runs: Trend Rider EMA 12/26 with its 1 % stop, RSI Snapback with its 0.8 % stop', async () => {
    for (const [slug, expected] of [
      ['trend-rider', { lots: 0.1, fast: 12, slow: 26, maType: 'ema', takeProfitPct: 0, stopLossPct: 1 }],
      ['rsi-snapback', { lots: 0.1, period: 14, oversold: 30, overbought: 70, takeProfitPct: 0, stopLossPct: 0.8 }],
    ] as const) {
      const item = await advertised(slug);
      const user = await createTestUser(server);
      await fundLiveAccount(server, user);
      expect((await server.call('POST', '/purchase/ea', { token: user.token, body: { expert_advisor_id: item.id } })).status).toBe(200);
      const card = ((await server.call('GET', '/expert_advisors', { token: user.token })).body.data as { id: number; default_params: unknown }[]).find((i) => i.id === item.id)!;
      const backtest = await server.call('POST', '/backtests', {
        token: user.token,
        body: { ea_id: item.id, params: {}, asset_id: market.instruments.btcusd.id, timeframe: '1h', from: new Date(Date.now() - 2 * day).toISOString(), to: new Date().toISOString() },
      });
      expect(backtest.status).toBe(201);
      const started = await server.call('PUT', `/robots/${item.id}`, { token: user.token, body: { asset_id: market.instruments.btcusd.id, params: {}, status: 'running' } });
      expect(started.status).toBe(200);
      expect(card.default_params).toEqual(expected);
      expect(backtest.body.data.params).toEqual(expected);
      expect(started.body.data.params).toEqual(expected);
      expect((await robotsOf(user))[0]).toMatchObject({ params: expected });

      // On the recorded jump Trend Rider buys and RSI Snapback sells, each with its advertised stop from the fill.
      await runRobots(server.ctx, now);
      const [trade] = await robotTrades(user);
      expect(trade, slug).toBeDefined();
      const open = Number(trade!.openingPrice);
      const stop = trade!.tradeType === 'buy' ? open * (1 - expected.stopLossPct / 100) : open * (1 + expected.stopLossPct / 100);
      expect([slug, trade!.tradeType]).toEqual([slug, slug === 'trend-rider' ? 'buy' : 'sell']);
      expect(Number(trade!.stopLoss)).toBeCloseTo(stop, 0);
      await server.call('DELETE', `/robots/${item.id}`, { token: user.token });
    }
  });

  it('fills in what the customer leaves out from the advisor, not from the strategy', async () => {
    const item = await advertised('trend-rider');
    const user = await owner();
    const res = await server.call('PUT', `/robots/${item.id}`, { token: user.token, body: { asset_id: market.instruments.btcusd.id, params: { lots: 0.02 } } });
    expect(res.body.data.params).toEqual({ ...item.defaultParams, lots: 0.02 });
  });
});
