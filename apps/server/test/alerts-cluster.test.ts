import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications, priceAlerts } from '../src/db/schema/index.ts';
import { alertEngineOf, type AlertEngine } from '../src/modules/alerts/alert-engine.ts';
import { ManualPriceSource } from '../src/modules/trading/manual-price-source.ts';
import { tradingRuntime } from '../src/modules/trading/trading-runtime.ts';
import { createTestUser } from './helpers/factories.ts';
import { scratchPostgres, startTestServer, type TestServer } from './helpers/test-server.ts';

// Two nodes on one PostgreSQL database: `api` takes the customer's calls, `worker` evaluates alerts.
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let database: Awaited<ReturnType<typeof scratchPostgres>>;
let api: TestServer;
let worker: TestServer;
let engine: AlertEngine;
const prices = new ManualPriceSource();

beforeAll(async () => {
  database = await scratchPostgres(BASE_URL, 'bourse_alerts');
  const trading = { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 100, robotPassMs: 0 };
  worker = await startTestServer({ databaseUrl: database.url, runWorkers: true, trading });
  api = await startTestServer({ databaseUrl: database.url, runWorkers: false, trading });
  for (const node of [api, worker]) node.ctx.prices = prices;
  engine = alertEngineOf(worker.ctx)!;
  await engine.usePrices(prices);
});
afterAll(async () => {
  await api?.close();
  await worker?.close();
  await database?.drop();
});

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

it('the worker evaluates alerts the other node creates and pauses, and fires them once', async () => {
  expect(alertEngineOf(api.ctx)).toBeNull();
  const eurusd = (await tradingRuntime(api.ctx).catalog.pair('EUR', 'USD'))!;
  prices.set(eurusd.id, 1.1);
  const user = await createTestUser(api);
  const create = (level: number) => api.call('POST', '/alerts', { token: user.token, body: { asset_id: eurusd.id, kind: 'level', direction: 'above', level } });
  const fired = (await create(1.105)).body.data;
  const paused = (await create(1.104)).body.data;
  await until(() => engine.book.has(fired.id) && engine.book.has(paused.id));
  await api.call('POST', `/alerts/${paused.id}/pause`, { token: user.token });
  await until(() => !engine.book.has(paused.id));

  prices.set(eurusd.id, 1.106);
  await engine.idle();
  prices.set(eurusd.id, 1.1);
  prices.set(eurusd.id, 1.107);
  await engine.idle();
  const row = async (id: number) => (await api.ctx.db.select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0]!;
  expect(await row(fired.id)).toMatchObject({ status: 'triggered', triggerCount: 1 });
  expect(await row(paused.id)).toMatchObject({ status: 'paused', triggerCount: 0 });
  const notes = await api.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
  expect(notes.map((n) => n.title)).toEqual(['Price alert: EUR/USD']);
  expect((await api.call('GET', '/alerts', { token: user.token })).body.data.find((a: { id: number }) => a.id === fired.id).status).toBe('triggered');
});
