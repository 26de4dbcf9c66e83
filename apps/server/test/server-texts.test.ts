import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, events, notices } from '@bourse/contract';
import { depositWallets, notifications, tradingAccounts } from '../src/db/schema/index.ts';
import { MemoryBroadcaster } from '../src/realtime/broadcaster.ts';
import { eq } from 'drizzle-orm';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Texts the server writes for a customer travel as a message key and parameters, beside the English words. */

let server: TestServer;
let admin: TestUser;
let sent: MemoryBroadcaster;
beforeAll(async () => {
  server = await startTestServer();
  sent = new MemoryBroadcaster();
  server.ctx.broadcaster = sent;
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

/** The web catalogue of a language, read straight from its files. */
function catalogueOf(language: string): Record<string, string> {
  const dir = path.resolve(import.meta.dirname, '../../web/src/i18n/locales', language);
  return Object.assign({}, ...readdirSync(dir).map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as Record<string, string>));
}

const notesOf = async (user: TestUser) => (await server.call('GET', '/user', { token: user.token })).body.data.notifications as Record<string, unknown>[];

describe('notifications', () => {
  it('carry the keys of their title and text and the parameters, in the API and on the live event', async () => {
    const user = await createTestUser(server);
    const [, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
    const [wallet] = await server.ctx.db.insert(depositWallets).values({ crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', minAmount: '50' }).returning();
    const claim = await server.call('POST', '/deposits/crypto', { token: user.token, body: { account_id: live!.id, wallet_id: wallet!.id, coin_amount: 250, tx_hash: 'a'.repeat(64) } });
    expect(claim.status).toBe(201);
    expect((await server.call('POST', `/admin/money/${claim.body.data.id}/approve`, { token: admin.token, body: { credited_amount: 250 } })).status).toBe(200);

    const expected = {
      title: 'Deposit credited',
      message: 'Your deposit has been confirmed: 250.00 USD was added to your account.',
      title_key: notices.depositCreditedTitle,
      message_key: notices.depositCredited,
      params: { amount: '250.00', currency: 'USD' },
    };
    expect(await notesOf(user)).toEqual([expect.objectContaining(expected)]);
    const event = sent.sent.find((e) => e.channel === channels.notification(user.id) && e.event === events.notification);
    expect(event?.data).toMatchObject(expected);
  });

  it('of an account status change carry their keys too', async () => {
    const user = await createTestUser(server);
    await server.call('PATCH', `/admin/clients/${user.id}/status`, { token: admin.token, body: { status: 'deactivated' } });
    expect(await notesOf(user)).toEqual([
      expect.objectContaining({ title: 'Account deactivated', title_key: notices.accountDeactivatedTitle, message_key: notices.accountDeactivated, params: {} }),
    ]);
  });

  it('written as free text by an operator, or stored before keys, come in their own words without keys', async () => {
    const user = await createTestUser(server);
    await server.call('POST', '/admin/notifications', { token: admin.token, body: { user_id: user.id, title: 'Holiday hours', message: 'Markets close early on Friday.' } });
    await server.ctx.db.insert(notifications).values({ userId: user.id, title: 'Old note', message: 'Written before keys.' });
    const notes = await notesOf(user);
    expect(notes.map((n) => [n.title, n.title_key, n.message_key, n.params])).toEqual([
      ['Old note', null, null, {}],
      ['Holiday hours', null, null, {}],
    ]);
  });
});

describe('mails', () => {
  it('are written in the language the customer chose', async () => {
    const user = await createTestUser(server);
    await server.call('PUT', '/user/preferences', { token: user.token, body: { language: 'ar' } });
    await server.call('PATCH', `/admin/clients/${user.id}/status`, { token: admin.token, body: { status: 'deactivated' } });
    const log = readFileSync(path.join(server.ctx.config.dataDir, 'mail.log'), 'utf8').split('--- ').filter((m) => m.includes(`To: ${user.email}`));
    const arabic = catalogueOf('ar');
    expect(log).toHaveLength(1);
    expect(log[0]).toContain(arabic[notices.accountDeactivatedTitle]);
    expect(log[0]).toContain(arabic[notices.accountDeactivated]);
    expect(log[0]).not.toContain('deactivated');
  });
});

describe('ledger details', () => {
  it('read each entry reference as a message, the entries written before keys included', async () => {
    const user = await createTestUser(server);
    const [demo] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
    const res = await server.call('GET', `/accounts/${demo!.id}/history`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.activity).toEqual([expect.objectContaining({ kind: 'deposit', reference: 'demo funding', detail: { key: notices.demoFunding, params: {} } })]);
  });
});
