import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, depositWallets, notifications, tradingAccounts } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
let wallet: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
  const [w] = await server.ctx.db.insert(depositWallets).values({ crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', minAmount: '10' }).returning();
  wallet = w!.id;
});
afterAll(() => server.close());

const prefs = async (user: TestUser) => (await server.call('GET', '/user/preferences', { token: user.token })).body.data;
const put = (user: TestUser, body: unknown) => server.call('PUT', '/user/preferences', { token: user.token, body });
const mailsTo = (email: string) => {
  const file = path.join(server.ctx.config.dataDir, 'mail.log');
  return existsSync(file) ? readFileSync(file, 'utf8').split('--- ').filter((m) => m.includes(`To: ${email}`)) : [];
};

/** A crypto deposit an operator confirms: a 'money' notification. */
async function confirmedDeposit(user: TestUser) {
  const [, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
  const tx = Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const claim = await server.call('POST', '/deposits/crypto', { token: user.token, body: { account_id: live!.id, wallet_id: wallet, coin_amount: 20, tx_hash: tx } });
  await server.call('POST', `/admin/money/${claim.body.data.id}/approve`, { token: admin.token, body: { credited_amount: 20 } });
}

describe('preferences', () => {
  it('starts from the defaults and keeps what the customer changes, refusing unknown zones and fields', async () => {
    const user = await createTestUser(server);
    expect(await prefs(user)).toEqual({
      display_currency: 'USD',
      sound: true,
      time_zone: 'UTC',
      tour_done: false,
      notifications: { trading: { in_app: true, email: false }, money: { in_app: true, email: true }, account: { in_app: true, email: true }, alerts: { in_app: true, email: false } },
    });
    const saved = await put(user, { display_currency: 'EUR', sound: false, time_zone: 'Europe/Paris', notifications: { trading: { in_app: false, email: true } } });
    expect(saved.status).toBe(200);
    expect(await prefs(user)).toMatchObject({ display_currency: 'EUR', sound: false, time_zone: 'Europe/Paris', notifications: { trading: { in_app: false, email: true }, money: { in_app: true, email: true } } });
    expect((await put(user, { time_zone: 'Mars/Olympus' })).status).toBe(422);
    expect((await put(user, { theme: 'pink' })).status).toBe(422);
    expect((await server.call('GET', '/user/preferences')).status).toBe(401);
    expect((await prefs(await createTestUser(server))).display_currency).toBe('USD');
  });

  it('remembers that the trading room tour was done, on every device', async () => {
    const user = await createTestUser(server);
    expect((await put(user, { tour_done: true })).body.data.tour_done).toBe(true);
    expect((await prefs(user)).tour_done).toBe(true);
    expect((await put(user, { tour_done: 'yes' })).status).toBe(422);
  });

  it('keeps the language once chosen, one of those the app speaks', async () => {
    const user = await createTestUser(server);
    expect((await prefs(user)).language).toBeUndefined();
    expect((await put(user, { language: 'ar' })).body.data).toMatchObject({ language: 'ar', time_zone: 'UTC' });
    expect((await prefs(user)).language).toBe('ar');
    expect((await put(user, { language: 'xx' })).status).toBe(422);
    expect((await put(user, { language: 'EN' })).status).toBe(422);
    await put(user, { sound: false });
    expect(await prefs(user)).toMatchObject({ language: 'ar', sound: false });
    expect((await prefs(await createTestUser(server))).language).toBeUndefined();
  });

  it('keeps the theme once chosen, leaving the other settings as they were', async () => {
    const user = await createTestUser(server);
    expect((await prefs(user)).theme).toBeUndefined();
    await put(user, { sound: false });
    expect((await put(user, { theme: 'light' })).body.data).toMatchObject({ theme: 'light', sound: false });
    expect(await prefs(user)).toMatchObject({ theme: 'light', sound: false, time_zone: 'UTC' });
    await put(user, { time_zone: 'Asia/Tokyo' });
    expect((await prefs(user)).theme).toBe('light');
    expect((await put(user, { theme: 'system' })).body.data.theme).toBe('system');
    expect((await put(user, { theme: null })).status).toBe(422);
  });

  it('keeps the chart indicators per instrument, changing only the instruments named, within bounds', async () => {
    const user = await createTestUser(server);
    expect((await prefs(user)).indicators).toBeUndefined();
    const ema = { id: 'a1', kind: 'ema', color: 'blue', params: { period: 20 } };
    const rsi = { id: 'a2', kind: 'rsi', color: 'purple', params: { period: 14 } };
    const macd = { id: 'b1', kind: 'macd', color: 'orange', params: { fast: 12, slow: 26, signal: 9 } };
    expect((await put(user, { indicators: { EURUSD: [ema, rsi], BTCUSD: [macd] } })).body.data.indicators).toEqual({ EURUSD: [ema, rsi], BTCUSD: [macd] });
    // Another instrument's list changes; EURUSD keeps its own, and other settings stay.
    await put(user, { sound: false });
    await put(user, { indicators: { BTCUSD: [{ ...macd, params: { fast: 5, slow: 35, signal: 5 } }] } });
    expect(await prefs(user)).toMatchObject({ sound: false, indicators: { EURUSD: [ema, rsi], BTCUSD: [{ params: { fast: 5, slow: 35, signal: 5 } }] } });
    // An empty list removes the instrument; the last one removed leaves none.
    await put(user, { indicators: { BTCUSD: [] } });
    expect((await prefs(user)).indicators).toEqual({ EURUSD: [ema, rsi] });
    await put(user, { indicators: { EURUSD: [] } });
    expect((await prefs(user)).indicators).toBeUndefined();

    const refused = async (indicators: unknown) => {
      const res = await put(user, { indicators });
      expect(res.status).toBe(422);
      return res.body.message as string;
    };
    await refused({ EURUSD: [{ ...ema, params: { period: 0 } }] });
    await refused({ EURUSD: [{ ...ema, params: { period: 20.5 } }] });
    await refused({ EURUSD: [{ ...ema, params: { period: 501 } }] });
    await refused({ EURUSD: [{ ...ema, params: { period: 20, deviations: 2 } }] });
    await refused({ EURUSD: [{ ...ema, kind: 'zigzag' }] });
    await refused({ EURUSD: [{ ...ema, color: '#ff0000' }] });
    await refused({ EURUSD: [ema, ema] });
    await refused({ __proto__x: [ema] });
    expect(await refused({ EURUSD: [{ ...macd, params: { fast: 26, slow: 12, signal: 9 } }] })).toBe('The fast period must be shorter than the slow period.');
    expect(await refused({ EURUSD: [{ id: 'p', kind: 'psar', color: 'red', params: { step: 0.3, max: 0.2 } }] })).toBe('The step must not be larger than the maximum.');
    expect(await refused({ EURUSD: Array.from({ length: 11 }, (_, i) => ({ ...ema, id: `e${i}` })) })).toBe('Up to 10 indicators per instrument. Remove one to add another.');
    expect((await prefs(user)).indicators).toBeUndefined();

    // A hundred instruments at most: the hundred-and-first is refused, the hundred kept.
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`SYM${i}`, [ema]]));
    expect((await put(user, { indicators: hundred })).status).toBe(200);
    expect(await refused({ ONEMORE: [ema] })).toBe('Indicators are kept on up to 100 instruments. Remove them from one you no longer follow.');
    expect(Object.keys((await prefs(user)).indicators)).toHaveLength(100);

    // How the customer looks at the chart is not an account setting: only the sound was audited.
    const audited = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'preferences.updated')));
    expect(audited.map((e) => e.details)).toEqual([{ sound: false }]);
  });

  it('delivers each topic only the ways the customer chose', async () => {
    const both = await createTestUser(server);
    await confirmedDeposit(both);
    expect((await server.ctx.db.select().from(notifications).where(eq(notifications.userId, both.id))).map((n) => n.title)).toContain('Deposit credited');
    expect(mailsTo(both.email).some((m) => m.includes('Deposit credited'))).toBe(true);

    const quiet = await createTestUser(server);
    await put(quiet, { notifications: { money: { in_app: false, email: false } } });
    await confirmedDeposit(quiet);
    expect((await server.ctx.db.select().from(notifications).where(eq(notifications.userId, quiet.id))).map((n) => n.title)).not.toContain('Deposit credited');
    expect(mailsTo(quiet.email)).toEqual([]);
  });
});
