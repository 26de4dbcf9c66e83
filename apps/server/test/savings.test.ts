import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savingsMessages as msg } from '@bourse/contract';
import { savingsEntries, tradingAccounts } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { accrueInterest } from '../src/modules/savings/savings.service.ts';
import { updateSiteSettings } from '../src/modules/settings/settings.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await useManualMarket(server);
  await updateSiteSettings(server.ctx.db, { savings_rate_pct: 3.65 });
});
afterAll(() => server.close());

const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Saver' };
const savings = async (user: TestUser) => (await server.call('GET', '/savings', { token: user.token })).body.data;
const move = (user: TestUser, way: 'deposit' | 'withdraw', body: Record<string, unknown>, key?: string) =>
  server.call('POST', `/savings/${way}`, { token: user.token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

/** A customer with `amount` on the live account, paid by card. */
async function saver(amount: number): Promise<{ user: TestUser; live: number; demo: number }> {
  const user = await createTestUser(server);
  const [demo, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
  expect((await server.call('POST', '/deposits/card', { token: user.token, body: { account_id: live!.id, amount, card } })).status).toBe(201);
  return { user, live: live!.id, demo: demo!.id };
}
const balanceOf = async (id: number) => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)))[0]!.balance;

describe('savings', () => {
  it('moves money in from the free margin and back out, once per key, with both ledgers balanced', async () => {
    const { user, live, demo } = await saver(1000);
    expect((await move(user, 'deposit', { account_id: live, amount: 600 }, 'save-1')).status).toBe(200);
    expect((await move(user, 'deposit', { account_id: live, amount: 600 }, 'save-1')).status).toBe(200);
    expect(await balanceOf(live)).toBe('400.00');
    expect(await savings(user)).toMatchObject({ balance: '600.00', rate_pct: 3.65, interest_earned: '0.00' });
    const tooMuch = await move(user, 'deposit', { account_id: live, amount: 400.01 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([422, msg.noFunds]);
    const fromDemo = await move(user, 'deposit', { account_id: demo, amount: 10 });
    expect([fromDemo.status, fromDemo.body.message]).toEqual([422, msg.liveOnly]);
    const overdraw = await move(user, 'withdraw', { account_id: live, amount: 600.01 });
    expect([overdraw.status, overdraw.body.message]).toEqual([422, msg.tooMuch]);
    expect((await move(user, 'withdraw', { account_id: live, amount: 250 })).body.data.balance).toBe('350.00');
    expect(await balanceOf(live)).toBe('650.00');
    expect((await savings(user)).entries.map((e: { kind: string; amount: string }) => [e.kind, e.amount])).toEqual([
      ['withdrawal', '-250.00'],
      ['deposit', '600.00'],
    ]);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
    const other = await createTestUser(server);
    expect((await move(other, 'deposit', { account_id: live, amount: 1 })).status).toBe(422);
    expect((await savings(other)).balance).toBe('0.00');
  });

  it('pays one day of interest once however often the job runs that day, and again the next day', async () => {
    const { user, live } = await saver(10_000);
    await move(user, 'deposit', { account_id: live, amount: 10_000 });
    const day = Date.UTC(2031, 0, 15, 9);
    await Promise.all([accrueInterest(server.ctx, day), accrueInterest(server.ctx, day)]);
    await accrueInterest(server.ctx, day + 10 * 3_600_000);
    // 10,000 × 3.65 % / 365 = 1.00 a day.
    expect(await savings(user)).toMatchObject({ balance: '10001.00', interest_earned: '1.00' });
    await accrueInterest(server.ctx, day + 86_400_000);
    const view = await savings(user);
    expect(view.balance).toBe('10002.00');
    expect(view.entries.filter((e: { kind: string }) => e.kind === 'interest').map((e: { accrual_date: string; rate_pct: number }) => [e.accrual_date, e.rate_pct])).toEqual([
      ['2031-01-16', 3.65],
      ['2031-01-15', 3.65],
    ]);
    const rows = await server.ctx.db.select().from(savingsEntries).where(eq(savingsEntries.userId, user.id));
    expect(rows.reduce((sum, r) => sum + Number(r.amount), 0).toFixed(2)).toBe(view.balance);
  });

  it('refuses malformed amounts and anonymous callers, writing nothing', async () => {
    const { user, live } = await saver(100);
    for (const amount of [-1, 0, 1.001, 'NaN', 1e12]) expect((await move(user, 'deposit', { account_id: live, amount })).status).toBe(422);
    expect((await server.call('GET', '/savings')).status).toBe(401);
    expect((await savings(user)).entries).toEqual([]);
  });
});
