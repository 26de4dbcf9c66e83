import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMessages as msg } from '@bourse/contract';
import { accountTypes, assets, expertAdvisors, notifications, planExpertAdvisors, users } from '../src/db/schema/index.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket, type TestMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
const planIds: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  for (const p of await server.ctx.db.select().from(accountTypes)) planIds[p.title] = p.id;
});
afterAll(() => server.close());

type PlanRequestRow = { id: number; user_id: number; from_plan: string; to_plan: string; status: string };
const ask = (user: TestUser, planId: number) => server.call('POST', '/plans/request', { token: user.token, body: { plan_id: planId } });
const requestsOf = async (user: TestUser, status = 'pending') =>
  ((await server.call('GET', `/admin/plan_requests?status=${status}`, { token: admin.token })).body.data as PlanRequestRow[]).filter((r) => r.user_id === user.id);
const approve = (id: number, token = admin.token) => server.call('POST', `/admin/plan_requests/${id}/approve`, { token });
const currentUser = async (user: TestUser) => (await server.call('GET', '/user', { token: user.token })).body.data;

/** Asks for `plan` and has the operator approve it at once. */
async function moveTo(user: TestUser, plan: string) {
  expect((await ask(user, planIds[plan]!)).status).toBe(200);
  const [pending] = await requestsOf(user);
  expect((await approve(pending!.id)).status).toBe(200);
}

describe('GET /plans', () => {
  it('lists Basic, Silver, Gold and Pro in order with ordered features and leverage ceilings', async () => {
    const user = await createTestUser(server);
    const res = await server.call('GET', '/plans', { token: user.token });
    expect(res.status).toBe(200);
    const { data, plan_features: features, request } = res.body;
    expect(data.map((p: { title: string }) => p.title)).toEqual(['Basic', 'Silver', 'Gold', 'Pro']);
    expect(features[0]).toBe('Minimum deposit');
    for (const plan of data) {
      expect(plan).toMatchObject({ id: expect.any(Number), color: expect.stringMatching(/^#/), icon: expect.any(String) });
      expect(plan.features).toHaveLength(features.length);
      expect(plan.features[0]).toMatch(/^\$[\d,]+$/);
      expect(Object.keys(plan.max_leverage).sort()).toEqual(['commodities', 'cryptos', 'forex', 'indices', 'metals', 'stocks']);
    }
    expect(data.flatMap((p: { features: string[] }) => p.features)).toContain('Enabled');
    expect(data[0].max_leverage.stocks).toBeLessThan(data[3].max_leverage.stocks);
    expect(request).toBeNull();
    // A new customer starts on Basic; the site data lists the same features.
    expect((await currentUser(user)).account_type.title).toBe('Basic');
    expect((await server.call('GET', '/data', { token: user.token })).body.data.plan_features).toEqual(features);
    expect((await server.call('GET', '/plans')).status).toBe(401);
  });
});

describe('POST /plans/request', () => {
  it('takes one pending request, refuses a second (concurrent ones too) and the current plan', async () => {
    const user = await createTestUser(server);
    expect((await ask(user, planIds.Basic!)).body.message).toBe(msg.samePlan);
    expect((await ask(user, 999_999)).status).toBe(422);
    const results = await Promise.all([ask(user, planIds.Gold!), ask(user, planIds.Pro!), ask(user, planIds.Silver!)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) expect(refused.body.message).toBe(msg.pending);
    const accepted = results.find((r) => r.status === 200)!.body;
    expect(accepted).toMatchObject({ status: 'success', message: msg.requested, data: { status: 'pending' } });
    expect(await requestsOf(user)).toHaveLength(1);
    expect((await server.call('GET', '/plans', { token: user.token })).body.request).toMatchObject({ status: 'pending', to_plan_id: accepted.data.to_plan_id });
    expect((await currentUser(user)).account_type.title).toBe('Basic');
  });
});

describe('back office plan requests', () => {
  it('approval moves the customer to the plan at once and tells them', async () => {
    const user = await createTestUser(server);
    await ask(user, planIds.Gold!);
    const [pending] = await requestsOf(user);
    expect(pending).toMatchObject({ from_plan: 'Basic', to_plan: 'Gold', status: 'pending' });
    expect((await approve(pending!.id)).body.message).toBe(msg.approved);
    expect((await currentUser(user)).account_type).toMatchObject({ title: 'Gold', leverage: 300 });
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.find((n) => n.title === 'Plan upgraded')?.message).toContain('Gold');
    expect((await requestsOf(user, 'approved'))[0]).toMatchObject({ id: pending!.id });
    const listed = (await server.call('GET', '/admin/plan_requests', { token: admin.token })).body.data.find((r: PlanRequestRow) => r.id === pending!.id);
    expect(listed).toMatchObject({ status: 'approved', decided_by: admin.email });
    expect((await approve(pending!.id)).status).toBe(409);
    expect((await server.call('GET', '/plans', { token: user.token })).body.request).toMatchObject({ status: 'approved' });
  });

  it('rejection needs a reason, keeps the plan, tells the customer, who may ask again', async () => {
    const user = await createTestUser(server);
    await ask(user, planIds.Pro!);
    const [pending] = await requestsOf(user);
    const reject = (reason: string) => server.call('POST', `/admin/plan_requests/${pending!.id}/reject`, { token: admin.token, body: { reason } });
    expect((await reject('  ')).status).toBe(422);
    expect((await reject('Please deposit the minimum first.')).status).toBe(200);
    expect((await currentUser(user)).account_type.title).toBe('Basic');
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.find((n) => n.title === 'Plan request rejected')?.message).toContain('Please deposit the minimum first.');
    expect((await ask(user, planIds.Pro!)).status).toBe(200);
  });

  it('customers cannot list or decide requests, their own included', async () => {
    const user = await createTestUser(server);
    await ask(user, planIds.Pro!);
    const [pending] = await requestsOf(user);
    expect((await server.call('GET', '/admin/plan_requests', { token: user.token })).status).toBe(403);
    expect((await approve(pending!.id, user.token)).status).toBe(403);
    expect((await server.call('POST', `/admin/plan_requests/${pending!.id}/reject`, { token: user.token, body: { reason: 'no' } })).status).toBe(403);
    expect((await currentUser(user)).account_type.title).toBe('Basic');
    expect((await approve(999_999)).status).toBe(404);
  });
});

describe('what a plan allows', () => {
  it("caps the order's leverage by the plan's ceiling for the asset class, from the next order", async () => {
    const user = await createTestUser(server);
    const [stock] = await server.ctx.db.select().from(assets).where(and(eq(assets.type, 'stocks'), eq(assets.enabled, true))).limit(1);
    market.prices.set(stock!.id, 100, { bid: 99.99, ask: 100.01 });
    const order = () =>
      server.call('POST', '/trades/store', {
        token: user.token,
        body: market.order({ id: stock!.id, asset_symbol: stock!.symbol, asset_name: stock!.name, opening_price: 100.01, leverage: 500 }),
      });
    const basic = await order();
    expect(basic.status).toBe(201);
    expect(basic.body.data.leverage).toBe(5);
    await moveTo(user, 'Silver');
    expect((await order()).body.data.leverage).toBe(10);
    // Forex on Basic keeps the instrument's 100 (the trading tests' expectation).
    const fx = await server.call('POST', '/trades/store', { token: user.token, body: market.order() });
    expect(fx.body.data.leverage).toBe(100);
  });

  it('lists an owned advisor in user.eas only while the plan includes it', async () => {
    const user = await createTestUser(server);
    await fundLiveAccount(server, user);
    const [item] = await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.type, 'expert_advisor')).limit(1);
    expect((await server.call('POST', '/purchase/ea', { token: user.token, body: { expert_advisor_id: item!.id } })).status).toBe(200);
    expect((await currentUser(user)).eas).toContain(item!.id);
    await server.ctx.db.insert(planExpertAdvisors).values({ planId: planIds.Pro!, eaId: item!.id });
    try {
      expect((await currentUser(user)).eas).not.toContain(item!.id);
      await moveTo(user, 'Pro');
      expect((await currentUser(user)).eas).toContain(item!.id);
    } finally {
      await server.ctx.db.delete(planExpertAdvisors).where(eq(planExpertAdvisors.eaId, item!.id));
    }
    expect((await server.ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!.accountTypeId).toBe(planIds.Pro);
  });
});
