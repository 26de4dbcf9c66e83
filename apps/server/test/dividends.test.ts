import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolloverAt } from '@bourse/domain';
import { journalEntries, trades } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/statement.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { applyDividends } from '../src/modules/trading/dividends/dividends.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { type TestMarket, tick, useManualMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let stock: { id: number; symbol: string };
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  [stock] = rowsOf<{ id: number; symbol: string }>(await server.ctx.db.execute(sql`SELECT id, symbol FROM assets WHERE type = 'stocks' AND quote_currency = 'USD' AND enabled ORDER BY id LIMIT 1`));
  await tick(market, stock!.id, 199.9, 200.1);
});
afterAll(() => server.close());

const NY = 'America/New_York';
const FIVE_PM = { hour: 17, minute: 0 };

async function open(user: TestUser, type: 'buy' | 'sell', volume: number) {
  const res = await server.call('POST', '/trades/store', {
    token: user.token,
    body: market.order({ id: stock.id, asset_symbol: stock.symbol, type, volume, opening_price: type === 'buy' ? 200.1 : 199.9 }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; trade_id: string; account_id: number; volume: number };
}
const dividendsOf = async (accountId: number) =>
  (await server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, accountId)).orderBy(asc(journalEntries.id)))
    .filter((e) => e.kind === 'dividend')
    .map((e) => [e.reference, e.amount]);

describe('dividend adjustments', () => {
  it('credits longs and debits shorts held before the ex-date, once however often it runs', async () => {
    const user = await createTestUser(server);
    const long = await open(user, 'buy', 1);
    const short = await open(user, 'sell', 0.5);
    const ex = '2031-03-05';
    const created = await server.call('POST', '/admin/corporate-actions', { token: admin.token, body: { symbol: stock.symbol, ex_date: ex, amount: 0.82 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // Before the record instant (the rollover before the ex-date) nothing happens.
    const record = rolloverAt('2031-03-04', FIVE_PM, NY);
    expect(await applyDividends(server.ctx, record - 60_000)).toEqual([]);

    const runs = await Promise.all([applyDividends(server.ctx, record + 120_000), applyDividends(server.ctx, record + 180_000)]);
    expect(runs.flat().reduce((n, o) => n + o.adjusted, 0)).toBe(2);
    expect(await applyDividends(server.ctx, record + 3_600_000)).toEqual([]);
    const units = (t: { volume: number }) => t.volume;
    expect(await dividendsOf(long.account_id)).toEqual([
      [`dividend:${long.trade_id}:${stock.symbol}:${ex}`, (units(long) * 0.82).toFixed(2)],
      [`dividend:${short.trade_id}:${stock.symbol}:${ex}`, (-units(short) * 0.82).toFixed(2)],
    ]);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
    const listed = (await server.call('GET', '/admin/corporate-actions', { token: admin.token })).body.data as { id: number; applied_at: string | null; adjusted: number }[];
    const action = listed.find((a) => a.id === created.body.data.id)!;
    expect(action.applied_at).not.toBeNull();
    expect(action.adjusted).toBe(2);
    // Applied, it stays.
    expect((await server.call('DELETE', `/admin/corporate-actions/${action.id}`, { token: admin.token })).status).toBe(409);
  });

  it('leaves out a position opened after the record instant', async () => {
    const user = await createTestUser(server);
    const late = await open(user, 'buy', 1);
    const ex = '2031-04-09';
    await server.call('POST', '/admin/corporate-actions', { token: admin.token, body: { symbol: stock.symbol, ex_date: ex, amount: 1 } });
    const record = rolloverAt('2031-04-08', FIVE_PM, NY);
    await server.ctx.db.update(trades).set({ openTime: new Date(record + 1000) }).where(eq(trades.id, late.id));
    await applyDividends(server.ctx, record + 120_000);
    expect(await dividendsOf(late.account_id)).toEqual([]);
  });

  it('imports a CSV whole or not at all, naming each bad row', async () => {
    const before = ((await server.call('GET', '/admin/corporate-actions', { token: admin.token })).body.data as unknown[]).length;
    const bad = await server.call('POST', '/admin/corporate-actions/import', {
      token: admin.token,
      body: { csv: `symbol,ex_date,amount\n${stock.symbol},2031-05-01,0.5\nNOSUCH,2031-05-01,0.5\nEURUSD,2031-05-02,0.1\n${stock.symbol},2031-13-01,0.5` },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.csv).toEqual(['Row 5: The ex-date must be a date (YYYY-MM-DD).']);
    const unknown = await server.call('POST', '/admin/corporate-actions/import', {
      token: admin.token,
      body: { csv: `symbol,ex_date,amount\n${stock.symbol},2031-05-01,0.5\nNOSUCH,2031-05-01,0.5\nEURUSD,2031-05-02,0.1` },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.csv).toEqual([
      'Row 3: The symbol must name a share or index CFD of the catalogue.',
      'Row 4: The symbol must name a share or index CFD of the catalogue.',
    ]);
    expect(((await server.call('GET', '/admin/corporate-actions', { token: admin.token })).body.data as unknown[]).length).toBe(before);

    const good = await server.call('POST', '/admin/corporate-actions/import', { token: admin.token, body: { csv: `symbol,ex_date,amount\n${stock.symbol},2031-05-01,0.5\n${stock.symbol},2031-08-01,0.52\n` } });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect((good.body.data as unknown[]).length).toBe(before + 2);
    const again = await server.call('POST', '/admin/corporate-actions/import', { token: admin.token, body: { csv: `symbol,ex_date,amount\n${stock.symbol},2031-05-01,0.5` } });
    expect(again.body.errors.csv).toEqual(['Row 2: This instrument already has an action on this ex-date.']);
  });

  it('lets staff read and only admins write', async () => {
    const support = await createTestUser(server, { role: 'support' });
    const customer = await createTestUser(server);
    expect((await server.call('GET', '/admin/corporate-actions', { token: support.token })).status).toBe(200);
    expect((await server.call('GET', '/admin/corporate-actions', { token: customer.token })).status).toBe(403);
    const body = { symbol: stock.symbol, ex_date: '2031-09-01', amount: 1 };
    expect((await server.call('POST', '/admin/corporate-actions', { token: support.token, body })).status).toBe(403);
    expect((await server.call('POST', '/admin/corporate-actions', { token: admin.token, body: { ...body, amount: 0 } })).body.errors.amount).toEqual([
      'The amount must be a number other than 0, at most 10000 a share either way.',
    ]);
  });
});
