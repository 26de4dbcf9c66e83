import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eaPurchases, tradingAccounts } from '../src/db/schema/index.ts';
import { postEntry } from '../src/modules/accounts/ledger.repository.ts';
import { renewDue } from '../src/modules/marketplace/renewals.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin', firstName: 'Root' });
  customer = await createTestUser(server);
  await fundLiveAccount(server, customer);
});
afterAll(() => server.close());

const item = {
  name: 'Quiet Grid',
  description: 'A narrow grid for calm sessions.',
  author: 'Bourse Labs',
  image: '/marketplace/grid-harvester.svg',
  type: 'expert_advisor',
  strategy: 'grid',
  default_params: { lots: 0.05 },
  features: ['Tight spacing', 'Hard stop'],
  amount: '19.00',
  billing: 'one_time',
  published: false,
  plan_ids: [] as number[],
};
const listIds = async (token: string) => ((await server.call('GET', '/expert_advisors', { token })).body.data as { id: number }[]).map((i) => i.id);

describe('back-office catalogue', () => {
  it('refuses customers on every admin route', async () => {
    for (const [method, path] of [['GET', '/admin/expert_advisors'], ['POST', '/admin/expert_advisors'], ['PUT', '/admin/expert_advisors/1'], ['GET', '/admin/ea_sales']] as const) {
      const res = await server.call(method, path, { token: customer.token, body: method === 'GET' ? undefined : item });
      expect(res.status, path).toBe(403);
    }
  });

  it('creates an unpublished item, hides it from customers until published, and restricts plans', async () => {
    const created = await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: item });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await server.call('GET', '/admin/expert_advisors', { token: admin.token })).body.data.map((i: { id: number }) => i.id)).toContain(id);
    expect(await listIds(customer.token)).not.toContain(id);

    const edited = await server.call('PUT', `/admin/expert_advisors/${id}`, { token: admin.token, body: { ...item, published: true, plan_ids: [1] } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ published: true, plan_ids: [1] });
    expect(await listIds(customer.token)).toContain(id);
  });

  it('refuses an advisor without a strategy and unknown plans', async () => {
    expect((await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: { ...item, strategy: null } })).status).toBe(422);
    expect((await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: { ...item, plan_ids: [9999] } })).status).toBe(422);
    expect((await server.call('PUT', '/admin/expert_advisors/999999', { token: admin.token, body: item })).status).toBe(404);
  });

  it('lists sales with buyer, account, amount and totals', async () => {
    const created = await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: { ...item, name: 'Sold Grid', published: true } });
    const id = created.body.data.id as number;
    const before = (await server.call('GET', '/admin/ea_sales', { token: admin.token })).body;
    const bought = await server.call('POST', '/purchase/ea', { token: customer.token, body: { expert_advisor_id: id }, headers: { 'idempotency-key': 'admin-sale-1' } });
    expect(bought.status).toBe(200);
    const after = (await server.call('GET', '/admin/ea_sales', { token: admin.token })).body;
    expect(after.data[0]).toMatchObject({ user_id: customer.id, ea_id: id, ea_name: 'Sold Grid', amount: '19.00', status: 'active' });
    expect(after.totals.count).toBe(before.totals.count + 1);
    expect(Number(after.totals.amount) - Number(before.totals.amount)).toBeCloseTo(19, 2);
  });

  it('counts monthly renewals in the revenue', async () => {
    const created = await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: { ...item, name: 'Monthly Grid', billing: 'monthly', published: true } });
    const id = created.body.data.id as number;
    const buyer = await createTestUser(server);
    await fundLiveAccount(server, buyer);
    expect((await server.call('POST', '/purchase/ea', { token: buyer.token, body: { expert_advisor_id: id } })).status).toBe(200);
    const before = (await server.call('GET', '/admin/ea_sales', { token: admin.token })).body;
    const [purchase] = await server.ctx.db.select().from(eaPurchases).where(eq(eaPurchases.userId, buyer.id));
    await renewDue(server.ctx, new Date(purchase!.renewsAt!.getTime() + 1000));
    const after = (await server.call('GET', '/admin/ea_sales', { token: admin.token })).body;
    expect(after.totals.count).toBe(before.totals.count);
    expect(Number(after.totals.amount) - Number(before.totals.amount)).toBeCloseTo(19, 2);
  });

  it('counts neither sales nor revenue of demo money', async () => {
    const created = await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: { ...item, name: 'Demo Grid', billing: 'monthly', published: true } });
    const id = created.body.data.id as number;
    const before = (await server.call('GET', '/admin/ea_sales', { token: admin.token })).body;
    // A purchase paid with demo money, as the marketplace took them before paid items needed a live account.
    const player = await createTestUser(server);
    const [demo] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, player.id)).orderBy(tradingAccounts.id);
    expect(demo!.kind).toBe('demo');
    await server.ctx.db.transaction(async (tx) => {
      await tx.insert(eaPurchases).values({ userId: player.id, accountId: demo!.id, eaId: id, amount: '19.00' });
      await postEntry(tx, { accountId: demo!.id, kind: 'purchase', amount: '-19.00', reference: `ea:${id}` });
      await postEntry(tx, { accountId: demo!.id, kind: 'purchase', amount: '-19.00', reference: `ea:${id}:renewal:2026-01-01T00:00:00.000Z` });
    });
    const refused = await server.call('POST', '/purchase/ea', { token: player.token, body: { expert_advisor_id: id, account_id: demo!.id } });
    expect(refused.status).toBe(422);
    const after = (await server.call('GET', '/admin/ea_sales', { token: admin.token })).body;
    expect(after.totals).toEqual(before.totals);
    expect(after.data.map((r: { user_id: number }) => r.user_id)).not.toContain(player.id);
  });
});
