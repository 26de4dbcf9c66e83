import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { notifications, priceAlerts } from '../src/db/schema/index.ts';
import { alertEngineOf } from '../src/modules/alerts/alert-engine.ts';
import { createTestUser } from './helpers/factories.ts';
import { lastingStorage } from './helpers/lasting-storage.ts';
import { apiCall, startServerFromSnapshot } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';

const storage = lastingStorage('alerts-restart');
beforeAll(() => storage.open());
afterAll(() => storage.close());

/** A server on the lasting storage, on prices the test sets, with the engine's clock at `clock`. */
async function start(clock: number) {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: storage.dataDir, AUTH_RATE_LIMIT: '10000' });
  const config = { ...base, port: 0, host: '127.0.0.1', databaseUrl: storage.databaseUrl, seedDemoUsers: false, trading: { ...base.trading, riskSweepMs: 60_000, robotPassMs: 0 } };
  const server = await startServerFromSnapshot(config);
  const running = { ...server, call: apiCall(server.url) };
  const market = await useManualMarket(running);
  const engine = alertEngineOf(running.ctx)!;
  engine.now = () => clock;
  await engine.usePrices(market.prices);
  const price = async (value: number) => {
    market.prices.set(market.instruments.eurusd.id, value);
    await engine.idle();
  };
  return { server: running, engine, price, eurusd: market.instruments.eurusd };
}

describe('alerts across a restart', () => {
  it('the next process watches the same alerts, cool-downs included, and fires them once', async () => {
    const t0 = Date.now();
    const first = await start(t0);
    await first.price(1.1);
    const user = await createTestUser(first.server);
    const body = (more: Record<string, unknown>) => ({ token: user.token, body: { asset_id: first.eurusd.id, kind: 'level', ...more } });
    const once = (await first.server.call('POST', '/alerts', body({ direction: 'above', level: 1.105 }))).body.data;
    const repeating = (await first.server.call('POST', '/alerts', body({ direction: 'below', level: 1.095, repeat: true, cooldown_seconds: 300 }))).body.data;
    await first.price(1.094);
    await first.price(1.1);
    await first.server.close();

    // Two minutes later: the repeating alert is still cooling down, the other still waits for its level.
    const second = await start(t0 + 120_000);
    try {
      expect(second.engine.book.has(once.id) && second.engine.book.has(repeating.id)).toBe(true);
      await second.price(1.1);
      await second.price(1.094);
      await second.price(1.106);
      const row = async (id: number) => (await second.server.ctx.db.select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0]!;
      expect(await row(once.id)).toMatchObject({ status: 'triggered', triggerCount: 1 });
      expect(await row(repeating.id)).toMatchObject({ status: 'active', triggerCount: 1 });
      const notes = await second.server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(notes.map((n) => n.message).sort()).toEqual(['EUR/USD crossed above 1.10500 (now 1.10600).', 'EUR/USD crossed below 1.09500 (now 1.09400).']);
    } finally {
      await second.server.close();
    }
  }, 90_000);
});
