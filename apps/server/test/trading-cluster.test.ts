import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { trades } from '../src/db/schema/index.ts';
import { ManualPriceSource } from '../src/modules/trading/manual-price-source.ts';
import { riskEngineOf, type RiskEngine } from '../src/modules/trading/risk-engine.ts';
import { tradingRuntime } from '../src/modules/trading/trading-runtime.ts';
import { createTestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Two nodes on one PostgreSQL database: `api` takes orders, `worker` runs the risk engine.
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bourse_cluster_${randomBytes(5).toString('hex')}`;
let api: TestServer;
let worker: TestServer;
let engine: RiskEngine;
const prices = new ManualPriceSource();

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const trading = { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 100, robotPassMs: 0 };
  worker = await startTestServer({ databaseUrl: url.toString(), runWorkers: true, trading });
  api = await startTestServer({ databaseUrl: url.toString(), runWorkers: false, trading });
  for (const node of [api, worker]) node.ctx.prices = prices;
  engine = riskEngineOf(worker.ctx)!;
  await engine.usePrices(prices);
});
afterAll(async () => {
  await api?.close();
  await worker?.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

it('acts on trades another node opened, including on accounts it already watches', async () => {
  expect(riskEngineOf(api.ctx)).toBeNull();
  const eurusd = (await tradingRuntime(api.ctx).catalog.pair('EUR', 'USD'))!;
  prices.set(eurusd.id, 1.1, { bid: 1.0999, ask: 1.1001 });
  const user = await createTestUser(api);
  const order = (tp: number) => ({ type: 'buy', id: eurusd.id, volume: 0.01, opening_price: 1.1001, take_profit: tp, stop_loss: 0 });
  const first = (await api.call('POST', '/trades/store', { token: user.token, body: order(1.2) })).body.data;
  await until(() => engine.book.accounts.get(first.account_id)?.positions.has(first.id) ?? false);
  const second = (await api.call('POST', '/trades/store', { token: user.token, body: order(1.105) })).body.data;
  await until(() => engine.book.accounts.get(first.account_id)?.positions.has(second.id) ?? false);
  prices.set(eurusd.id, 1.106, { bid: 1.1059, ask: 1.1061 });
  await engine.idle();
  const [row] = await worker.ctx.db.select().from(trades).where(eq(trades.id, second.id));
  expect(row).toMatchObject({ status: 'closed', closeReason: 'tp', closingPrice: '1.1059000000' });
  const [kept] = await worker.ctx.db.select().from(trades).where(eq(trades.id, first.id));
  expect(kept!.status).toBe('open');
});
