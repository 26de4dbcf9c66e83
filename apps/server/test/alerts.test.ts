import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMIT, alertMessages, channels, events, notices } from '@bourse/contract';
import { notifications, priceAlerts, users } from '../src/db/schema/index.ts';
import { alertEngineOf, type AlertEngine } from '../src/modules/alerts/alert-engine.ts';
import type { Instrument } from '../src/modules/trading/instruments.ts';
import { tradingRuntime } from '../src/modules/trading/trading-runtime.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
let engine: AlertEngine;
let eurusd: Instrument;
let btcusd: Instrument;
let clock = Date.now();
beforeAll(async () => {
  // The periodic sweep stays out of the way: the tests run it when they need it.
  server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 60_000, robotPassMs: 0 } });
  market = await useManualMarket(server);
  ({ eurusd, btcusd } = market.instruments);
  engine = alertEngineOf(server.ctx)!;
  engine.now = () => clock;
  await engine.usePrices(market.prices);
});
afterAll(() => server.close());

/** A tick at `price` (mid, bid and ask alike), once the engine has delivered what it fired. */
async function price(asset: Instrument, value: number) {
  market.prices.set(asset.id, value);
  await engine.idle();
}
const create = (user: TestUser, body: Record<string, unknown>) => server.call('POST', '/alerts', { token: user.token, body });
const level = (asset: Instrument, direction: 'above' | 'below', value: number, more: Record<string, unknown> = {}) => ({
  asset_id: asset.id,
  kind: 'level',
  direction,
  level: value,
  ...more,
});
const list = async (user: TestUser) => (await server.call('GET', '/alerts', { token: user.token })).body;
const alertRow = async (id: number) => (await server.ctx.db.select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0]!;
const notesOf = (user: TestUser) => server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
const pushed = (user: TestUser) => market.events.sent.filter((e) => e.channel === channels.notification(user.id) && e.event === events.alertChanged);

describe('creating alerts', () => {
  it('creates level and move alerts and lists them newest first with the limit', async () => {
    const user = await createTestUser(server);
    const made = await create(user, level(eurusd, 'above', 1.105, { note: 'Breakout' }));
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ asset_id: eurusd.id, symbol: 'EUR/USD', kind: 'level', direction: 'above', level: 1.105, percent: null, window: null, repeat: false, status: 'active', note: 'Breakout', trigger_count: 0 });
    const move = await create(user, { asset_id: btcusd.id, kind: 'move', direction: 'either', percent: 2.5, window: '1h', repeat: true, cooldown_seconds: 900 });
    expect(move.body.data).toMatchObject({ kind: 'move', direction: 'either', percent: 2.5, window: '1h', level: null, repeat: true, cooldown_seconds: 900 });
    const listed = await list(user);
    expect(listed.data.map((a: { id: number }) => a.id)).toEqual([move.body.data.id, made.body.data.id]);
    expect(listed.meta).toEqual({ active: 2, limit: ALERT_LIMIT });
    expect(engine.book.has(made.body.data.id) && engine.book.has(move.body.data.id)).toBe(true);
  });

  it('refuses bad conditions with their messages, unknown instruments and strangers', async () => {
    const user = await createTestUser(server);
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await create(user, body);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toContain(message);
    };
    await refused(level(eurusd, 'above', 0), 'level', alertMessages.level);
    await refused({ asset_id: eurusd.id, kind: 'move', direction: 'up', percent: 0.05, window: '5m' }, 'percent', alertMessages.percent);
    await refused(level(eurusd, 'above', 1.2, { cooldown_seconds: 42 }), 'cooldown_seconds', alertMessages.cooldown);
    await refused(level(eurusd, 'above', 1.2, { note: 'x'.repeat(141) }), 'note', alertMessages.note);
    await refused(level({ ...eurusd, id: 999_999 }, 'above', 1.2), 'asset_id', alertMessages.instrument);
    expect((await create(user, { asset_id: eurusd.id, kind: 'move', direction: 'up', percent: 1, window: '2d' })).status).toBe(422);
    expect((await create(user, { ...level(eurusd, 'above', 1.2), sound: 'loud' })).status).toBe(422);
    expect((await server.call('POST', '/alerts', { body: level(eurusd, 'above', 1.2) })).status).toBe(401);
    expect((await server.call('GET', '/alerts')).status).toBe(401);
    expect((await list(user)).data).toEqual([]);
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const spec = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(Object.keys(spec.paths['/api/v1/alerts'] ?? spec.paths['/alerts'] ?? {}).sort()).toEqual(['get', 'post']);
    const one = spec.paths['/api/v1/alerts/{id}'] ?? spec.paths['/alerts/{id}'];
    expect(Object.keys(one ?? {}).sort()).toEqual(['delete', 'put']);
    expect(one?.put?.requestBody).toBeTruthy();
  });

  it(`keeps each customer to ${ALERT_LIMIT} active alerts; paused ones do not count`, async () => {
    const user = await createTestUser(server);
    const rows = Array.from({ length: ALERT_LIMIT - 1 }, (_, i) => ({ userId: user.id, assetId: eurusd.id, kind: 'level' as const, direction: 'above' as const, level: 2 + i / 1000 }));
    await server.ctx.db.insert(priceAlerts).values(rows);
    const last = await create(user, level(eurusd, 'above', 3));
    expect(last.status).toBe(201);
    const over = await create(user, level(eurusd, 'above', 3.1));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(alertMessages.limit);
    expect((await server.call('POST', `/alerts/${last.body.data.id}/pause`, { token: user.token })).body.data.status).toBe('paused');
    const another = await create(user, level(eurusd, 'above', 3.2));
    expect(another.status).toBe(201);
    const resumed = await server.call('POST', `/alerts/${last.body.data.id}/resume`, { token: user.token });
    expect(resumed.status).toBe(409);
    expect(resumed.body.message).toBe(alertMessages.limit);
    expect((await list(user)).meta).toEqual({ active: ALERT_LIMIT, limit: ALERT_LIMIT });
  });

  it('shows, edits, pauses and deletes only the owner’s alerts', async () => {
    const [owner, other] = await Promise.all([createTestUser(server), createTestUser(server)]);
    const { id } = (await create(owner, level(eurusd, 'below', 1.09))).body.data;
    expect((await list(other)).data).toEqual([]);
    const as = (user: TestUser) => ({ token: user.token, body: { kind: 'level', direction: 'above', level: 1.3 } });
    expect((await server.call('PUT', `/alerts/${id}`, as(other))).status).toBe(404);
    expect((await server.call('POST', `/alerts/${id}/pause`, { token: other.token })).status).toBe(404);
    expect((await server.call('POST', `/alerts/${id}/resume`, { token: other.token })).status).toBe(404);
    expect((await server.call('DELETE', `/alerts/${id}`, { token: other.token })).status).toBe(404);
    expect(await alertRow(id)).toMatchObject({ direction: 'below', level: 1.09, status: 'active' });

    const edited = await server.call('PUT', `/alerts/${id}`, as(owner));
    expect(edited.body.data).toMatchObject({ direction: 'above', level: 1.3, status: 'active' });
    expect((await server.call('DELETE', `/alerts/${id}`, { token: owner.token })).status).toBe(204);
    expect((await list(owner)).data).toEqual([]);
    expect(engine.book.has(id)).toBe(false);
  });
});

describe('firing', () => {
  it('fires once when the price crosses the level, with a notification and a push', async () => {
    await price(eurusd, 1.1);
    const user = await createTestUser(server);
    const { id } = (await create(user, level(eurusd, 'above', 1.105, { note: 'Take a look' }))).body.data;
    await price(eurusd, 1.1049);
    expect((await alertRow(id)).status).toBe('active');
    await price(eurusd, 1.1053);
    expect(await alertRow(id)).toMatchObject({ status: 'triggered', triggerCount: 1, lastPrice: 1.1053 });
    await price(eurusd, 1.1);
    await price(eurusd, 1.106);
    expect((await alertRow(id)).triggerCount).toBe(1);
    const notes = await notesOf(user);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Price alert: EUR/USD', message: 'EUR/USD crossed above 1.10500 (now 1.10530).\nTake a look' });
    const { titleKey, messageKey, params } = notes[0]!;
    expect([titleKey, messageKey]).toEqual([notices.alertTitle, notices.alertWithNote]);
    expect(pushed(user).map((e) => e.data)).toEqual([
      { id, asset_id: eurusd.id, reason: 'triggered', title: 'Price alert: EUR/USD', message: notes[0]!.message, title_key: titleKey, message_key: messageKey, params },
    ]);
    expect((await list(user)).data[0]).toMatchObject({ status: 'triggered', trigger_count: 1, last_price: 1.1053 });
  });

  it('set beyond its level, waits for the price to come back before it fires', async () => {
    await price(eurusd, 1.1);
    const user = await createTestUser(server);
    const { id } = (await create(user, level(eurusd, 'below', 1.12))).body.data;
    await price(eurusd, 1.101);
    expect((await alertRow(id)).status).toBe('active');
    await price(eurusd, 1.121);
    await price(eurusd, 1.119);
    expect(await alertRow(id)).toMatchObject({ status: 'triggered', lastPrice: 1.119 });
  });

  it('repeats after its cool-down, never within it', async () => {
    await price(eurusd, 1.1);
    const user = await createTestUser(server);
    const { id } = (await create(user, level(eurusd, 'above', 1.105, { repeat: true, cooldown_seconds: 60 }))).body.data;
    await price(eurusd, 1.106);
    expect(await alertRow(id)).toMatchObject({ status: 'active', triggerCount: 1 });
    await price(eurusd, 1.1);
    await price(eurusd, 1.106);
    clock += 30_000;
    await price(eurusd, 1.1);
    await price(eurusd, 1.106);
    expect((await alertRow(id)).triggerCount).toBe(1);
    clock += 31_000;
    await price(eurusd, 1.1);
    await price(eurusd, 1.106);
    expect((await alertRow(id)).triggerCount).toBe(2);
    expect(await notesOf(user)).toHaveLength(2);
  });

  it('stays quiet while paused and watches again once resumed', async () => {
    await price(eurusd, 1.1);
    const user = await createTestUser(server);
    const { id } = (await create(user, level(eurusd, 'above', 1.105))).body.data;
    await server.call('POST', `/alerts/${id}/pause`, { token: user.token });
    await price(eurusd, 1.106);
    await price(eurusd, 1.1);
    expect(await alertRow(id)).toMatchObject({ status: 'paused', triggerCount: 0 });
    expect((await server.call('POST', `/alerts/${id}/resume`, { token: user.token })).body.data.status).toBe('active');
    await price(eurusd, 1.106);
    expect(await alertRow(id)).toMatchObject({ status: 'triggered', triggerCount: 1 });
  });

  it('fires a move alert on a move within its window, and forgets what left the window', async () => {
    await price(btcusd, 60_000);
    const user = await createTestUser(server);
    const up = (await create(user, { asset_id: btcusd.id, kind: 'move', direction: 'up', percent: 1, window: '5m' })).body.data;
    const down = (await create(user, { asset_id: btcusd.id, kind: 'move', direction: 'down', percent: 2, window: '5m' })).body.data;
    await price(btcusd, 60_300);
    expect((await alertRow(up.id)).status).toBe('active');
    await price(btcusd, 60_700);
    expect((await alertRow(up.id)).status).toBe('triggered');
    expect((await notesOf(user))[0]!.message).toBe('BTC/USD moved up 1.17% within 5 minutes (now 60700.00).');
    // Six minutes on, the high of 60,700 has left the window: 59,400 is the new reference.
    clock += 6 * 60_000;
    await price(btcusd, 59_400);
    await price(btcusd, 58_300);
    expect((await alertRow(down.id)).status).toBe('active');
    await price(btcusd, 58_200);
    expect(await alertRow(down.id)).toMatchObject({ status: 'triggered', lastPrice: 58_200 });
    expect((await notesOf(user)).map((n) => n.message)).toContain('BTC/USD moved down 2.02% within 5 minutes (now 58200.00).');
  });

  it('emails a customer who is offline when the alert asks for it, not one who is online', async () => {
    await price(eurusd, 1.1);
    const [user, online] = await Promise.all([createTestUser(server), createTestUser(server)]);
    await server.ctx.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, online.id));
    for (const who of [user, online]) await create(who, level(eurusd, 'below', 1.095, { email_offline: true }));
    await price(eurusd, 1.094);
    const file = path.join(server.ctx.config.dataDir, 'mail.log');
    const mailsTo = (email: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('--- ').filter((m) => m.includes(`To: ${email}`)) : []);
    expect(mailsTo(online.email)).toEqual([]);
    expect(await notesOf(online)).toHaveLength(1);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Price alert: EUR/USD');
    expect(mails[0]).toContain('EUR/USD crossed below 1.09500 (now 1.09400).');
  });

  it('cancels alerts on an instrument that is no longer traded, with a notice', async () => {
    const admin = await createTestUser(server, { role: 'admin' });
    const gbpusd = (await tradingRuntime(server.ctx).catalog.pair('GBP', 'USD'))!;
    const user = await createTestUser(server);
    const active = (await create(user, level(gbpusd, 'above', 2))).body.data;
    const paused = (await create(user, level(gbpusd, 'below', 1))).body.data;
    await server.call('POST', `/alerts/${paused.id}/pause`, { token: user.token });
    expect((await server.call('PATCH', `/admin/assets/${gbpusd.id}`, { token: admin.token, body: { enabled: false } })).status).toBe(200);
    try {
      await engine.sweep();
      await engine.idle();
      for (const id of [active.id, paused.id]) expect(await alertRow(id)).toMatchObject({ status: 'cancelled', cancelReason: alertMessages.delisted });
      expect(engine.book.has(active.id)).toBe(false);
      const notes = await server.ctx.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Price alert cancelled')));
      expect(notes.map((n) => n.message)).toContain('Your alert on GBP/USD (Price above 2.00000) was cancelled: GBP/USD is no longer traded.');
      const resumed = await server.call('POST', `/alerts/${active.id}/resume`, { token: user.token });
      expect(resumed.status).toBe(409);
      expect(resumed.body.message).toBe(alertMessages.cancelled);
      expect((await create(user, level(gbpusd, 'above', 2))).status).toBe(422);
    } finally {
      await server.call('PATCH', `/admin/assets/${gbpusd.id}`, { token: admin.token, body: { enabled: true } });
    }
  });
});
