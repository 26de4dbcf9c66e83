import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bucketOf } from '../src/modules/market/candle-aggregator.ts';
import { barsAt } from '../src/modules/market/candle.repository.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { createTestUser } from './helpers/factories.ts';
import { apiCall, startServerFromSnapshot } from './helpers/test-server.ts';
import { lastingStorage } from './helpers/lasting-storage.ts';

const storage = lastingStorage('market-restart');
beforeAll(() => storage.open());
afterAll(() => storage.close());

async function start() {
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: storage.dataDir }), port: 0, host: '127.0.0.1', databaseUrl: storage.databaseUrl, seedDemoUsers: false };
  const server = await startServerFromSnapshot(config);
  return { ...server, call: apiCall(server.url) };
}

describe('market across a restart', () => {
  it('keeps the catalogue, resumes prices from where they stopped and keeps recorded bars', async () => {
    const first = await start();
    const market = marketOf(first.ctx);
    const btc = market.state.find('BTCUSD')!;
    const count = market.state.instruments.length;
    const t = Date.now();
    for (let s = 1; s <= 90; s++) market.step(t + s * 1000);
    const price = market.state.price[btc.index];
    const lastMinute = market.aggregator!.current(btc.index, '1m')!;
    await first.close();

    const second = await start();
    try {
      const again = marketOf(second.ctx);
      expect(again.state.instruments.length).toBe(count);
      expect(again.state.find('BTCUSD')!.id).toBe(btc.id);
      expect(second.ctx.prices!.quote(btc.id)!.price).toBe(price);
      // The day's bar in progress continues from what the first run saved, not from scratch.
      const day = bucketOf('1D', Date.now());
      const [saved] = await barsAt(second.ctx.db, [{ tf: '1D', time: day }]).then((rows) => rows.filter((r) => r.assetId === btc.id));
      expect(saved).toBeDefined();
      expect(again.aggregator!.current(btc.index, '1D')).toEqual({ ...saved, assetId: btc.id });
      const user = await createTestUser(second);
      const to = Math.floor((t + 90_000) / 1000);
      const bars = (await second.call('GET', `/assets/${btc.id}/candles?tf=1m&from=${to - 600}&to=${to}`, { token: user.token })).body.data;
      expect(bars.find((b: { time: number }) => b.time === lastMinute.time)).toMatchObject({ close: price });
    } finally {
      await second.close();
    }
  });
});
