import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { expertAdvisors, robots, trades } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { runRobots } from '../src/modules/robots/robots.runner.ts';
import { createTestUser, fundLiveAccount } from './helpers/factories.ts';
import { futurePass, recordCrossUp } from './helpers/robot-bars.ts';
import { apiCall, startServerFromSnapshot } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';
import { lastingStorage } from './helpers/lasting-storage.ts';

const storage = lastingStorage('robots-restart');
beforeAll(() => storage.open());
afterAll(() => storage.close());

/** A server whose robots pass only when the test runs one, on prices the test sets. */
async function start() {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: storage.dataDir, AUTH_RATE_LIMIT: '10000' });
  const config = { ...base, port: 0, host: '127.0.0.1', databaseUrl: storage.databaseUrl, seedDemoUsers: false, trading: { ...base.trading, robotPassMs: 0 } };
  const server = await startServerFromSnapshot(config);
  const running = { ...server, call: apiCall(server.url) };
  return { server: running, market: await useManualMarket(running) };
}

describe('robots across a restart', () => {
  it('a pass repeated by the next process over the same bar places no second order, and the robot runs on', async () => {
    const { now, lastOpen } = futurePass();
    const first = await start();
    const btc = first.market.instruments.btcusd.id;
    await recordCrossUp(first.server, btc, lastOpen);
    const [advisor] = await first.server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'trend-rider'));
    const user = await createTestUser(first.server);
    await fundLiveAccount(first.server, user);
    await first.server.call('POST', '/purchase/ea', { token: user.token, body: { expert_advisor_id: advisor!.id } });
    const params = { lots: 0.01, fast: 5, slow: 20, maType: 'ema', stopLossPct: 1 };
    expect((await first.server.call('PUT', `/robots/${advisor!.id}`, { token: user.token, body: { asset_id: btc, params, status: 'running' } })).status).toBe(200);
    expect(await runRobots(first.server.ctx, now)).toBe(1);
    // The process dies before it could record what the pass did.
    await first.server.ctx.db.update(robots).set({ lastAction: null, lastActionAt: null }).where(eq(robots.userId, user.id));
    await first.server.close();

    const second = await start();
    try {
      expect(await runRobots(second.server.ctx, now)).toBe(0);
      const placed = await second.server.ctx.db.select().from(trades).where(eq(trades.userId, user.id));
      expect(placed).toHaveLength(1);
      // The strategy finds its position in the database, so it has nothing left to do on that bar.
      const [robot] = await second.server.ctx.db.select().from(robots).where(eq(robots.userId, user.id));
      expect(robot).toMatchObject({ status: 'running', lastAction: null });
      expect(placed[0]!.idempotencyKey).toBe(`robot:${robot!.id}:${btc}:${lastOpen}:0`);
      expect(await unbalancedAccounts(second.server.ctx.db)).toEqual([]);
    } finally {
      await second.server.close();
    }
  }, 90_000);
});
