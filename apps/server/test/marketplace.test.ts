import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eaPurchases, expertAdvisors, journalEntries, notifications, tradingAccounts } from '../src/db/schema/index.ts';
import { postEntry, unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { renewDue } from '../src/modules/marketplace/renewals.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await useManualMarket(server);
});
afterAll(() => server.close());

const bySlug = async (slug: string) => (await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, slug)))[0]!;
const firstAccount = async (user: TestUser) => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id))[0]!;
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
  it('debits the price once as a purchase entry and owns the item', async () => {
    const user = await createTestUser(server);
    const item = await bySlug('trend-rider');
    const res = await buy(user, item.id, 'buy-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Expert Advisor purchased successfully' });
    const account = await firstAccount(user);
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
      const user = await createTestUser(server);
      const item = await bySlug('turtle-breakout');
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => buy(user, item.id, sameKey ? 'double-click' : `click-${i}`)));
      const statuses = results.map((r) => r.status);
      if (sameKey) expect(new Set(statuses)).toEqual(new Set([200]));
      else expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect((await firstAccount(user)).balance).toBe('9801.00');
      const owned = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.userId, user.id));
      expect(owned).toHaveLength(1);
    }
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('refuses an item already owned, a price the free margin does not cover, and unknown items', async () => {
    const user = await createTestUser(server);
    const item = await bySlug('swing-cross');
    expect((await buy(user, item.id)).status).toBe(200);
    const again = await buy(user, item.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already own this item.');

    const poor = await createTestUser(server);
    const account = await firstAccount(poor);
    await server.ctx.db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'withdrawal', amount: '-9900.00' }));
    const short = await buy(poor, (await bySlug('turtle-breakout')).id);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Your free margin does not cover this purchase.');
    expect((await firstAccount(poor)).balance).toBe('100.00');

    const missing = await buy(user, 987_654);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Expert Advisor not found');
  });

  it("gives free items without a journal entry and never debits another customer's account", async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    const free = await bySlug('rsi-snapback');
    expect((await buy(user, free.id)).status).toBe(200);
    expect((await firstAccount(user)).balance).toBe('10000.00');
    const theirs = await firstAccount(other);
    const res = await buy(user, (await bySlug('trend-rider')).id, undefined, theirs.id);
    expect(res.status).toBe(404);
    expect((await firstAccount(other)).balance).toBe('10000.00');
  });
});

describe('monthly renewals', () => {
  it('renews each period once however often the job runs, and lapses what the account cannot pay', async () => {
    const user = await createTestUser(server);
    const monthly = await bySlug('grid-harvester');
    expect((await buy(user, monthly.id)).status).toBe(200);
    const [purchase] = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.userId, user.id));
    const due = new Date(purchase!.renewsAt!.getTime() + 1000);
    await Promise.all([renewDue(server.ctx, due), renewDue(server.ctx, due)]);
    await renewDue(server.ctx, due);
    expect((await firstAccount(user)).balance).toBe('9922.00');
    const [renewed] = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.id, purchase!.id));
    expect(renewed!.renewsAt!.getTime()).toBeGreaterThan(due.getTime());

    const account = await firstAccount(user);
    await server.ctx.db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'withdrawal', amount: '-9900.00' }));
    await renewDue(server.ctx, new Date(renewed!.renewsAt!.getTime() + 1000));
    const [lapsed] = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.id, purchase!.id));
    expect(lapsed!.status).toBe('lapsed');
    expect((await firstAccount(user)).balance).toBe('22.00');
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(['Subscription renewed', 'Subscription lapsed']));
    expect((await server.call('GET', '/user', { token: user.token })).body.data.eas).toEqual([]);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });
});
