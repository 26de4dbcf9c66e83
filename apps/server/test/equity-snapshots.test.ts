import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { equitySnapshots, tradingAccounts } from '../src/db/schema/index.ts';
import { hourOf, snapshotEquity } from '../src/modules/statements/equity-snapshots.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { lastingStorage } from './helpers/lasting-storage.ts';
import { apiCall, startServerFromSnapshot, startTestServer, type TestServer } from './helpers/test-server.ts';
import { openTrade, type TestMarket, tick, useManualMarket } from './helpers/trading.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
// Hours of the sweeps the tests run by hand: far from now, so the sweep the server takes at start never meets them.
const H = Date.UTC(2031, 0, 15, 10, 20);

type Server = Pick<TestServer, 'ctx' | 'call'>;
const accountsOf = async (server: Server, user: TestUser) => {
  const [demo, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
  return { demo: demo!.id, live: live!.id };
};
const snapshotsOf = (server: Server, ids: number[]) =>
  server.ctx.db.select().from(equitySnapshots).where(inArray(equitySnapshots.accountId, ids)).orderBy(asc(equitySnapshots.hour), asc(equitySnapshots.accountId));
/** Which of `ids` got a snapshot in the hour of `ms`. */
const snapshottedAt = async (server: Server, ids: number[], ms: number) =>
  (await snapshotsOf(server, ids)).filter((s) => s.hour.getTime() === hourOf(ms).getTime()).map((s) => s.accountId);

describe('hourly equity snapshots', () => {
  let server: TestServer;
  let market: TestMarket;
  beforeAll(async () => {
    server = await startTestServer();
    market = await useManualMarket(server);
    // The sweep the server takes at start snapshots every account it finds for this hour: the
    // accounts made below must come after it, or the first sweep at H would skip those it took.
    await vi.waitFor(async () => expect((await server.ctx.metrics.jobRuns.get()).values.some((v) => v.labels.job === 'equity snapshots')).toBe(true), { timeout: 30_000, interval: 50 });
  });
  afterAll(() => server.close());

  it('takes one snapshot per account per hour, then only for accounts with open positions or a moved balance', async () => {
    const [quiet, trader, payer] = [await createTestUser(server), await createTestUser(server), await createTestUser(server)];
    const [q, t, p] = [await accountsOf(server, quiet), await accountsOf(server, trader), await accountsOf(server, payer)];
    const mine = [q.demo, q.live, t.demo, t.live, p.demo, p.live];
    const trade = await openTrade(server, market, trader, { account_id: t.demo, volume: 0.2 });
    await tick(market, market.instruments.eurusd.id, 1.105, 1.1052);

    // The first hour: every funded demo account; the untouched empty live accounts are skipped.
    expect(await snapshotEquity(server.ctx, H)).toBeGreaterThanOrEqual(3);
    expect((await snapshottedAt(server, mine, H)).sort()).toEqual([q.demo, t.demo, p.demo].sort());
    const summary = (await server.call('GET', `/account/summary?account_id=${t.demo}`, { token: trader.token })).body.data;
    const [open] = (await snapshotsOf(server, [t.demo])).filter((s) => s.hour.getTime() === hourOf(H).getTime());
    expect(Number(summary.equity)).not.toBe(Number(summary.balance));
    expect(open).toMatchObject({ balance: summary.balance, equity: Number(summary.equity).toFixed(2) });
    expect((await snapshotsOf(server, [q.demo]))[0]).toMatchObject({ balance: '10000.00', equity: '10000.00' });

    // Later in the same hour, twice at once: nothing more.
    expect(await Promise.all([snapshotEquity(server.ctx, H + 30 * 60_000), snapshotEquity(server.ctx, H + 39 * 60_000)])).toEqual([0, 0]);
    expect(await snapshotsOf(server, mine)).toHaveLength(3);

    // The next hour: the open position and the deposit, not the account where nothing happened.
    expect((await server.call('POST', '/deposits/demo', { token: payer.token, body: { account_id: p.demo, amount: 250 } })).status).toBe(201);
    await snapshotEquity(server.ctx, H + HOUR);
    expect((await snapshottedAt(server, mine, H + HOUR)).sort()).toEqual([t.demo, p.demo].sort());
    expect((await snapshotsOf(server, [p.demo])).at(-1)).toMatchObject({ balance: '10250.00', equity: '10250.00' });

    // Closed: its realised P&L moves the balance once, then the account is quiet.
    expect((await server.call('POST', `/trade/${trade.id}/close`, { token: trader.token })).status).toBe(200);
    await snapshotEquity(server.ctx, H + 2 * HOUR);
    await snapshotEquity(server.ctx, H + 3 * HOUR);
    expect(await snapshottedAt(server, mine, H + 2 * HOUR)).toEqual([t.demo]);
    expect(await snapshottedAt(server, mine, H + 3 * HOUR)).toEqual([]);
    const [closed] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, t.demo));
    expect((await snapshotsOf(server, [t.demo])).at(-1)).toMatchObject({ balance: closed!.balance, equity: closed!.balance });
  });

  it('leaves out accounts awaiting approval', async () => {
    const user = await createTestUser(server);
    const { demo } = await accountsOf(server, user);
    await server.ctx.db.update(tradingAccounts).set({ status: 'pending' }).where(eq(tradingAccounts.id, demo));
    await snapshotEquity(server.ctx, H + 5 * HOUR);
    expect(await snapshotsOf(server, [demo])).toEqual([]);
  });
});

describe('equity in the balance history', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No background work: the sweep a worker starts with could reach the account made below after
    // the fact and write it a snapshot for this hour, in place of the rows this test plants.
    server = await startTestServer({ runWorkers: false });
  });
  afterAll(() => server.close());

  it('gives the equity of the last snapshot of every day of the range, carried over days without one', async () => {
    const user = await createTestUser(server);
    const { demo, live } = await accountsOf(server, user);
    const today = Math.floor(Date.now() / DAY) * DAY;
    const at = (days: number, hour: number) => new Date(today - days * DAY + hour * HOUR);
    const rows = [
      [at(40, 9), '9000.00'],
      [at(3, 10), '10100.00'],
      [at(3, 20), '10110.00'],
      [at(1, 5), '10120.00'],
    ] as const;
    await server.ctx.db.insert(equitySnapshots).values(rows.map(([hour, equity]) => ({ accountId: demo, hour, balance: '10000.00', equity })));

    const res = await server.call('GET', `/accounts/${demo}/history?range=30d`, { token: user.token });
    expect(res.status).toBe(200);
    const expected: { date: string; equity: string }[] = [];
    for (let t = today - 29 * DAY; t <= today; t += DAY) {
      const last = rows.filter(([hour]) => hour.getTime() < t + DAY).at(-1)!;
      expected.push({ date: new Date(t).toISOString().slice(0, 10), equity: last[1] });
    }
    expect(res.body.data.equity_points).toEqual(expected);
    expect(res.body.data.equity_points.slice(-4).map((p: { equity: string }) => p.equity)).toEqual(['10110.00', '10110.00', '10120.00', '10120.00']);
    // Only the account's own snapshots, and none for an account that has none.
    expect((await server.call('GET', `/accounts/${live}/history?range=30d`, { token: user.token })).body.data.equity_points).toEqual([]);
    expect((await server.call('GET', `/accounts/${demo}/history?range=30d`, { token: (await createTestUser(server)).token })).status).toBe(404);
  });
});

describe('equity snapshots across restarts', () => {
  const storage = lastingStorage('equity-restart');
  beforeAll(() => storage.open());
  afterAll(() => storage.close());

  async function start(runWorkers: boolean) {
    const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: storage.dataDir, AUTH_RATE_LIMIT: '10000' });
    const server = await startServerFromSnapshot({ ...base, port: 0, host: '127.0.0.1', databaseUrl: storage.databaseUrl, seedDemoUsers: false, runWorkers });
    return { ...server, call: apiCall(server.url) };
  }

  it('a process that died mid-sweep is finished by the next one at its start, and no account gets a second row for the hour', async () => {
    const first = await start(false);
    const users = [await createTestUser(first), await createTestUser(first), await createTestUser(first)];
    const ids = await Promise.all(users.map(async (u) => (await accountsOf(first, u)).demo));
    // The sweep reached the first account, then the process stopped.
    const hour = hourOf(Date.now());
    await first.ctx.db.insert(equitySnapshots).values({ accountId: ids[0]!, hour, balance: '10000.00', equity: '10000.00' });
    await first.close();

    const next = await start(true);
    try {
      const deadline = Date.now() + 15_000;
      while ((await snapshotsOf(next, ids)).length < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const rows = await snapshotsOf(next, ids);
      expect(rows.map((r) => r.accountId).sort()).toEqual([...ids].sort());
      expect(rows.every((r) => r.equity === '10000.00')).toBe(true);
      // Run again (the next check, or another node): nothing is written twice.
      expect(await snapshotEquity(next.ctx, Date.now())).toBe(0);
      expect(await snapshotsOf(next, ids)).toHaveLength(ids.length);
      expect(await snapshotsOf(next, [ids[0]!])).toEqual([expect.objectContaining({ hour })]);
    } finally {
      await next.close();
    }
  }, 90_000);
});
