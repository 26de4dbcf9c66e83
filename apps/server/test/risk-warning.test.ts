import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/statement.ts';
import { journalEntries, riskWarningPeriods, trades, tradingAccounts, users } from '../src/db/schema/index.ts';
import { postEntry, type JournalKind } from '../src/modules/accounts/ledger.repository.ts';
import { computeRiskWarning, quarterWindow } from '../src/modules/compliance/risk-warning.ts';
import { updateSiteSettings } from '../src/modules/settings/settings.service.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, tick, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  await updateSiteSettings(server.ctx.db, { require_verification: false });
});
afterAll(() => server.close());

// The quarter ending 31 December 2024: its twelve months are the calendar year 2024.
const IN_Q4 = Date.parse('2025-02-10T09:00:00Z');
const LATER_IN_Q4 = Date.parse('2025-03-30T09:00:00Z');
const IN_Q1 = Date.parse('2025-04-02T09:00:00Z');
const IN_WINDOW = '2024-06-15T12:00:00Z';

/** The newest journal entry id: what a step wrote afterwards is above it. */
const lastEntry = async () => rowsOf<{ id: number }>(await server.ctx.db.execute(sql`SELECT coalesce(max(id), 0)::int AS id FROM journal_entries`))[0]!;

/** Moves what the account's journal got after entry `after` to `at`, as if it had happened then. */
const backdate = (accountId: number, after: number, at: string) =>
  server.ctx.db.update(journalEntries).set({ createdAt: new Date(at) }).where(and(eq(journalEntries.accountId, accountId), gt(journalEntries.id, after)));

/**
 * Opens one lot of EUR/USD at `open` and closes it at `close` on `accountId` through the API, then
 * dates the trade and the entries it wrote at `at`: a loss or a gain of 100,000 × (close − open).
 */
async function trade(user: TestUser, accountId: number, open: number, close: number, at: string) {
  const mark = (await lastEntry()).id;
  await tick(market, market.instruments.eurusd.id, open, open);
  const opened = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ account_id: accountId, volume: 1, opening_price: open, margin: 1100, amount: 110_000, qty: 100_000 }) });
  if (opened.status !== 201) throw new Error(JSON.stringify(opened.body));
  await tick(market, market.instruments.eurusd.id, close, close);
  const closed = await server.call('POST', `/trade/${opened.body.data.id}/close`, { token: user.token });
  if (closed.status !== 200) throw new Error(JSON.stringify(closed.body));
  await server.ctx.db.update(trades).set({ openTime: new Date(at), closeTime: new Date(at) }).where(eq(trades.accountId, accountId));
  await backdate(accountId, mark, at);
}

/** Posts an entry of `kind` dated `at`. */
async function entry(accountId: number, kind: JournalKind, amount: string, at = IN_WINDOW) {
  const mark = (await lastEntry()).id;
  await server.ctx.db.transaction((tx) => postEntry(tx, { accountId, kind, amount, reference: `seeded ${kind}` }));
  await backdate(accountId, mark, at);
}

/** A customer whose live account holds 10,000 (deposited in the window: not a trading result). */
async function liveCustomer() {
  const user = await createTestUser(server);
  const live = await fundLiveAccount(server, user);
  await backdate(live, 0, IN_WINDOW);
  return { user, live };
}

const stored = () => server.ctx.db.select().from(riskWarningPeriods).orderBy(riskWarningPeriods.periodEnd);
const publicFigure = async () => (await server.call('GET', '/risk-warning')).body.data;

describe('the quarter', () => {
  it('is the last calendar quarter completed, its window the twelve months ending with it', () => {
    expect(quarterWindow(IN_Q4)).toEqual({ from: new Date('2024-01-01T00:00:00Z'), to: new Date('2025-01-01T00:00:00Z'), periodStart: '2024-01-01', periodEnd: '2024-12-31' });
    expect(quarterWindow(Date.parse('2025-04-01T00:00:00Z'))).toMatchObject({ periodStart: '2024-04-01', periodEnd: '2025-03-31' });
    expect(quarterWindow(Date.parse('2025-12-31T23:59:59Z'))).toMatchObject({ periodStart: '2024-10-01', periodEnd: '2025-09-30' });
  });
});

describe('the percentage of retail accounts that lost money', () => {
  it('counts live accounts of retail customers with a trade closed in the window, by their trading results in it', async () => {
    // With no figure computed the operator's stands; without that, none.
    expect(await publicFigure()).toEqual({ percent: null, source: null, period_end: null });
    await updateSiteSettings(server.ctx.db, { risk_warning_percent: 71 });
    expect(await publicFigure()).toEqual({ percent: 71, source: 'operator', period_end: null });

    // A: wins 1,000, pays 27 in swap and commission, gets a dividend: +983, not lost.
    const a = await liveCustomer();
    await trade(a.user, a.live, 1.1, 1.11, IN_WINDOW);
    await entry(a.live, 'swap', '-20.00');
    await entry(a.live, 'commission', '-7.00');
    await entry(a.live, 'dividend', '10.00');
    // B: loses 1,000; a second deposit does not make up for it.
    const b = await liveCustomer();
    await trade(b.user, b.live, 1.1, 1.09, IN_WINDOW);
    await entry(b.live, 'deposit', '5000.00');
    // C: wins 50 on the price but pays more in costs (commission, swap, the swap-free fee): −5, lost.
    const c = await liveCustomer();
    await trade(c.user, c.live, 1.1, 1.1005, IN_WINDOW);
    await entry(c.live, 'commission', '-30.00');
    await entry(c.live, 'swap', '-15.00');
    await entry(c.live, 'fee', '-10.00');
    // D: loses 1,000 on a demo account: not counted.
    const d = await liveCustomer();
    const demo = (await server.ctx.db.select().from(tradingAccounts).where(and(eq(tradingAccounts.userId, d.user.id), eq(tradingAccounts.kind, 'demo'))))[0]!.id;
    await trade(d.user, demo, 1.1, 1.09, IN_WINDOW);
    // E: money on a live account and no trade at all; E2: a loss closed before the window. Neither is counted.
    await liveCustomer();
    const e2 = await liveCustomer();
    await trade(e2.user, e2.live, 1.1, 1.09, '2023-11-20T12:00:00Z');
    // F: lost 1,000 before the window, won 100 in it: counted, not lost.
    const f = await liveCustomer();
    await trade(f.user, f.live, 1.1, 1.09, '2023-12-15T12:00:00Z');
    await tick(market, market.instruments.eurusd.id, 1.1, 1.1);
    const mark = (await lastEntry()).id;
    const fSecond = await server.call('POST', '/trades/store', { token: f.user.token, body: market.order({ account_id: f.live, volume: 1, opening_price: 1.1, margin: 1100 }) });
    expect(fSecond.status).toBe(201);
    await tick(market, market.instruments.eurusd.id, 1.101, 1.101);
    await server.call('POST', `/trade/${fSecond.body.data.id}/close`, { token: f.user.token });
    await server.ctx.db.update(trades).set({ closeTime: new Date('2024-12-31T23:59:59Z') }).where(eq(trades.id, fSecond.body.data.id));
    await backdate(f.live, mark, '2024-12-31T23:59:59Z');
    // G: loses 1,000 but is staff, not a retail customer.
    const g = await liveCustomer();
    await trade(g.user, g.live, 1.1, 1.09, IN_WINDOW);
    await server.ctx.db.update(users).set({ role: 'support' }).where(eq(users.id, g.user.id));
    // G2: loses 1,000 but is treated as a professional client, not a retail investor.
    const g2 = await liveCustomer();
    await trade(g2.user, g2.live, 1.1, 1.09, IN_WINDOW);
    await server.ctx.db.update(users).set({ clientCategory: 'professional' }).where(eq(users.id, g2.user.id));
    // H: loses 100; a bonus the operator credited (a correction) is not a trading result: lost.
    const h = await liveCustomer();
    await trade(h.user, h.live, 1.1, 1.099, IN_WINDOW);
    await entry(h.live, 'correction', '500.00');
    // J: wins 100 at the first instant after the window: in the next quarter's only.
    const j = await liveCustomer();
    await trade(j.user, j.live, 1.1, 1.101, '2025-01-01T00:00:00Z');

    const first = await computeRiskWarning(server.ctx.db, IN_Q4);
    // Counted A, B, C, F, H; lost B, C, H: 3 of 5.
    expect(first).toEqual({ periodEnd: '2024-12-31', computed: true, counted: 5, lost: 3, percent: 60 });
    expect(await publicFigure()).toEqual({ percent: 60, source: 'computed', period_end: '2024-12-31' });

    // Run again in the same quarter, with another losing account since: nothing is computed again.
    const k = await liveCustomer();
    await trade(k.user, k.live, 1.1, 1.09, '2025-03-15T12:00:00Z');
    expect(await computeRiskWarning(server.ctx.db, LATER_IN_Q4)).toEqual({ periodEnd: '2024-12-31', computed: false });
    expect(await computeRiskWarning(server.ctx.db, IN_Q4)).toEqual({ periodEnd: '2024-12-31', computed: false });
    const kept = (await stored()).filter((r) => r.periodEnd === '2024-12-31');
    expect(kept).toEqual([expect.objectContaining({ periodStart: '2024-01-01', accountsCounted: 5, accountsLost: 3, percent: 60, computedAt: new Date(IN_Q4) })]);

    // The next quarter (April 2024 to March 2025) counts A, B, C, F, H, J, K; lost B, C, H, K: 4 of 7 is 57.14…, 57.
    expect(await computeRiskWarning(server.ctx.db, IN_Q1)).toEqual({ periodEnd: '2025-03-31', computed: true, counted: 7, lost: 4, percent: 57 });
    expect(await publicFigure()).toEqual({ percent: 57, source: 'computed', period_end: '2025-03-31' });
  });

  it('keeps a quarter without accounts to count without a percentage, and the operator’s figure is no longer shown once one is computed', async () => {
    const empty = await computeRiskWarning(server.ctx.db, Date.parse('2019-05-01T00:00:00Z'));
    expect(empty).toEqual({ periodEnd: '2019-03-31', computed: true, counted: 0, lost: 0, percent: null });
    await updateSiteSettings(server.ctx.db, { risk_warning_percent: 12 });
    expect((await publicFigure()).source).toBe('computed');
  });

  it('shows the back office every quarter computed with its counts', async () => {
    const res = await server.call('GET', '/admin/risk-warning', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.find((p: { period_end: string }) => p.period_end === '2025-03-31')).toEqual({
      period_start: '2024-04-01',
      period_end: '2025-03-31',
      accounts_counted: 7,
      accounts_lost: 4,
      percent: 57,
      computed_at: new Date(IN_Q1).toISOString(),
    });
    expect(res.body.current).toMatchObject({ percent: 57, source: 'computed' });
    const customer = await createTestUser(server);
    expect((await server.call('GET', '/admin/risk-warning', { token: customer.token })).status).toBe(403);
  });
});
