import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rolloversBetween } from '@bourse/domain';
import { loadConfig } from '../src/config.ts';
import { rowsOf } from '../src/db/statement.ts';
import { journalEntries, swapCharges, trades } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { ManualPriceSource } from '../src/modules/trading/manual-price-source.ts';
import { claimJobRun } from '../src/workers/lease.repository.ts';
import { workerRoleOf, type WorkerRole } from '../src/workers/worker-role.ts';
import { CuttableProxy } from './helpers/cuttable-proxy.ts';
import { createTestUser } from './helpers/factories.ts';
import { openTrade, useManualMarket } from './helpers/trading.ts';
import { scratchPostgres, startTestServer, type TestServer } from './helpers/test-server.ts';

// Two worker-capable nodes on one PostgreSQL database, in this process; one reaches it through a
// proxy the test can cut. Lease settings are the defaults: renewed every second, 4 s, 1 s margin.
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
});

const roleOf = (server: TestServer): WorkerRole => workerRoleOf(server.ctx)!;
const held = (server: TestServer) => roleOf(server).lease.token !== null;
const gauge = async (server: TestServer) => (await server.ctx.metrics.leasesHeld.get()).values.find((v) => v.labels.lease === 'worker')?.value;
const lastEvent = (server: TestServer, event: 'started' | 'stopped') => roleOf(server).history.filter((h) => h.event === event).at(-1);

/** A database of its own, and the URL of the same database through a proxy that can be cut. */
async function database() {
  const db = await scratchPostgres(BASE_URL, 'bourse_lease');
  cleanups.push(() => db.drop());
  const proxy = await CuttableProxy.start(db.url);
  cleanups.push(() => proxy.close());
  const viaProxy = new URL(db.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  return { url: db.url, viaProxy: viaProxy.toString(), proxy };
}

async function node(databaseUrl: string, overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer({ databaseUrl, runWorkers: true, ...overrides });
  cleanups.push(() => server.close());
  return server;
}

describe('the worker lease on PostgreSQL', () => {
  it('is held by one node; a holder cut off from the database stops its singletons before the other takes over, which fires a crossed stop-loss at once', { timeout: 60_000 }, async () => {
    const { url, viaProxy, proxy } = await database();
    const a = await node(viaProxy);
    const b = await node(url);
    expect(held(a)).toBe(true);
    expect(held(b)).toBe(false);
    expect([await gauge(a), await gauge(b)]).toEqual([1, 0]);
    const ready = async (server: TestServer) => (await fetch(`${server.url}/readyz`)).json();
    expect(await ready(a)).toMatchObject({ status: 'ready', checks: { feed: 'ok' }, worker: { lease: 'held', token: roleOf(a).lease.token } });
    expect(await ready(b)).toMatchObject({ status: 'ready', checks: { feed: 'n/a' }, worker: { lease: 'standby' } });

    // A position with a stop-loss, opened on the standby node (any node takes orders).
    const market = await useManualMarket(a);
    const prices = new ManualPriceSource();
    b.ctx.prices = prices;
    prices.set(market.instruments.eurusd.id, 1.1, { bid: 1.0999, ask: 1.1001 });
    const user = await createTestUser(b);
    const position = await openTrade(b, market, user, { stop_loss: 1.09 });

    const cutAt = Date.now();
    await proxy.cut();
    // While no node runs a feed, the market falls through the stop-loss (as B's prices say).
    // Nothing listens to B's prices yet: no engine runs there, so this is no tick to anyone.
    prices.set(market.instruments.eurusd.id, 1.08, { bid: 1.0799, ask: 1.0801 });
    await vi.waitFor(() => expect(lastEvent(b, 'started')).toBeDefined(), { timeout: 10_000, interval: 20 });
    const stopped = lastEvent(a, 'stopped')!;
    const started = lastEvent(b, 'started')!;
    console.log(JSON.stringify({ worker_lease_cut: { stopped_after_cut_ms: stopped.at - cutAt, taken_over_after_cut_ms: started.at - cutAt, gap_ms: started.at - stopped.at } }));
    // The holder stopped within ttl − margin of its last renewal, the other started after its lease expired.
    expect(stopped.at - cutAt).toBeLessThan(3000 + 250);
    expect(started.at).toBeGreaterThan(stopped.at);
    expect(started.token).toBe(stopped.token + 1);
    expect([held(a), held(b), await gauge(a), await gauge(b)]).toEqual([false, true, 0, 1]);
    expect((await b.ctx.metrics.leaseTakeovers.get()).values[0]?.value).toBe(1);
    expect((await a.ctx.metrics.leaseLosses.get()).values[0]?.value).toBe(1);

    // No tick came: the new holder evaluated the open triggers at the current prices as it started.
    await vi.waitFor(
      async () => {
        const [row] = await b.ctx.db.select().from(trades).where(eq(trades.id, position.id));
        expect(row).toMatchObject({ status: 'closed', closeReason: 'sl' });
      },
      { timeout: 3000, interval: 50 },
    );

    // Back on the network, the former holder stays a standby, and its token opens no job run.
    await proxy.restore();
    await new Promise((r) => setTimeout(r, 2500));
    expect([held(a), held(b)]).toEqual([false, true]);
    expect(await claimJobRun(a.ctx.db, 'swap rollover', { lease: 'worker', holder: roleOf(a).lease.key.holder, token: stopped.token })).toBe(false);
    const pnl = await b.ctx.db.select().from(journalEntries).where(eq(journalEntries.kind, 'realised_pnl'));
    expect(pnl).toHaveLength(1);
    expect(await unbalancedAccounts(b.ctx.db)).toEqual([]);
  });

  it('hands the lease over at once on a graceful stop, and a daily job run again by the new holder charges nothing twice', { timeout: 60_000 }, async () => {
    const { url } = await database();
    const overrides = { swaps: { ...loadConfig({ NODE_ENV: 'test' }).swaps, checkMs: 100 } };
    const a = await node(url, overrides);
    const b = await node(url, overrides);
    expect([held(a), held(b)]).toEqual([true, false]);

    // A coin held over a rollover the swaps were due for: the holder charges it within its next run.
    const market = await useManualMarket(a);
    const user = await createTestUser(a);
    const coin = await openTrade(a, market, user, { id: market.instruments.btcusd.id, asset_symbol: 'BTCUSD', opening_price: 60_010, volume: 0.1 });
    const now = Date.now();
    const [due] = rolloversBetween(now - 3 * 86_400_000, now - 2 * 60_000, { hour: 17, minute: 0 }, 'America/New_York').slice(-1);
    await a.ctx.db.update(trades).set({ openTime: new Date(now - 3 * 86_400_000) }).where(eq(trades.id, coin.id));
    await a.ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(due!.at - 60_000).toISOString()}::timestamptz`);
    const charges = () => (held(b) ? b : a).ctx.db.select().from(swapCharges).where(eq(swapCharges.tradeId, coin.id));
    await vi.waitFor(async () => expect(await charges()).toHaveLength(1), { timeout: 5000, interval: 50 });

    const stoppedAt = Date.now();
    await a.close();
    // As if the holder had died after charging but before marking the day done.
    await b.ctx.db.execute(sql`DELETE FROM swap_rollovers`);
    await vi.waitFor(() => expect(held(b)).toBe(true), { timeout: 3000, interval: 20 });
    const takeover = lastEvent(b, 'started')!.at - stoppedAt;
    const runs = async () => rowsOf<{ holder: string; token: string; runs: string; outcome: string }>(await b.ctx.db.execute(sql`SELECT holder, token, runs, outcome FROM worker_job_runs WHERE job = 'swap rollover'`))[0];
    await vi.waitFor(async () => expect(await runs()).toMatchObject({ holder: roleOf(b).lease.key.holder, outcome: 'done' }), { timeout: 3000, interval: 50 });
    await vi.waitFor(async () => expect(rowsOf(await b.ctx.db.execute(sql`SELECT day FROM swap_rollovers`)).length).toBeGreaterThan(0), { timeout: 3000, interval: 50 });
    console.log(JSON.stringify({ worker_lease_handover_ms: takeover }));
    expect(takeover).toBeLessThan(1500);

    expect(await charges()).toHaveLength(1);
    const [account] = rowsOf<{ account_id: number }>(await b.ctx.db.execute(sql`SELECT account_id FROM trades WHERE id = ${coin.id}`));
    const swapEntries = await b.ctx.db.select().from(journalEntries).where(and(eq(journalEntries.kind, 'swap'), eq(journalEntries.accountId, account!.account_id)));
    expect(swapEntries).toHaveLength(1);
    expect(Number((await runs())!.token)).toBe(roleOf(b).lease.token);
    expect(await unbalancedAccounts(b.ctx.db)).toEqual([]);
  });
});
