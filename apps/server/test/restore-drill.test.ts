// The restore drill of the README's Backups: a running system with customers, open positions with
// take-profit and stop-loss, pending orders, a deposit and chats is snapshot with pg_dump while it
// serves, restored with pg_restore into an empty database, and a node started on the copy. The copy
// holds the same balances, journals, positions, orders and chats, and acts on the same triggers as
// the source when both see the same prices.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { checkLedger } from '../src/modules/accounts/ledger-check.ts';
import { checkAuditChain } from '../src/modules/audit/audit.service.ts';
import { riskEngineOf } from '../src/modules/trading/risk-engine.ts';
import { startServer } from '../src/server.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { admin, untilUnused } from './helpers/postgres-admin.ts';
import { apiCall, startTestServer, type TestServer } from './helpers/test-server.ts';
import { tick, useManualMarket, type TestMarket } from './helpers/trading.ts';

const run = promisify(execFile);
const DATABASE_URL = process.env.DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'bourse-restore-'));
const dump = path.join(work, 'bourse.dump');
const restoredName = `bourse_restored_${process.pid}_${Date.now().toString(36)}`;
const cleanups: (() => Promise<unknown> | unknown)[] = [() => rmSync(work, { recursive: true, force: true })];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

type Node = { server: TestServer; market: TestMarket; url: string };
let source: Node;
let restored: Node;
let restoredUrl: string;
let staff: TestUser;
let alice: TestUser;
let bob: TestUser;
const timings: Record<string, number> = {};

/** The rows of `sql` on the database at `url`. */
async function rows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The tables the drill compares whole, and the order that makes their rows comparable. */
const COMPARED = {
  users: 'SELECT * FROM users ORDER BY id',
  trading_accounts: 'SELECT * FROM trading_accounts ORDER BY id',
  journal_entries: 'SELECT * FROM journal_entries ORDER BY id',
  trades: 'SELECT * FROM trades ORDER BY id',
  chat_messages: 'SELECT * FROM chat_messages ORDER BY id',
  audit_log: 'SELECT * FROM audit_log ORDER BY id',
};

/** Every table of the public schema with its row count. */
/**
 * Rows per table, but for the worker's own bookkeeping (its lease and the record of each job run),
 * which the source, still running after the dump, goes on writing every second or two.
 */
const tableCounts = (url: string) =>
  rows(
    url,
    `SELECT relname AS name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM public.%I', relname), false, true, '')))[1]::text::int AS n
       FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND relname NOT IN ('worker_leases', 'worker_job_runs') ORDER BY relname`,
  );

/** What trading left on a database, without the clock: each order's outcome and each account's money. */
const outcome = async (url: string) => ({
  trades: await rows(url, 'SELECT id, status, order_type, close_reason, opening_price, closing_price, pnl, margin, volume FROM trades ORDER BY id'),
  balances: await rows(url, 'SELECT id, balance FROM trading_accounts ORDER BY id'),
  journal: await rows(url, 'SELECT id, account_id, kind, amount FROM journal_entries ORDER BY id'),
});

const chatOf = async (node: Node, user: TestUser) =>
  ((await node.server.call('GET', '/chat/messages', { token: user.token })).body.data as Record<string, unknown>[]).map(({ id, message, is_admin, created_at }) => ({
    id,
    message,
    is_admin,
    created_at,
  }));

// pg_dump and pg_restore need a PostgreSQL server: this runs in CI's PostgreSQL pass.
describe.skipIf(!DATABASE_URL)('restore drill', () => {
  beforeAll(async () => {
    const server = await startTestServer({ trading: { maxDeviationPct: 1, stopOutLevel: 50, riskSweepMs: 100, robotPassMs: 0 } });
    cleanups.push(() => server.close());
    source = { server, market: await useManualMarket(server), url: server.ctx.config.databaseUrl! };
  }, 60_000);

  it('restores a running system from pg_dump into a node with the same money, positions, orders, triggers and chats', { timeout: 180_000 }, async () => {
    const { server } = source;
    const { eurusd, btcusd } = source.market.instruments;
    const order = source.market.order;
    staff = await createTestUser(server, { role: 'admin' });
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    const store = async (user: TestUser, body: Record<string, unknown>) => {
      const res = await server.call('POST', '/trades/store', { token: user.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: number; status: string };
    };

    // Alice: a buy with take-profit and stop-loss, a sell with a stop-loss, and a trade she closed.
    const aliceBuy = await store(alice, order({ take_profit: 1.105, stop_loss: 1.09 }));
    const aliceSell = await store(alice, order({ type: 'sell', opening_price: 1.0999, volume: 0.02, stop_loss: 1.12 }));
    const closedEarly = await store(alice, order());
    await tick(source.market, eurusd.id, 1.1009, 1.1011);
    expect((await server.call('POST', `/trade/${closedEarly.id}/close`, { token: alice.token, body: {} })).status).toBe(200);
    await tick(source.market, eurusd.id, 1.0999, 1.1001);
    // Bob: money on his live account, a buy limit below the market, a buy stop above it with a
    // take-profit of its own, and a coin position with a stop-loss.
    await fundLiveAccount(server, bob, '2500.00');
    const bobLimit = await store(bob, order({ order_type: 'limit', price: 1.095 }));
    const bobStop = await store(bob, order({ order_type: 'stop', price: 1.11, take_profit: 1.2 }));
    const bobCoin = await store(bob, order({ id: btcusd.id, asset_symbol: btcusd.symbol, asset_name: btcusd.name, opening_price: 60_010, stop_loss: 55_000 }));
    expect([bobLimit.status, bobStop.status, bobCoin.status]).toEqual(['pending', 'pending', 'open']);
    // Chats both ways.
    const say = (user: TestUser, message: string, customerId?: number) =>
      server.call('POST', '/chat/messages', { token: user.token, body: { message, ...(customerId ? { customer_id: customerId } : {}) } });
    expect((await say(alice, 'Is my stop-loss safe overnight?')).status).toBe(201);
    expect((await say(staff, 'Yes: it stays on the server.', alice.id)).status).toBe(201);
    expect((await say(bob, 'When does my limit order fill?')).status).toBe(201);

    // The snapshot, taken while the source serves (pg_dump reads one consistent snapshot), in the
    // custom format, then restored into an empty database: the README's commands.
    let began = performance.now();
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', dump, source.url]);
    timings.dump_ms = Math.round(performance.now() - began);
    timings.dump_bytes = statSync(dump).size;
    await admin(DATABASE_URL!, (c) => c.query(`CREATE DATABASE ${restoredName}`));
    cleanups.push(() =>
      admin(DATABASE_URL!, async (c) => {
        await untilUnused(c, restoredName);
        await c.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
      }),
    );
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${restoredName}`;
    restoredUrl = url.toString();
    began = performance.now();
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredUrl, dump]);
    timings.restore_ms = Math.round(performance.now() - began);

    // The copy, row for row, before any node touches it.
    for (const [table, sql] of Object.entries(COMPARED)) expect(await rows(restoredUrl, sql), table).toEqual(await rows(source.url, sql));
    expect(await tableCounts(restoredUrl)).toEqual(await tableCounts(source.url));

    // The source's prices come from a manual source, which stores none; a feed would have left its
    // last prices in the catalogue, where a node starting on the copy reads them before its first
    // tick (and evaluates its triggers at them): they are written there as it would have.
    for (const inst of [eurusd, btcusd]) {
      const { price } = source.market.prices.quote(inst.id)!;
      await admin(restoredUrl, (c) => c.query('UPDATE assets SET rate = $1, rate_at = now() WHERE id = $2', [price, inst.id]));
    }

    // A worker node on the restored database.
    began = performance.now();
    const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(work, 'restored-node'), AUTH_RATE_LIMIT: '10000' });
    const running = await startServer({ ...base, port: 0, host: '127.0.0.1', databaseUrl: restoredUrl, seedDemoUsers: false, trading: server.ctx.config.trading }, { logger: false });
    cleanups.push(() => running.close());
    const restoredServer: TestServer = { ...running, call: apiCall(running.url) };
    // The dump holds the source's worker lease, seconds from expiring: the node runs the risk
    // engine once it has taken the lease over.
    await vi.waitFor(() => expect(riskEngineOf(running.ctx)).toBeTruthy(), { timeout: 20_000, interval: 100 });
    restored = { server: restoredServer, market: await useManualMarket(restoredServer), url: restoredUrl };
    timings.node_start_ms = Math.round(performance.now() - began);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);

    // Sessions, balances, positions, pending orders and chats as each customer sees them.
    for (const user of [alice, bob]) {
      for (const route of ['/open/trades', '/pending/orders', '/closed/trades', '/account/summary']) {
        const [a, b] = await Promise.all([source, restored].map((n) => n.server.call('GET', route, { token: user.token })));
        expect(b!.status, route).toBe(200);
        expect(b!.body, route).toEqual(a!.body);
      }
      expect(await chatOf(restored, user)).toEqual(await chatOf(source, user));
    }
    expect((await chatOf(restored, alice)).map((m) => m.message)).toEqual(['Is my stop-loss safe overnight?', 'Yes: it stays on the server.']);
    expect(await checkLedger(restored.server.ctx.db)).toEqual({ unbalanced: [], negative: [] });
    const [sourceAudit, restoredAudit] = await Promise.all([checkAuditChain(source.server.ctx.db), checkAuditChain(restored.server.ctx.db)]);
    expect(restoredAudit).toEqual(sourceAudit);
    expect(restoredAudit.intact).toBe(true);

    // The same prices on both: the pending orders fill and the triggers fire on the copy as on the source.
    for (const [bid, ask] of [
      [1.0939, 1.0941], // Bob's buy limit at 1.095 fills.
      [1.1059, 1.1061], // Alice's take-profit at 1.105.
      [1.1119, 1.1121], // Bob's buy stop at 1.11 fills.
      [1.1209, 1.1211], // Alice's sell stopped out at 1.12.
    ] as const) {
      await Promise.all([source, restored].map((n) => tick(n.market, eurusd.id, bid, ask)));
    }
    await Promise.all([source, restored].map((n) => tick(n.market, btcusd.id, 54_990, 55_010))); // Bob's coin stop-loss.
    const after = await outcome(restoredUrl);
    expect(after).toEqual(await outcome(source.url));
    const status = (id: number) => after.trades.find((t) => t.id === id);
    expect(status(aliceBuy.id)).toMatchObject({ status: 'closed', close_reason: 'tp' });
    expect(status(aliceSell.id)).toMatchObject({ status: 'closed', close_reason: 'sl' });
    expect(status(bobCoin.id)).toMatchObject({ status: 'closed', close_reason: 'sl' });
    expect(status(bobLimit.id)).toMatchObject({ status: 'open', order_type: 'limit' });
    expect(status(bobStop.id)).toMatchObject({ status: 'open', order_type: 'stop' });
    expect(await checkLedger(restored.server.ctx.db)).toEqual({ unbalanced: [], negative: [] });
    console.log(JSON.stringify({ restore_drill: timings }));
  });
});
