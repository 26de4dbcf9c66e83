import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationMessages as msg } from '@bourse/contract';
import { tradingAccounts } from '../src/db/schema/index.ts';
import { postEntry } from '../src/modules/accounts/ledger.repository.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files } from './helpers/files.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, useManualMarket } from './helpers/trading.ts';
import { verifyIdentity } from './helpers/verified.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

const bank = { method: 'bank', iban: 'DE89 3704 0044 0532 0130 00', holder: 'Test User' };

/** A customer with 1,000 on the live account (credited by the back office) and their demo and live ids. */
async function customerWithMoney() {
  const user = await createTestUser(server);
  const accounts = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
  const [demo, live] = accounts.map((a) => a.id) as [number, number];
  await server.ctx.db.transaction(async (tx) => {
    await postEntry(tx, { accountId: live, kind: 'deposit', amount: '1000.00', reference: `test:${user.id}` });
  });
  return { user, demo, live };
}

const order = (user: TestUser, account: number) => server.call('POST', '/trades/store', { token: user.token, body: market.order({ account_id: account }) });
const withdraw = (user: TestUser, account: number) => server.call('POST', '/withdrawals', { token: user.token, body: { ...bank, account_id: account, amount: 100 } });
const setting = (on: boolean) => server.call('PUT', '/admin/settings', { token: admin.token, body: { require_verification: on } });

describe('identity verification before real money', () => {
  it('is required by default: a live order and a withdrawal are refused with what to do; demo trading is not', async () => {
    expect((await server.call('GET', '/settings')).body.data.require_verification).toBe(true);
    const { user, demo, live } = await customerWithMoney();
    const refusedOrder = await order(user, live);
    expect([refusedOrder.status, refusedOrder.body.message]).toEqual([403, msg.requiredToTrade]);
    const refusedWithdrawal = await withdraw(user, live);
    expect([refusedWithdrawal.status, refusedWithdrawal.body.message]).toEqual([403, msg.requiredToWithdraw]);
    expect((await order(user, demo)).status).toBe(201);
  });

  it('is not met by documents still waiting or partly approved', async () => {
    const { user, live } = await customerWithMoney();
    const form = new FormData();
    form.append('kind', 'id_front');
    form.append('file', new Blob([new Uint8Array(files.photo.jpeg)], { type: 'image/jpeg' }), 'id.jpg');
    await fetch(`${server.url}/api/v1/verification/documents`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    const doc = (await server.call('GET', '/verification', { token: user.token })).body.data.documents[0];
    expect((await server.call('POST', `/admin/verification/documents/${doc.file.id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
    expect((await order(user, live)).status).toBe(403);
    expect((await withdraw(user, live)).status).toBe(403);
  });

  it('lets a customer trade live and withdraw once all four documents are approved', async () => {
    const { user, live } = await customerWithMoney();
    await verifyIdentity(server, user, admin.token);
    expect((await order(user, live)).status).toBe(201);
    expect((await withdraw(user, live)).status).toBe(201);
  });

  it('is lifted when the operator relaxes it in Site settings, and back when restored', async () => {
    const { user, live } = await customerWithMoney();
    expect((await setting(false)).status).toBe(200);
    try {
      expect((await order(user, live)).status).toBe(201);
      expect((await withdraw(user, live)).status).toBe(201);
    } finally {
      expect((await setting(true)).status).toBe(200);
    }
    expect((await withdraw(user, live)).status).toBe(403);
  });

  it('can be changed by admins only', async () => {
    const customer = await createTestUser(server);
    expect((await server.call('PUT', '/admin/settings', { token: customer.token, body: { require_verification: false } })).status).toBe(403);
  });
});
