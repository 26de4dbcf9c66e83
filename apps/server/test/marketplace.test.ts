import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceMessages as msg } from '@bourse/contract';
import { accountTypes, eaPurchases, expertAdvisors, journalEntries, notifications, planExpertAdvisors, tradingAccounts, users } from '../src/db/schema/index.ts';
import { postEntry, unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { renewDue } from '../src/modules/marketplace/renewals.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await useManualMarket(server);
});
afterAll(() => server.close());

const bySlug = async (slug: string) => (await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, slug)))[0]!;
const accountsOf = (user: TestUser) => server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
const firstAccount = async (user: TestUser) => (await accountsOf(user))[0]!;
const liveAccount = async (user: TestUser) => (await accountsOf(user)).find((a) => a.kind === 'live')!;
/** A customer whose live account holds 10,000. */
const funded = async () => {
  const user = await createTestUser(server);
  await fundLiveAccount(server, user);
  return user;
};
const buy = (user: TestUser, id: number, key?: string, accountId?: number) =>
  server.call('POST', '/purchase/ea', { token: user.token, body: { expert_advisor_id: id, account_id: accountId }, headers: key ? { 'idempotency-key': key } : {} });

describe('GET /expert_advisors', () => {
  it('lists the published catalogue by downloads with what the caller owns', async () => {
    const user = await createTestUser(server);
    const res = await server.call('GET', '/expert_advisors', { token: user.token });
    expect(res.status).toBe(200);
    const items = res.body.data as { downloads: number; type: string; status: string; strategy: string | null; billing: string; amount_val: number }[];
    expect(items.length).toBeGreaterThanOrEqual(7);
    expect(items.map((i) => i.downloads)).toEqual([...items.map((i) => i.downloads)].sort((a, b) => b - a));
    expect(items.filter((i) => i.type === 'expert_advisor' && i.strategy).length).toBeGreaterThanOrEqual(6);
    expect(items.filter((i) => i.type === 'other').length).toBeGreaterThanOrEqual(1);
    expect(new Set(items.filter((i) => i.type === 'expert_advisor').map((i) => i.strategy))).toEqual(new Set(['ma_crossover', 'rsi_reversion', 'donchian_breakout', 'grid']));
    expect(items.some((i) => i.amount_val === 0) && items.some((i) => i.billing === 'monthly')).toBe(true);
    expect(items.every((i) => i.status === 'available')).toBe(true);
    expect((await server.call('GET', '/expert_advisors')).status).toBe(401);
  });

  it('leaves unpublished items out', async () => {
    const user = await createTestUser(server);
    const hidden = await bySlug('deep-value-rsi');
    await server.ctx.db.update(expertAdvisors).set({ published: false }).where(eq(expertAdvisors.id, hidden.id));
    const res = await server.call('GET', '/expert_advisors', { token: user.token });
    const bought = await buy(user, hidden.id);
    await server.ctx.db.update(expertAdvisors).set({ published: true }).where(eq(expertAdvisors.id, hidden.id));
    expect(res.body.data.map((i: { id: number }) => i.id)).not.toContain(hidden.id);
    expect(bought.status).toBe(404);
  });
});

describe('POST /purchase/ea', () => {
  it('debits the price once as a purchase entry on the live account and owns the item', async () => {
    const user = await funded();
    const item = await bySlug('trend-rider');
    const res = await buy(user, item.id, 'buy-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Expert Advisor purchased successfully' });
    expect((await firstAccount(user)).balance).toBe('10000.00');
    const account = await liveAccount(user);
    expect(account.balance).toBe('9851.00');
    const entries = await server.ctx.db.select().from(journalEntries).where(and(eq(journalEntries.accountId, account.id), eq(journalEntries.kind, 'purchase')));
    expect(entries.map((e) => e.amount)).toEqual(['-149.00']);
    const me = await server.call('GET', '/user', { token: user.token });
    expect(me.body.data.eas).toEqual([item.id]);
    const list = await server.call('GET', '/expert_advisors', { token: user.token });
    expect(list.body.data.find((i: { id: number }) => i.id === item.id).status).toBe('purchased');
    expect((await bySlug('trend-rider')).downloads).toBe(item.downloads + 1);
  });

  it('debits once for 50 concurrent clicks, with one key or with fresh keys', async () => {
    for (const sameKey of [true, false]) {
      const user = await funded();
      const item = await bySlug('turtle-breakout');
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => buy(user, item.id, sameKey ? 'double-click' : `click-${i}`)));
      const statuses = results.map((r) => r.status);
      if (sameKey) expect(new Set(statuses)).toEqual(new Set([200]));
      else expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect((await liveAccount(user)).balance).toBe('9801.00');
      const owned = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.userId, user.id));
      expect(owned).toHaveLength(1);
    }
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('refuses an item already owned, a price the free margin does not cover, and unknown items', async () => {
    const user = await funded();
    const item = await bySlug('swing-cross');
    expect((await buy(user, item.id)).status).toBe(200);
    const again = await buy(user, item.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already own this item.');

    const poor = await createTestUser(server);
    await fundLiveAccount(server, poor, '100.00');
    const short = await buy(poor, (await bySlug('turtle-breakout')).id);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Your free margin does not cover this purchase.');
    expect((await liveAccount(poor)).balance).toBe('100.00');

    const missing = await buy(user, 987_654);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Expert Advisor not found');
  });

  it("gives free items without a journal entry and never debits another customer's account", async () => {
    const user = await createTestUser(server);
    const other = await funded();
    const free = await bySlug('rsi-snapback');
    expect((await buy(user, free.id)).status).toBe(200);
    expect((await firstAccount(user)).balance).toBe('10000.00');
    const theirs = await liveAccount(other);
    const res = await buy(user, (await bySlug('trend-rider')).id, undefined, theirs.id);
    expect(res.status).toBe(404);
    expect((await liveAccount(other)).balance).toBe('10000.00');
  });
});

describe('monthly renewals', () => {
  it('renews each period once however often the job runs, and lapses what the account cannot pay', async () => {
    const user = await funded();
    const monthly = await bySlug('grid-harvester');
    expect((await buy(user, monthly.id)).status).toBe(200);
    const [purchase] = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.userId, user.id));
    const due = new Date(purchase!.renewsAt!.getTime() + 1000);
    await Promise.all([renewDue(server.ctx, due), renewDue(server.ctx, due)]);
    await renewDue(server.ctx, due);
    expect((await liveAccount(user)).balance).toBe('9922.00');
    const [renewed] = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.id, purchase!.id));
    expect(renewed!.renewsAt!.getTime()).toBeGreaterThan(due.getTime());

    const account = await liveAccount(user);
    await server.ctx.db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'withdrawal', amount: '-9900.00' }));
    await renewDue(server.ctx, new Date(renewed!.renewsAt!.getTime() + 1000));
    const [lapsed] = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.id, purchase!.id));
    expect(lapsed!.status).toBe('lapsed');
    expect((await liveAccount(user)).balance).toBe('22.00');
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(['Subscription renewed', 'Subscription lapsed']));
    expect((await server.call('GET', '/user', { token: user.token })).body.data.eas).toEqual([]);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });
});

describe('paid items are paid with real money', () => {
  it('refuses a paid item from a demo account, takes it from a funded live one, and gives free items on demo', async () => {
    const user = await createTestUser(server);
    const [demo, live] = await accountsOf(user);
    const item = await bySlug('trend-rider');
    const fromDemo = await buy(user, item.id, undefined, demo!.id);
    expect([fromDemo.status, fromDemo.body.message, fromDemo.body.errors?.account_id]).toEqual([422, msg.liveOnly, [msg.liveOnly]]);
    // By default the live account pays, and an empty one cannot.
    const empty = await buy(user, item.id);
    expect([empty.status, empty.body.message]).toEqual([422, msg.insufficientFunds]);
    expect(await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.userId, user.id))).toEqual([]);
    expect((await firstAccount(user)).balance).toBe('10000.00');

    await fundLiveAccount(server, user, '500.00');
    expect((await buy(user, item.id, undefined, live!.id)).status).toBe(200);
    expect((await liveAccount(user)).balance).toBe('351.00');
    expect((await firstAccount(user)).balance).toBe('10000.00');
    expect((await buy(user, (await bySlug('rsi-snapback')).id, undefined, demo!.id)).status).toBe(200);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('refuses a paid item to a customer with no usable live account', async () => {
    const user = await createTestUser(server);
    await server.ctx.db.update(tradingAccounts).set({ status: 'pending' }).where(and(eq(tradingAccounts.userId, user.id), eq(tradingAccounts.kind, 'live')));
    const res = await buy(user, (await bySlug('swing-cross')).id);
    expect([res.status, res.body.message]).toEqual([422, msg.liveOnly]);
  });

  it('lets a subscription paid with demo money lapse instead of renewing it', async () => {
    const user = await createTestUser(server);
    const demo = await firstAccount(user);
    const monthly = await bySlug('grid-harvester');
    const renewsAt = new Date(Date.now() - 60_000);
    await server.ctx.db.insert(eaPurchases).values({ userId: user.id, accountId: demo.id, eaId: monthly.id, amount: monthly.amount, renewsAt });
    await renewDue(server.ctx, new Date());
    const [purchase] = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.userId, user.id));
    expect(purchase!.status).toBe('lapsed');
    expect((await firstAccount(user)).balance).toBe('10000.00');
    const [note] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note!.message).toContain('paid from a live account');
  });
});

describe('advisors a plan does not include', () => {
  it('names the plans that may run an item and refuses it to a customer whose plan cannot', async () => {
    const item = await bySlug('deep-value-rsi');
    const [pro] = await server.ctx.db.select().from(accountTypes).where(eq(accountTypes.title, 'Pro'));
    await server.ctx.db.insert(planExpertAdvisors).values({ planId: pro!.id, eaId: item.id });
    try {
      const user = await funded();
      const list = (await server.call('GET', '/expert_advisors', { token: user.token })).body.data as { id: number; plans: unknown[] }[];
      expect(list.find((i) => i.id === item.id)!.plans).toEqual([{ id: pro!.id, title: 'Pro' }]);
      expect(list.find((i) => i.id !== item.id)!.plans).toEqual([]);
      const refused = await buy(user, item.id);
      expect([refused.status, refused.body.message]).toEqual([403, msg.notInPlan]);
      expect((await liveAccount(user)).balance).toBe('10000.00');
      await server.ctx.db.update(users).set({ accountTypeId: pro!.id }).where(eq(users.id, user.id));
      expect((await buy(user, item.id)).status).toBe(200);
      expect((await server.call('GET', '/user', { token: user.token })).body.data.eas).toEqual([item.id]);
    } finally {
      await server.ctx.db.delete(planExpertAdvisors).where(eq(planExpertAdvisors.eaId, item.id));
    }
  });
});
