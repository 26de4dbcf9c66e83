import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolloverAt } from '@bourse/domain';
import { journalEntries, trades, tradingAccounts, users } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { rollOver } from '../src/modules/trading/swaps/rollover.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { type TestMarket, tick, useManualMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
});
afterAll(() => server.close());

type Group = { id: number; name: string; accounts: number; commission_rate: string };
const terms = (over: Record<string, unknown> = {}) => ({
  name: `Group ${crypto.randomUUID().slice(0, 8)}`,
  commission_mode: 'per_lot',
  commission_rate: 3.5,
  commission_min: 0.5,
  currency: 'USD',
  ...over,
});
async function createGroup(over: Record<string, unknown> = {}): Promise<Group> {
  const res = await server.call('POST', '/admin/groups', { token: admin.token, body: terms(over) });
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
const open = async (user: TestUser, order: Record<string, unknown> = {}) => {
  const res = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ volume: 2, ...order }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { data: { id: number; trade_id: string; leverage: number; margin: string; commission: string }; receipt: { commission: string } };
};
const commissions = async (accountId: number) =>
  (await server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, accountId)).orderBy(asc(journalEntries.id)))
    .filter((e) => e.kind === 'commission')
    .map((e) => e.amount);
const tradeRow = async (id: number) => (await server.ctx.db.select().from(trades).where(eq(trades.id, id)))[0]!;

describe('customer groups', () => {
  it('charges commission on open and on close as journal entries, shown on the trade and the receipts', async () => {
    const { user, accountId } = await customerIn(await createGroup());
    const opened = await open(user);
    // 2 lots at 3.50 a lot per side.
    expect(opened.receipt.commission).toBe('-7.00');
    expect(opened.data.commission).toBe('-7.00');
    expect(await commissions(accountId)).toEqual(['-7.00']);

    // A partial close charges its share of the close commission; the slice carries its share of both.
    const part = await server.call('POST', `/trade/${opened.data.id}/close`, { token: user.token, body: { volume: 0.5 } });
    expect(part.status).toBe(200);
    expect(part.body.receipt.commission).toBe('-1.75');
    expect(part.body.data.commission).toBe('-3.50');
    const rest = await server.call('POST', `/trade/${opened.data.id}/close`, { token: user.token });
    expect(rest.body.receipt.commission).toBe('-5.25');
    expect(rest.body.data.commission).toBe('-10.50');
    expect(await commissions(accountId)).toEqual(['-7.00', '-1.75', '-5.25']);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
    const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
    const sum = await server.ctx.db.execute(sql`SELECT sum(amount)::text AS s FROM journal_entries WHERE account_id = ${accountId}`);
    expect((sum as unknown as { rows: { s: string }[] }).rows[0]!.s).toBe(account!.balance);
  });

  it('charges per million of notional with a minimum', async () => {
    const { user } = await customerIn(await createGroup({ commission_mode: 'per_million', commission_rate: 30, commission_min: 1 }));
    // 2 lots of EUR/USD filled at 1.1001: 220,020 USD notional, 30 per million = 6.60.
    expect((await open(user)).receipt.commission).toBe('-6.60');
    expect((await open(user, { volume: 0.01 })).receipt.commission).toBe('-1.00');
  });

  it('keeps an open position on the terms it opened with when the group changes', async () => {
    const group = await createGroup();
    const { user } = await customerIn(group);
    const before = await open(user);
    const changed = await server.call('PUT', `/admin/groups/${group.id}`, { token: admin.token, body: terms({ name: group.name, commission_rate: 10, leverage: { forex: 50 } }) });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await open(user);
    expect(after.receipt.commission).toBe('-20.00');
    expect(after.data.leverage).toBe(50);
    expect(before.data.leverage).toBeGreaterThan(50);
    // The first position closes at 3.50 a lot, as it opened.
    const closed = await server.call('POST', `/trade/${before.data.id}/close`, { token: user.token });
    expect(closed.body.receipt.commission).toBe('-7.00');
    expect((await tradeRow(after.data.id)).closeCommission).toBe('-20.00');
  });

  it('caps leverage by asset class and refuses classes the group does not trade', async () => {
    const { user } = await customerIn(await createGroup({ commission_mode: 'none', currency: null, leverage: { forex: 5 }, allowed_classes: ['forex'] }));
    const opened = await open(user, { volume: 0.1 });
    expect(opened.data.leverage).toBe(5);
    // 0.1 lot at 1.1001 with 1:5: 2,200.20 margin.
    expect(opened.data.margin).toBe('2200.20');
    expect(opened.receipt.commission).toBe('0.00');
    await tick(market, market.instruments.btcusd.id, 60_000, 60_010);
    const crypto = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ id: market.instruments.btcusd.id, asset_symbol: 'BTCUSD', opening_price: 60_010, volume: 0.01 }) });
    expect(crypto.status).toBe(422);
    expect(crypto.body.errors.id).toEqual(["Your account's group does not trade this kind of asset."]);
  });

  it('trades only the instruments a group names, and refuses naming one the catalogue does not have', async () => {
    const unknown = await server.call('POST', '/admin/groups', { token: admin.token, body: terms({ allowed_symbols: ['EURUSD', 'NOPE'] }) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.allowed_symbols).toEqual(['No instrument is called NOPE.']);
    const group = await createGroup({ allowed_classes: ['forex'], allowed_symbols: ['EURUSD'] });
    expect(group).toMatchObject({ allowed_symbols: ['EURUSD'] });
    const { user } = await customerIn(group);
    expect((await open(user, { volume: 0.1 })).data.id).toBeGreaterThan(0);
    const { usdjpy } = market.instruments;
    await tick(market, usdjpy.id, 150, 150.02);
    const yen = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ id: usdjpy.id, asset_symbol: usdjpy.symbol, opening_price: 150.02, volume: 0.1 }) });
    expect(yen.status).toBe(422);
    expect(yen.body.errors.id).toEqual(["Your account's group does not trade this instrument."]);
  });

  it('charges a swap-free position no swap at the rollover', async () => {
    const swapFree = await createGroup({ commission_mode: 'none', swap_free: true });
    const { user, accountId } = await customerIn(swapFree);
    const plain = await customerIn(await createGroup({ commission_mode: 'none', currency: null }));
    const free = await open(user, { volume: 1 });
    const charged = await open(plain.user, { volume: 1 });
    expect((await tradeRow(free.data.id)).swapFree).toBe(true);
    const day = '2031-02-04';
    const at = rolloverAt(day, { hour: 17, minute: 0 }, 'America/New_York');
    await server.ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(at - 60_000).toISOString()}::timestamptz`);
    await rollOver(server.ctx, at + 120_000);
    expect((await tradeRow(free.data.id)).swap).toBe('0.00');
    expect((await tradeRow(charged.data.id)).swap).not.toBe('0.00');
    const kinds = (await server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, accountId))).map((e) => e.kind);
    expect(kinds).not.toContain('swap');
  });

  it('charges a swap-free position its group\'s fee after the free nights, once a weekday, instead of a swap', async () => {
    const { user, accountId } = await customerIn(await createGroup({ commission_mode: 'none', swap_free: true, swap_free_days: 2, swap_free_fee: 5 }));
    const old = await open(user, { volume: 1.5 });
    const recent = await open(user, { volume: 1 });
    const day = '2031-02-12'; // a Wednesday: a swap would be triple, the fee is not
    const at = rolloverAt(day, { hour: 17, minute: 0 }, 'America/New_York');
    await server.ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(at - 60_000).toISOString()}::timestamptz`);
    await server.ctx.db.update(trades).set({ openTime: new Date(at - 3 * 86_400_000) }).where(eq(trades.id, old.data.id));
    await server.ctx.db.update(trades).set({ openTime: new Date(at - 86_400_000) }).where(eq(trades.id, recent.data.id));
    await rollOver(server.ctx, at + 120_000);
    await server.ctx.db.execute(sql`DELETE FROM swap_rollovers`);
    await rollOver(server.ctx, at + 600_000);
    const fees = (await server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, accountId))).filter((e) => e.kind === 'fee');
    // 1.5 lots at 5 USD a lot a night; the position opened a night ago is still in its free nights.
    expect(fees.map((e) => [e.reference, e.amount])).toEqual([[`swap-free fee:${old.data.trade_id}:${day}`, '-7.50']]);
    expect((await tradeRow(old.data.id)).swap).toBe('-7.50');
    expect((await tradeRow(recent.data.id)).swap).toBe('0.00');
    // Run again on Saturday evening: Thursday and Friday are charged (the other position's free
    // nights are over by Thursday's rollover), Saturday is not.
    const saturday = rolloverAt('2031-02-15', { hour: 17, minute: 0 }, 'America/New_York');
    await rollOver(server.ctx, saturday + 120_000);
    const week = (await server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, accountId))).filter((e) => e.kind === 'fee');
    expect(week.map((e) => e.reference!.slice(-10)).sort()).toEqual(['2031-02-12', '2031-02-13', '2031-02-13', '2031-02-14', '2031-02-14']);
    expect((await tradeRow(old.data.id)).swap).toBe('-22.50');
    expect((await tradeRow(recent.data.id)).swap).toBe('-10.00');
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('estimates an order\'s costs for the ticket under the account\'s group', async () => {
    const { user, accountId } = await customerIn(await createGroup());
    const res = await server.call('GET', `/trades/costs?id=${market.instruments.eurusd.id}&volume=1&type=buy&account_id=${accountId}`, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 1 lot of EUR/USD: spread 0.0002 × 100,000 = 20.00; 3.50 each side; -3.2% a year on 110,010
    // over 360 days long, +0.95% on 109,990 short.
    expect(res.body.data).toMatchObject({ currency: 'USD', spread: '20.00', commission_open: '-3.50', commission_close: '-3.50', swap_long: '-9.78', swap_short: '2.90', swap_free: false });
    // As percentages of the notional bought at the ask, 100,000 × 1.1001 = 110,010.00: 20 / 110,010
    // = 0.0182 %, 7.00 = 0.0064 %, -9.78 = -0.0089 %, 2.90 = 0.0026 %; spread and both commissions
    // 27.00 = 0.0245 %.
    expect(res.body.data).toMatchObject({
      notional: '110010.00',
      total: '27.00',
      percent: { spread: '0.0182', commission: '0.0064', swap_long: '-0.0089', swap_short: '0.0026', total: '0.0245' },
    });
    const sell = await server.call('GET', `/trades/costs?id=${market.instruments.eurusd.id}&volume=1&type=sell&account_id=${accountId}`, { token: user.token });
    // A sell fills at the bid: 100,000 × 1.0999.
    expect(sell.body.data).toMatchObject({ notional: '109990.00', percent: { spread: '0.0182', total: '0.0245' } });
    const free = await customerIn(await createGroup({ commission_mode: 'none', swap_free: true }));
    const none = await server.call('GET', `/trades/costs?id=${market.instruments.eurusd.id}&volume=1&type=buy&account_id=${free.accountId}`, { token: free.user.token });
    expect(none.body.data).toMatchObject({ commission_open: '0.00', swap_long: null, swap_short: null, swap_free: true, total: '20.00' });
    expect(none.body.data.percent).toEqual({ spread: '0.0182', commission: '0.0000', swap_long: null, swap_short: null, total: '0.0182' });
    // Another customer's account is not found.
    const other = await server.call('GET', `/trades/costs?id=${market.instruments.eurusd.id}&volume=1&type=buy&account_id=${accountId}`, { token: free.user.token });
    expect(other.status).toBe(404);
  });

  it('refuses bad terms with the field named, and writes nothing', async () => {
    const count = async () => ((await server.call('GET', '/admin/groups', { token: admin.token })).body.data as unknown[]).length;
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ commission_rate: -1 }, 'commission_rate', 'The commission must be between 0 and 1000.'],
      [{ commission_rate: 900 }, 'commission_rate', 'The commission must be between 0 and 500.'],
      [{ currency: null }, 'currency', 'A commission or an administration fee needs a currency (USD, EUR, GBP, JPY, CHF, AUD or CAD).'],
      [{ leverage: { forex: 5000 } }, 'leverage.forex', 'Leverage must be a whole number from 1 to 1000.'],
      [{ margin_call_level: 50, stop_out_level: 80 }, 'stop_out_level', 'The stop-out level must be below the margin-call level.'],
      [{ name: 'Standard' }, 'name', 'Another group already has this name.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await server.call('POST', '/admin/groups', { token: admin.token, body: terms(over) });
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
    expect(await count()).toBe(before);
  });

  it('keeps the default group and groups in use', async () => {
    const group = await createGroup();
    await customerIn(group);
    expect((await server.call('DELETE', '/admin/groups/1', { token: admin.token })).status).toBe(409);
    const inUse = await server.call('DELETE', `/admin/groups/${group.id}`, { token: admin.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('Accounts still belong to this group: move them to another group first.');
    const empty = await createGroup();
    expect((await server.call('DELETE', `/admin/groups/${empty.id}`, { token: admin.token })).status).toBe(200);
    expect((await server.call('GET', `/admin/groups/${empty.id}`, { token: admin.token })).status).toBe(404);
  });

  it('puts a new account in its plan group, set from the back office and audited, else the default one', async () => {
    const user = await createTestUser(server);
    const groups = (await server.ctx.db.select({ g: tradingAccounts.groupId }).from(tradingAccounts).where(eq(tradingAccounts.userId, user.id))).map((r) => r.g);
    expect(groups).toEqual([1, 1]);
    const group = await createGroup();
    const [{ planId }] = await server.ctx.db.select({ planId: users.accountTypeId }).from(users).where(eq(users.id, user.id));
    const set = await server.call('PUT', `/admin/plans/${planId}/group`, { token: admin.token, body: { group_id: group.id } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ id: planId, group_id: group.id });
    const listed = await server.call('GET', '/admin/plan-groups', { token: admin.token });
    expect(listed.body.data.find((p: { id: number }) => p.id === planId)).toMatchObject({ group_id: group.id });
    const audited = await server.call('GET', `/admin/audit?subject_type=plan&subject_id=${planId}`, { token: admin.token });
    expect(audited.body.data[0]).toMatchObject({ action: 'plan.group', details: { from: null, to: group.id } });

    const opened = await server.call('POST', '/accounts', { token: user.token, body: { kind: 'demo', currency: 'USD' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const rows = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(asc(tradingAccounts.id));
    // Accounts opened before stay in their group.
    expect(rows.map((r) => r.groupId)).toEqual([1, 1, group.id]);

    // A group a plan names is kept; an unknown group or plan refused.
    const named = await server.call('DELETE', `/admin/groups/${group.id}`, { token: admin.token });
    expect(named.status).toBe(409);
    expect((await server.call('PUT', `/admin/plans/${planId}/group`, { token: admin.token, body: { group_id: 999_999 } })).body.errors).toHaveProperty('group_id');
    expect((await server.call('PUT', '/admin/plans/999999/group', { token: admin.token, body: { group_id: group.id } })).status).toBe(404);
    const back = await server.call('PUT', `/admin/plans/${planId}/group`, { token: admin.token, body: { group_id: null } });
    expect(back.body.data.group_id).toBeNull();
  });

  it('lets staff read groups and only admins change them; customers neither', async () => {
    const support = await createTestUser(server, { role: 'support' });
    const customer = await createTestUser(server);
    expect((await server.call('GET', '/admin/groups', { token: support.token })).status).toBe(200);
    expect((await server.call('GET', '/admin/groups', { token: customer.token })).status).toBe(403);
    expect((await server.call('POST', '/admin/groups', { token: support.token, body: terms() })).status).toBe(403);
    expect((await server.call('PUT', '/admin/accounts/1/group', { token: support.token, body: { group_id: 1 } })).status).toBe(403);
    expect((await server.call('PUT', '/admin/groups/1', { token: customer.token, body: terms() })).status).toBe(403);
    expect((await server.call('GET', '/admin/plan-groups', { token: support.token })).status).toBe(200);
    expect((await server.call('GET', '/admin/plan-groups', { token: customer.token })).status).toBe(403);
    expect((await server.call('PUT', '/admin/plans/1/group', { token: support.token, body: { group_id: 1 } })).status).toBe(403);
  });
});
