import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rolloverAt } from '@bourse/domain';
import { journalEntries, swapCharges } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { ManualPriceSource } from '../src/modules/trading/manual-price-source.ts';
import { rollOver } from '../src/modules/trading/swaps/rollover.ts';
import { tradingRuntime } from '../src/modules/trading/trading-runtime.ts';
import { createTestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Two nodes on one PostgreSQL database, both running the rollover at once.
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bourse_swaps_${randomBytes(5).toString('hex')}`;
let one: TestServer;
let two: TestServer;
const prices = new ManualPriceSource();

async function admin(text: string) {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(text);
  await c.end();
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  one = await startTestServer({ databaseUrl: url.toString(), runWorkers: true });
  two = await startTestServer({ databaseUrl: url.toString(), runWorkers: true });
  for (const node of [one, two]) node.ctx.prices = prices;
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

it('charges every position once when two nodes run the same rollover at the same time, in batches of every size', async () => {
  const { catalog } = tradingRuntime(one.ctx);
  const eurusd = (await catalog.pair('EUR', 'USD'))!;
  const btcusd = (await catalog.pair('BTC', 'USD'))!;
  prices.set(eurusd.id, 1.1, { bid: 1.0999, ask: 1.1001 });
  prices.set(btcusd.id, 60_000, { bid: 59_990, ask: 60_010 });
  const orders = [
    { type: 'buy', id: eurusd.id, volume: 1, opening_price: 1.1001 },
    { type: 'sell', id: eurusd.id, volume: 0.5, opening_price: 1.0999 },
    { type: 'buy', id: btcusd.id, volume: 0.1, opening_price: 60_010 },
  ];
  const positions: number[] = [];
  for (let i = 0; i < 24; i++) {
    const user = await createTestUser(one);
    for (const order of orders.slice(0, 1 + (i % 3))) {
      const res = await (i % 2 ? two : one).call('POST', '/trades/store', { token: user.token, body: { ...order, take_profit: 0, stop_loss: 0 } });
      expect(res.status).toBe(201);
      positions.push(res.body.data.id);
    }
  }

  // Wednesday 15 January 2031: the triple day for forex, once for the coin.
  const at = rolloverAt('2031-01-15', { hour: 17, minute: 0 }, 'America/New_York');
  await one.ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(at - 60_000).toISOString()}::timestamptz`);
  const now = at + 5 * 60_000;
  const runs = await Promise.all([
    rollOver(one.ctx, now, { batch: 7 }),
    rollOver(two.ctx, now, { batch: 11 }),
    rollOver(one.ctx, now, { batch: 3 }),
    rollOver(two.ctx, now, { batch: 100 }),
    rollOver(two.ctx, now, { batch: 1 }),
  ]);
  // Some runs may find the day done already; those that ran charged the positions between them once.
  expect(runs.flat().reduce((n, o) => n + o.charged, 0)).toBe(positions.length);
  expect(await rollOver(one.ctx, now + 60_000)).toEqual([]);

  const charges = await one.ctx.db.select().from(swapCharges).where(eq(swapCharges.day, '2031-01-15'));
  expect(charges.map((c) => c.tradeId).sort((a, b) => a - b)).toEqual([...positions].sort((a, b) => a - b));
  const entries = await one.ctx.db.select().from(journalEntries).where(eq(journalEntries.kind, 'swap'));
  expect(entries).toHaveLength(positions.length);
  expect(new Set(entries.map((e) => e.reference)).size).toBe(positions.length);
  // 1 lot of EUR/USD long, three nights; half a lot short; 0.1 BTC one night.
  expect(new Set(charges.map((c) => c.amount))).toEqual(new Set(['-29.33', '4.35', '-2.96']));
  expect(await unbalancedAccounts(one.ctx.db)).toEqual([]);
  // Each account's entries in order add up to their balance after.
  const chains = await one.ctx.db.execute(sql`
    SELECT count(*)::int AS broken FROM (
      SELECT balance_after, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running FROM journal_entries) j
    WHERE balance_after <> running`);
  expect((chains as unknown as { rows: { broken: number }[] }).rows[0]!.broken).toBe(0);
});
