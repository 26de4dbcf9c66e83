import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGroups, trades, tradingAccounts } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { exposuresOf } from '../src/modules/trading/trades.repository.ts';
import { tradingRuntime } from '../src/modules/trading/trading-runtime.ts';
import { Valuer } from '../src/modules/trading/valuation.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { type TestMarket, tick, useManualMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let eurusd: number;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  eurusd = market.instruments.eurusd.id;
});
afterAll(() => server.close());

type Group = { id: number; name: string; markup: Record<string, number> };
const groupBody = (markup: Record<string, number>, over: Record<string, unknown> = {}) => ({ name: `Markup ${crypto.randomUUID().slice(0, 8)}`, commission_mode: 'none', markup, ...over });

async function createGroup(markup: Record<string, number>): Promise<Group> {
  const res = await server.call('POST', '/admin/groups', { token: admin.token, body: groupBody(markup) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Group;
}

/** A customer whose demo account (their first) is in `group`. */
async function customerIn(group: Group): Promise<{ user: TestUser; accountId: number }> {
  const user = await createTestUser(server);
  const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(asc(tradingAccounts.id));
  const res = await server.call('PUT', `/admin/accounts/${account!.id}/group`, { token: admin.token, body: { group_id: group.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { user, accountId: account!.id };
}

type Placed = { data: { id: number; opening_price: number; markup: number; pnl: string; status: string }; receipt: { filled_price: number; spread: number; slippage: number } | null };
async function place(user: TestUser, order: Record<string, unknown>): Promise<Placed> {
  const res = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ volume: 1, ...order }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Placed;
}
const tradeRow = async (id: number) => (await server.ctx.db.select().from(trades).where(eq(trades.id, id)))[0]!;

describe('group markup', () => {
  // EUR/USD has 5 digits: 20 points are 0.00020 on each side.
  it('fills, values and closes a group\'s trades on the quote widened by its markup', async () => {
    await tick(market, eurusd, 1.0999, 1.1001);
    const { user } = await customerIn(await createGroup({ forex: 5, [market.instruments.eurusd.symbol]: 20 }));
    const buy = await place(user, { opening_price: 1.1003 });
    expect(buy.data.opening_price).toBe(1.1003);
    expect(buy.data.markup).toBe(0.0002);
    // The price the ticket showed is the price it got: no slippage; the spread crossed is the group's.
    expect(buy.receipt!.slippage).toBe(0);
    expect(buy.receipt!.spread).toBeCloseTo(0.0006, 10);
    // 100,000 units closing at 1.0997 (the bid less the markup) from 1.1003.
    expect(buy.data.pnl).toBe('-60.00');

    const sell = await place(user, { type: 'sell', opening_price: 1.0997 });
    expect(sell.data.opening_price).toBe(1.0997);

    await tick(market, eurusd, 1.1009, 1.1011);
    const closed = await server.call('POST', `/trade/${buy.data.id}/close`, { token: user.token });
    expect(closed.status).toBe(200);
    expect(closed.body.data.closing_price).toBe(1.1007);
    expect(closed.body.data.pnl).toBe('40.00');
    const closedSell = await server.call('POST', `/trade/${sell.data.id}/close`, { token: user.token });
    expect(closedSell.body.data.closing_price).toBe(1.1013);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('fires take-profit, stop-loss and pending entries where the customer\'s quote reaches them', async () => {
    await tick(market, eurusd, 1.0999, 1.1001);
    const { user } = await customerIn(await createGroup({ forex: 20 }));
    const buy = await place(user, { opening_price: 1.1003, take_profit: 1.101, stop_loss: 1.099 });
    const limit = await place(user, { order_type: 'limit', price: 1.099, opening_price: 1.099 });
    expect(limit.data.status).toBe('pending');

    // The bid reaches the take-profit, the customer's bid (0.0002 lower) does not.
    await tick(market, eurusd, 1.101, 1.1012);
    expect((await tradeRow(buy.data.id)).status).toBe('open');
    await tick(market, eurusd, 1.1012, 1.1014);
    const tp = await tradeRow(buy.data.id);
    expect([tp.status, tp.closeReason, Number(tp.closingPrice)]).toEqual(['closed', 'tp', 1.101]);

    // The ask reaches the limit, the customer's ask (0.0002 higher) does not; then it does.
    await tick(market, eurusd, 1.0988, 1.099);
    expect((await tradeRow(limit.data.id)).status).toBe('pending');
    await tick(market, eurusd, 1.0986, 1.0988);
    const filled = await tradeRow(limit.data.id);
    expect([filled.status, Number(filled.openingPrice)]).toEqual(['open', 1.099]);
    await server.call('POST', `/trade/${limit.data.id}/close`, { token: user.token });
  });

  it('values an account the same from its trades and from its exposure sums', async () => {
    await tick(market, eurusd, 1.0999, 1.1001);
    const { user, accountId } = await customerIn(await createGroup({ forex: 15 }));
    await place(user, { volume: 0.1, opening_price: 1.10025 });
    await place(user, { type: 'sell', volume: 0.2, opening_price: 1.09975 });
    await tick(market, eurusd, 1.1004, 1.1006);
    const summary = await server.call('GET', `/account/summary?account_id=${accountId}`, { token: user.token });
    expect(summary.status).toBe(200);
    const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
    const valuer = new Valuer(tradingRuntime(server.ctx).catalog, market.prices, account!.currency);
    const free = await valuer.freeMargin(account!.balance, await exposuresOf(server.ctx.db, accountId));
    expect(free.toFixed(2)).toBe(summary.body.data.freeMargin);
    // The long closes at 1.10040 − 0.00015, where it opened; the short pays 20,000 × (1.09975 − (1.10060 + 0.00015)).
    expect(summary.body.data.pnl).toBe('-20.00');
  });

  it('keeps an open position on the markup it opened with when the group changes', async () => {
    await tick(market, eurusd, 1.0999, 1.1001);
    const group = await createGroup({ forex: 20 });
    const { user } = await customerIn(group);
    const buy = await place(user, { opening_price: 1.1003 });
    const res = await server.call('PUT', `/admin/groups/${group.id}`, { token: admin.token, body: { ...groupBody({}), name: group.name } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const next = await place(user, { opening_price: 1.1001 });
    expect([next.data.opening_price, next.data.markup]).toEqual([1.1001, 0]);
    const closed = await server.call('POST', `/trade/${buy.data.id}/close`, { token: user.token });
    expect(closed.body.data.closing_price).toBe(1.0997);
  });

  it('tells the ticket the group\'s markup and the spread it makes', async () => {
    await tick(market, eurusd, 1.0999, 1.1001);
    const { user, accountId } = await customerIn(await createGroup({ forex: 10 }));
    const costs = await server.call('GET', `/trades/costs?id=${eurusd}&volume=1&account_id=${accountId}`, { token: user.token });
    expect(costs.status).toBe(200);
    expect(costs.body.data.markup).toBe(0.0001);
    // (1.1002 − 1.0998) × 100,000.
    expect(costs.body.data.spread).toBe('40.00');
    const summary = await server.call('GET', `/account/summary?account_id=${accountId}`, { token: user.token });
    expect(summary.body.data.markup).toEqual({ forex: 10 });
  });

  it('refuses a markup that is negative, too fine or for something unknown, naming it, and writes nothing', async () => {
    const before = (await server.ctx.db.select().from(customerGroups)).length;
    for (const [markup, field] of [
      [{ forex: -1 }, 'markup.forex'],
      [{ forex: 0.05 }, 'markup.forex'],
      [{ forex: 20_000 }, 'markup.forex'],
      [{ NOPE: 3 }, 'markup.NOPE'],
      [{ 'bad key!': 3 }, 'markup.bad key!'],
    ] as const) {
      const res = await server.call('POST', '/admin/groups', { token: admin.token, body: groupBody(markup) });
      expect(res.status, JSON.stringify(markup)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    expect((await server.ctx.db.select().from(customerGroups)).length).toBe(before);
  });
});
