import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountReviewMessages as msg, channels, events } from '@bourse/contract';
import { auditLog, depositWallets, expertAdvisors, journalEntries, notifications, tradingAccounts } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { updateSiteSettings } from '../src/modules/settings/settings.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let support: TestUser;
let btcWallet: number;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  support = await createTestUser(server, { role: 'support' });
  const [wallet] = await server.ctx.db.insert(depositWallets).values({ crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', minAmount: '10' }).returning();
  btcWallet = wallet!.id;
});
afterAll(() => server.close());
beforeEach(() => updateSiteSettings(server.ctx.db, { approve_live_accounts: true }));

type Row = { id: number; user_id: number; status: string; reason: string | null; decided_by: string | null; number: string; client_id: string; active_live_accounts: number };
const post = (token: string | undefined, path: string, body?: unknown) => server.call('POST', path, { token, body });
const open = (user: TestUser, kind: 'demo' | 'live' = 'live', currency = 'USD') => post(user.token, '/accounts', { kind, currency });
const accountsOf = (user: TestUser) => server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
const queue = async (status?: string, token = admin.token) => server.call('GET', `/admin/account_requests${status ? `?status=${status}` : ''}`, { token });
// `null` calls anonymously.
const approve = (id: number, token: string | null = admin.token) => post(token ?? undefined, `/admin/account_requests/${id}/approve`);
const reject = (id: number, reason: unknown = 'Proof of funds missing', token: string | null = admin.token) => post(token ?? undefined, `/admin/account_requests/${id}/reject`, { reason });
const hash = () => Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** A customer with an approved live account holding `amount`, and a second live account waiting for review. */
async function customerWithPending(amount = 500) {
  const user = await createTestUser(server);
  const [demo, live] = await accountsOf(user);
  await server.call('POST', `/admin/accounts/${live!.id}/adjust`, { token: admin.token, body: { amount, reason: 'Opening balance' } });
  const res = await open(user);
  expect(res.status).toBe(201);
  const pending = res.body.data.accounts.at(-1);
  return { user, demo: demo!.id, live: live!.id, pending: pending.id as number };
}

describe('opening a live account while approval is required', () => {
  it('lists the new live account as pending; a demo account, or any account with the setting off, is active at once', async () => {
    const user = await createTestUser(server);
    const live = await open(user);
    expect(live.status).toBe(201);
    expect(live.body.data.accounts.at(-1)).toMatchObject({ kind: 'live', status: 'pending', rejection_reason: null });
    const demo = await open(user, 'demo');
    expect(demo.body.data.accounts.at(-1)).toMatchObject({ kind: 'demo', status: 'active' });
    await updateSiteSettings(server.ctx.db, { approve_live_accounts: false });
    expect((await open(user)).body.data.accounts.at(-1)).toMatchObject({ kind: 'live', status: 'active' });
    // The first accounts every customer gets at sign-up are never held.
    expect((await accountsOf(await createTestUser(server))).map((a) => a.status)).toEqual(['active', 'active']);
    const opened = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'account.opened')))
      .orderBy(asc(auditLog.id));
    expect(opened.map((e) => e.details.status)).toEqual(['pending', 'active', 'active']);
  });

  it('does not count a rejected account against the five a customer may hold', async () => {
    const user = await createTestUser(server);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await open(user)).body.data.accounts.at(-1).id);
    expect((await open(user)).status).toBe(422);
    expect((await reject(ids[0]!)).status).toBe(200);
    expect((await open(user)).status).toBe(201);
  });
});

describe('the back-office queue', () => {
  it('shows pending accounts with the customer, a count, and decided ones by status', async () => {
    const { user, pending } = await customerWithPending();
    const res = await queue('pending');
    expect(res.status).toBe(200);
    const row = (res.body.data as Row[]).find((r) => r.id === pending);
    expect(row).toMatchObject({ user_id: user.id, email: user.email, status: 'pending', kind: 'live', currency: 'USD', active_live_accounts: 1, decided_by: null });
    expect(row!.client_id).toMatch(/\S/);
    expect(res.body.counts.pending).toBe((res.body.data as Row[]).length);
    // Staff read it too; nobody else does.
    expect((await queue('pending', support.token)).status).toBe(200);
    expect((await queue(undefined, user.token)).status).toBe(403);
    expect((await server.call('GET', '/admin/account_requests')).status).toBe(401);
    expect((await queue('someday')).status).toBe(422);
    // Accounts that were never held for review are not requests.
    const [, firstLive] = await accountsOf(user);
    expect(((await queue()).body.data as Row[]).some((r) => r.id === firstLive!.id)).toBe(false);
  });
});

describe('deciding', () => {
  it('approval makes the account usable, writes the audit entry and tells the customer', async () => {
    const { user, pending } = await customerWithPending();
    market.events.sent.length = 0;
    const res = await approve(pending);
    expect(res.body).toEqual({ status: 'success', message: msg.approved });
    const me = (await server.call('GET', '/user', { token: user.token })).body.data;
    expect(me.accounts.find((a: { id: number }) => a.id === pending)).toMatchObject({ status: 'active', rejection_reason: null });
    const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.subjectId, String(pending)), eq(auditLog.action, 'account.approved')));
    expect(entry).toMatchObject({ actorId: admin.id, actorRole: 'admin', userId: user.id, subjectType: 'trading_account' });
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.title)).toContain('Live account approved');
    expect(market.events.sent.some((e) => e.channel === channels.notification(user.id) && e.event === events.notification)).toBe(true);
    expect(market.events.sent.some((e) => e.channel === channels.user(user.id))).toBe(true);
    const row = ((await queue('approved')).body.data as Row[]).find((r) => r.id === pending);
    expect(row).toMatchObject({ status: 'approved', decided_by: admin.email });
    // Now it takes money like any other account.
    const deposit = await post(user.token, '/deposits/crypto', { account_id: pending, wallet_id: btcWallet, coin_amount: 50, tx_hash: hash() });
    expect(deposit.status).toBe(201);
    expect((await post(user.token, '/trades/store', market.order({ account_id: pending }))).status).not.toBe(409);
  });

  it('rejection keeps the account unusable and shows the reason to the customer', async () => {
    const { user, pending } = await customerWithPending();
    expect((await reject(pending, '  ')).status).toBe(422);
    expect((await reject(pending, 'Proof of funds missing')).body).toEqual({ status: 'success', message: msg.rejected });
    const me = (await server.call('GET', '/user', { token: user.token })).body.data;
    expect(me.accounts.find((a: { id: number }) => a.id === pending)).toMatchObject({ status: 'rejected', rejection_reason: 'Proof of funds missing' });
    const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.subjectId, String(pending)), eq(auditLog.action, 'account.rejected')));
    expect(entry!.details).toMatchObject({ reason: 'Proof of funds missing' });
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.find((n) => n.title === 'Live account not approved')?.message).toContain('Proof of funds missing');
    const refused = await post(user.token, '/deposits/crypto', { account_id: pending, wallet_id: btcWallet, coin_amount: 50, tx_hash: hash() });
    expect([refused.status, refused.body.message]).toEqual([409, msg.notApproved]);
    expect(((await queue('rejected')).body.data as Row[]).find((r) => r.id === pending)).toMatchObject({ status: 'rejected', reason: 'Proof of funds missing' });
  });

  it('decides once: a second decision, concurrent ones and accounts never held are refused', async () => {
    const { user, live, pending } = await customerWithPending();
    const results = await Promise.all([approve(pending), approve(pending), reject(pending), reject(pending)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(msg.notPending);
    const decisions = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'trading_account'), eq(auditLog.subjectId, String(pending))));
    expect(decisions.filter((e) => e.action !== 'account.opened')).toHaveLength(1);
    expect((await approve(live)).status).toBe(409);
    expect((await reject(live)).status).toBe(409);
    expect((await approve(9_999_999)).status).toBe(404);
    expect((await accountsOf(user)).find((a) => a.id === live)!.status).toBe('active');
  });

  it('only an admin decides: anonymous 401; the owner, another customer and support 403', async () => {
    const { user, pending } = await customerWithPending();
    const other = await createTestUser(server);
    expect((await approve(pending, null)).status).toBe(401);
    expect((await reject(pending, 'no', null)).status).toBe(401);
    for (const token of [user.token, other.token, support.token]) {
      expect((await approve(pending, token)).status).toBe(403);
      expect((await reject(pending, 'Not today', token)).status).toBe(403);
    }
    expect((await accountsOf(user)).find((a) => a.id === pending)!.status).toBe('pending');
    expect((await approve(pending)).status).toBe(200);
  });
});

describe('a pending account takes no money and no orders', () => {
  it('refuses every money and trading path that names it, with the reason', async () => {
    const { user, demo, live, pending } = await customerWithPending();
    const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Test User' };
    const [trendRider] = await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'trend-rider'));
    const [other] = await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'cfd-course'));
    // Owned (paid from the live account), so only the account stands in the robot's way.
    expect((await post(user.token, '/purchase/ea', { expert_advisor_id: trendRider!.id, account_id: live })).status).toBe(200);
    const attempts: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/trades/store', market.order({ account_id: pending }), 'account_id'],
      ['POST', '/trades/close-all', { account_id: pending }, 'account_id'],
      ['POST', '/deposits/crypto', { account_id: pending, wallet_id: btcWallet, coin_amount: 50, tx_hash: hash() }, 'account_id'],
      ['POST', '/deposits/card', { account_id: pending, amount: 50, card }, 'account_id'],
      ['POST', '/withdrawals', { method: 'crypto', account_id: pending, amount: 10, crypto: 'bitcoin', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }, 'account_id'],
      ['POST', '/transfers', { from_account_id: live, to_account_id: pending, amount: 10 }, 'to_account_id'],
      ['POST', '/transfers', { from_account_id: pending, to_account_id: live, amount: 10 }, 'from_account_id'],
      ['POST', '/savings/deposit', { account_id: pending, amount: 10 }, 'account_id'],
      ['POST', '/savings/withdraw', { account_id: pending, amount: 10 }, 'account_id'],
      ['POST', '/purchase/ea', { expert_advisor_id: other!.id, account_id: pending }, 'account_id'],
      ['PUT', `/robots/${trendRider!.id}`, { account_id: pending, asset_id: market.instruments.btcusd.id, params: { lots: 0.01, fast: 5, slow: 20, maType: 'ema', stopLossPct: 1 }, status: 'running' }, 'account_id'],
    ];
    for (const [method, path, body, field] of attempts) {
      const res = await server.call(method, path, { token: user.token, body });
      expect([path, res.status, res.body.message, res.body.errors?.[field]]).toEqual([path, 409, msg.awaitingApproval, [msg.awaitingApproval]]);
    }
    const adjust = await server.call('POST', `/admin/accounts/${pending}/adjust`, { token: admin.token, body: { amount: 100, reason: 'Welcome bonus' } });
    expect([adjust.status, adjust.body.message]).toEqual([409, msg.awaitingApproval]);
    // Nothing moved: no entry on the pending account, the live account still holds its money (less the advisor's 149).
    expect(await server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, pending))).toEqual([]);
    expect((await accountsOf(user)).find((a) => a.id === live)!.balance).toBe('351.00');
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
    // The customer's other accounts work as before, and reading the pending one is allowed.
    expect((await post(user.token, '/deposits/demo', { account_id: demo, amount: 100 })).status).toBe(201);
    expect((await server.call('GET', `/accounts/${pending}/history`, { token: user.token })).status).toBe(200);
    expect((await server.call('GET', `/open/trades?page=1&account_id=${pending}`, { token: user.token })).status).toBe(200);
  });

  it('tells another customer only that the account is not theirs', async () => {
    const { pending } = await customerWithPending();
    const other = await createTestUser(server);
    const res = await post(other.token, '/deposits/crypto', { account_id: pending, wallet_id: btcWallet, coin_amount: 50, tx_hash: hash() });
    expect(res.status).toBe(422);
    expect(res.body.message).not.toBe(msg.awaitingApproval);
    expect((await post(other.token, '/trades/store', market.order({ account_id: pending }))).status).toBe(404);
  });
});
