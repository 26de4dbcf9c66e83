import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingMessages as msg } from '@bourse/contract';
import { expertAdvisors, robots, tradingAccounts } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { openTrade, placeAsServer, type TestMarket, tick, useManualMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let support: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  support = await createTestUser(server, { role: 'support' });
});
afterAll(() => server.close());

type Listed = { placed_by: string; robot_id: number | null; robot_name: string | null; status: string; pnl: string; closing_price: number | null; asset_symbol: string; digits: number | null };
const trades = (who: TestUser | null, clientId: number, query = '') =>
  server.call('GET', `/admin/clients/${clientId}/trades${query}`, who ? { token: who.token } : {});
const accountsOf = (user: TestUser) => server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(asc(tradingAccounts.id));

/** A robot of the customer's on their first account, running the Trend Rider advisor. */
async function robotOf(user: TestUser): Promise<{ id: number; name: string }> {
  const [ea] = await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'trend-rider'));
  const [account] = await accountsOf(user);
  const [robot] = await server.ctx.db.insert(robots).values({ userId: user.id, eaId: ea!.id, accountId: account!.id, assetId: market.instruments.eurusd.id, params: {} }).returning();
  return { id: robot!.id, name: ea!.name };
}

/** Orders placed as the robots and the Auto Trader place theirs: through the order path, tagged by their key. */
const placeAs = (user: TestUser, key: string) => placeAsServer(server, market, user, key);

describe('a customer\'s trades in the back office', () => {
  it('lists open positions with live P&L, pending orders and closed trades, each saying who placed it', async () => {
    await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
    const customer = await createTestUser(server);
    const robot = await robotOf(customer);
    await openTrade(server, market, customer);
    expect((await placeAs(customer, `robot:${robot.id}:bar-1`)).status).toBe(201);
    expect((await placeAs(customer, 'autotrader:bar-1')).status).toBe(201);
    const toClose = await openTrade(server, market, customer, { type: 'sell' });
    expect((await server.call('POST', `/trade/${toClose.id}/close`, { token: customer.token })).status).toBe(200);
    expect((await server.call('POST', '/trades/store', { token: customer.token, body: market.order({ order_type: 'limit', price: 1.09 }) })).status).toBe(201);
    await tick(market, market.instruments.eurusd.id, 1.1049, 1.1051);

    const open = await trades(admin, customer.id, '?status=open');
    expect(open.status).toBe(200);
    expect(open.body.meta).toEqual({ current_page: 1, per_page: 20, total: 3 });
    const rows = open.body.data as Listed[];
    expect(rows.map((t) => [t.placed_by, t.robot_id, t.robot_name]).sort()).toEqual(
      [['autotrader', null, null], ['customer', null, null], ['robot', robot.id, robot.name]].sort(),
    );
    // Valued at the server's current price: 0.01 lots bought at 1.1001, worth 1.1049 now.
    expect(rows.every((t) => t.status === 'open' && t.closing_price === 1.1049 && t.pnl === '4.80')).toBe(true);
    // With the instrument's price digits, so staff read prices as the customer does.
    expect(rows.map((t) => t.digits)).toEqual([5, 5, 5]);
    expect((await trades(admin, customer.id)).body.meta.total).toBe(3);

    const pending = (await trades(support, customer.id, '?status=pending')).body;
    expect(pending.data).toEqual([expect.objectContaining({ status: 'pending', order_type: 'limit', trigger_price: 1.09, placed_by: 'customer' })]);
    const closed = (await trades(support, customer.id, '?status=closed')).body;
    expect(closed.data).toEqual([expect.objectContaining({ id: toClose.id, status: 'closed', trade_type: 'sell', close_reason: 'manual', close_time: expect.any(String) })]);
    expect((await trades(admin, customer.id, '?status=cancelled')).status).toBe(422);
  });

  it('shows each of the customer\'s accounts on its own and no one else\'s', async () => {
    const customer = await createTestUser(server);
    const other = await createTestUser(server);
    await openTrade(server, market, customer);
    const [first, second] = await accountsOf(customer);
    const [othersAccount] = await accountsOf(other);
    expect((await trades(admin, customer.id, `?account_id=${first!.id}`)).body.data).toHaveLength(1);
    expect((await trades(admin, customer.id, `?account_id=${second!.id}`)).body).toMatchObject({ data: [], meta: { total: 0 }, links: { next: null } });
    const foreign = await trades(admin, customer.id, `?account_id=${othersAccount!.id}`);
    expect([foreign.status, foreign.body.message]).toEqual([404, msg.accountNotFound]);
    expect((await trades(admin, 999_999)).status).toBe(404);
  });

  it('pages through a long list, with the link to the next page of the same list', async () => {
    const customer = await createTestUser(server);
    const [account] = await accountsOf(customer);
    for (let i = 0; i < 21; i++) await openTrade(server, market, customer);
    const first = (await trades(support, customer.id, '?status=open')).body;
    expect([first.data.length, first.meta.total]).toEqual([20, 21]);
    expect(first.links.next).toBe(`/api/v1/admin/clients/${customer.id}/trades?status=open&page=2&account_id=${account!.id}`);
    const second = (await trades(support, customer.id, '?status=open&page=2')).body;
    expect([second.data.length, second.meta.current_page, second.links.next]).toEqual([1, 2, null]);
    const ids = new Set([...first.data, ...second.data].map((t: { id: number }) => t.id));
    expect(ids.size).toBe(21);
  });

  it('is for staff only: anonymous callers, the customer and other customers are refused', async () => {
    const customer = await createTestUser(server);
    const stranger = await createTestUser(server);
    await openTrade(server, market, customer);
    expect((await trades(null, customer.id)).status).toBe(401);
    expect((await trades(customer, customer.id)).status).toBe(403);
    expect((await trades(stranger, customer.id)).status).toBe(403);
    expect((await trades(support, customer.id)).status).toBe(200);
    expect((await trades(admin, customer.id)).status).toBe(200);
    // Reading is all support may do: the position stays the customer's to close.
    const [position] = (await trades(support, customer.id)).body.data as { id: number }[];
    expect((await server.call('POST', `/trade/${position!.id}/close`, { token: support.token })).status).toBe(404);
  });
});
