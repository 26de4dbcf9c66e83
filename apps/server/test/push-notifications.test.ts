import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages } from '@bourse/contract';
import { pushSubscriptions } from '../src/db/schema/index.ts';
import { alertEngineOf, type AlertEngine } from '../src/modules/alerts/alert-engine.ts';
import { MAX_DEVICES } from '../src/modules/push/push.repository.ts';
import { pushesSettled } from '../src/modules/push/push.service.ts';
import type { Instrument } from '../src/modules/trading/instruments.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { startTool, type ToolProcess } from './helpers/tool-process.ts';
import { openTrade, type TestMarket, tick, useManualMarket } from './helpers/trading.ts';

// The server sends Web Push (VAPID-signed, aes128gcm-encrypted by the web-push library) to
// tools/push-service, a push service stand-in in a child process, which checks the signature and
// decrypts each message with the subscription's keys, made here as a browser makes them.

let server: TestServer;
let pushService: ToolProcess;
let market: TestMarket;
let engine: AlertEngine;
let eurusd: Instrument;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 60_000, robotPassMs: 0 } });
  pushService = await startTool('push-service/main.ts', ['--port', '0']);
  market = await useManualMarket(server);
  ({ eurusd } = market.instruments);
  engine = alertEngineOf(server.ctx)!;
  await engine.usePrices(market.prices);
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(async () => {
  pushService?.child.kill('SIGTERM');
  await server?.close();
});

type Received = { id: string; status: number; payload?: string; error?: string; claims?: Record<string, unknown>; ttl: string | null };

/** A browser's subscription: its own ECDH key pair and auth secret, and an endpoint at the stand-in. */
async function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const id = randomBytes(8).toString('hex');
  await pushService.command(`register ${id} ${ecdh.getPrivateKey().toString('base64url')} ${auth.toString('base64url')}`);
  return { id, body: { endpoint: `http://127.0.0.1:${pushService.port}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
}

const subscribe = (user: TestUser, body: unknown) => server.call('POST', '/push/subscriptions', { token: user.token, body });
const unsubscribe = (user: TestUser, endpoint: string) => server.call('DELETE', '/push/subscriptions', { token: user.token, body: { endpoint } });
const rowsAt = (endpoint: string) => server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

/** What the stand-in received at `id`, once it has `count` messages there. */
async function receivedAt(id: string, count = 1): Promise<Received[]> {
  for (let i = 0; i < 100; i++) {
    await pushesSettled(server.ctx);
    const { messages } = (await pushService.command('received')) as { messages: Received[] };
    const mine = messages.filter((m) => m.id === id);
    if (mine.length >= count) return mine;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no push at ${id}`);
}

describe('Web Push', () => {
  it('gives the VAPID public key the pushes are signed with', async () => {
    const res = await server.call('GET', '/push/public-key');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.data.public_key, 'base64url')).toHaveLength(65);
  });

  it('has a stand-in that refuses what a push service refuses: a forged signature, a payload for other keys', async () => {
    const device = await browserSubscription();
    const other = await browserSubscription();
    const signer = webpush.generateVAPIDKeys();
    const forger = webpush.generateVAPIDKeys();
    const send = async (vapid: { publicKey: string; privateKey: string }, keys = device.body.keys) => {
      const request = webpush.generateRequestDetails({ endpoint: device.body.endpoint, keys }, 'hello', { vapidDetails: { subject: 'mailto:ops@example.com', ...vapid }, contentEncoding: 'aes128gcm' });
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([k]) => k !== 'Content-Length').map(([k, v]) => [k, String(v)]));
      return (await fetch(request.endpoint, { method: 'POST', headers, body: new Uint8Array(request.body!) })).status;
    };
    expect(await send(signer)).toBe(201);
    // Signed with one key while claiming another's.
    expect(await send({ publicKey: signer.publicKey, privateKey: forger.privateKey })).toBe(401);
    expect(await send(signer, other.body.keys)).toBe(400);
    const got = await receivedAt(device.id, 3);
    expect(got.map((m) => m.payload ?? m.error)).toEqual(['hello', 'the JWT signature does not match k', expect.stringMatching(/^not decryptable/)]);
  });

  it('pushes a fired price alert, signed and decryptable, in the customer\'s language', async () => {
    const customer = await createTestUser(server);
    const device = await browserSubscription();
    expect((await subscribe(customer, device.body)).status).toBe(200);
    expect(await rowsAt(device.body.endpoint)).toHaveLength(1);
    expect((await server.call('PUT', '/user/preferences', { token: customer.token, body: { language: 'fr' } })).status).toBe(200);
    market.prices.set(eurusd.id, 1.1);
    await engine.idle();
    expect((await server.call('POST', '/alerts', { token: customer.token, body: { asset_id: eurusd.id, kind: 'level', direction: 'above', level: 1.105 } })).status).toBe(201);
    market.prices.set(eurusd.id, 1.106);
    await engine.idle();
    const [got] = await receivedAt(device.id);
    expect(got!.status).toBe(201);
    const key = (await server.call('GET', '/push/public-key')).body.data.public_key as string;
    expect(got!.claims).toMatchObject({ aud: `http://127.0.0.1:${pushService.port}`, sub: expect.stringMatching(/^mailto:/) });
    expect(Number(got!.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(got!.payload!);
    expect(payload.title).toBe('Alerte de prix : EUR/USD');
    expect(payload.body).toContain('1.106');
    expect(payload.url).toBe('/');
    // The JWT was checked against the key the server hands browsers.
    expect(pushService.events.some((e) => (e.received as Received | undefined)?.id === device.id)).toBe(true);
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('pushes a reply from support to every device of the customer', async () => {
    const customer = await createTestUser(server);
    const phone = await browserSubscription();
    const laptop = await browserSubscription();
    await subscribe(customer, phone.body);
    await subscribe(customer, laptop.body);
    expect((await server.call('POST', '/chat/messages', { token: admin.token, body: { message: 'Your deposit is credited.', customer_id: customer.id } })).status).toBe(201);
    for (const device of [phone, laptop]) {
      const [got] = await receivedAt(device.id);
      expect(JSON.parse(got!.payload!)).toEqual({ title: 'Reply from support', body: 'Your deposit is credited.', url: '/main/chat', tag: 'support-chat' });
    }
    // The customer's own message is not pushed back to them.
    await server.call('POST', '/chat/messages', { token: customer.token, body: { message: 'Thanks' } });
    await pushesSettled(server.ctx);
    expect(await receivedAt(phone.id)).toHaveLength(1);
  });

  it('pushes a pending order filled and the take profit that closes it, per the trading settings', async () => {
    const customer = await createTestUser(server);
    const device = await browserSubscription();
    await subscribe(customer, device.body);
    await tick(market, eurusd.id, 1.0999, 1.1001);
    await openTrade(server, market, customer, { order_type: 'limit', price: 1.09, take_profit: 1.1 });
    // A buy limit at 1.09 fills at the first ask at or below it.
    await tick(market, eurusd.id, 1.0893, 1.0895);
    const [filled] = await receivedAt(device.id);
    expect(JSON.parse(filled!.payload!)).toMatchObject({ title: 'Order filled', body: 'Your pending order on EURUSD was filled at 1.0895.', url: '/mt4' });
    await tick(market, eurusd.id, 1.1012, 1.1014);
    const [, closed] = await receivedAt(device.id, 2);
    expect(JSON.parse(closed!.payload!)).toMatchObject({ title: 'Take profit reached', body: expect.stringMatching(/^Your EURUSD position was closed at 1\.1\d*\. Result: \d+\.\d{2} USD\.$/) });

    // Trading news turned off in the app: no push for the next fill.
    const off = await server.call('PUT', '/user/preferences', { token: customer.token, body: { notifications: { trading: { in_app: false, email: false } } } });
    expect(off.status).toBe(200);
    await openTrade(server, market, customer, { order_type: 'limit', price: 1.09 });
    await tick(market, eurusd.id, 1.0893, 1.0895);
    await new Promise((r) => setTimeout(r, 300));
    await pushesSettled(server.ctx);
    expect(await receivedAt(device.id)).toHaveLength(2);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const customer = await createTestUser(server);
    const device = await browserSubscription();
    await subscribe(customer, device.body);
    await pushService.command(`gone ${device.id}`);
    await server.call('POST', '/chat/messages', { token: admin.token, body: { message: 'Hello', customer_id: customer.id } });
    const [got] = await receivedAt(device.id);
    expect(got!.status).toBe(410);
    await pushesSettled(server.ctx);
    expect(await rowsAt(device.body.endpoint)).toHaveLength(0);
  });

  it('lets a customer remove only their own device', async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    const device = await browserSubscription();
    await subscribe(owner, device.body);
    expect((await unsubscribe(stranger, device.body.endpoint)).status).toBe(404);
    expect(await rowsAt(device.body.endpoint)).toHaveLength(1);
    expect((await unsubscribe(owner, device.body.endpoint)).status).toBe(200);
    expect(await rowsAt(device.body.endpoint)).toHaveLength(0);
    expect((await server.call('DELETE', '/push/subscriptions', { body: { endpoint: device.body.endpoint } })).status).toBe(401);
  });

  it('keeps a device once, for the user last signed in on it, and a bounded number per user', async () => {
    const first = await createTestUser(server);
    const second = await createTestUser(server);
    const device = await browserSubscription();
    await subscribe(first, device.body);
    await subscribe(first, device.body);
    expect(await rowsAt(device.body.endpoint)).toMatchObject([{ userId: first.id }]);
    await subscribe(second, device.body);
    expect(await rowsAt(device.body.endpoint)).toMatchObject([{ userId: second.id }]);
    const endpoints: string[] = [];
    for (let i = 0; i <= MAX_DEVICES; i++) {
      const more = await browserSubscription();
      endpoints.push(more.body.endpoint);
      expect((await subscribe(first, more.body)).status).toBe(200);
    }
    const kept = await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, first.id));
    expect(kept).toHaveLength(MAX_DEVICES);
    expect(kept.map((r) => r.endpoint)).not.toContain(endpoints[0]);
    expect(kept.map((r) => r.endpoint)).toContain(endpoints.at(-1));
  });

  it('refuses subscriptions that are not what a browser gives', async () => {
    const customer = await createTestUser(server);
    const { body } = await browserSubscription();
    const refused = async (bad: unknown, message: string) => {
      const res = await subscribe(customer, bad);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain(message);
    };
    await refused({ ...body, endpoint: 'ftp://push.example/1' }, pushMessages.endpoint);
    await refused({ ...body, endpoint: 'not a url' }, pushMessages.endpoint);
    await refused({ endpoint: body.endpoint }, pushMessages.keys);
    await refused({ ...body, keys: { p256dh: body.keys.p256dh } }, pushMessages.keys);
    await refused({ ...body, keys: { p256dh: 'short', auth: body.keys.auth } }, pushMessages.keys);
    await refused({ ...body, keys: { p256dh: `${body.keys.p256dh}!!`, auth: body.keys.auth } }, pushMessages.keys);
    expect(await rowsAt(body.endpoint)).toHaveLength(0);
  });
});
