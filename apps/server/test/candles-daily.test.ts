import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candlesResponse, type Candle } from '@bourse/contract';
import { isEasternDaylightTime, isSessionOpen } from '@bourse/domain';
import { candlesOf } from '../src/modules/market/candle.service.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let customer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  customer = await createTestUser(server);
});
afterAll(() => server.close());

const DAY = 86_400;
const daily = async (symbol: string, query = ''): Promise<Candle[]> => {
  const res = await server.call('GET', `/assets/${symbol}/candles?tf=1D${query}`, { token: customer.token });
  expect(res.status).toBe(200);
  return candlesResponse.parse(res.body).data;
};

describe('GET /assets/:id/candles?tf=1D', () => {
  it('serves more than a year of daily bars up to today, one a day for a market that never closes', async () => {
    const bars = await daily('BTCUSD');
    const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
    expect(bars.length).toBeGreaterThanOrEqual(500);
    expect(bars.at(-1)!.time).toBe(today);
    expect(today - bars[0]!.time).toBeGreaterThanOrEqual(365 * DAY);
    bars.forEach((b, i) => {
      if (i) expect(b.time - bars[i - 1]!.time).toBe(DAY);
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
      expect(b.low).toBeGreaterThan(0);
    });
  });

  it('gives a weekday market its trading days of the last year, and the same history on every call', async () => {
    const year = Math.floor(Date.now() / 1000) - 365 * DAY;
    const bars = await daily('AAPL', `&from=${year}`);
    expect(bars.length).toBeGreaterThan(250);
    expect(bars.length).toBeLessThan(270);
    for (const b of bars) expect([0, 6]).not.toContain(new Date(b.time * 1000).getUTCDay());
    // Only the bar of today can move between two calls.
    const again = await daily('AAPL', `&from=${year}`);
    expect(again.slice(0, -1)).toEqual(bars.slice(0, -1));
  });
});

describe('the latest bars of a closed market', () => {
  it('are those before it closed: a forex chart on a Saturday shows Friday, an index at night the day before', async () => {
    const market = marketOf(server.ctx);
    // The last Saturday noon before now: generated history reaches a month back.
    const now = new Date();
    const saturday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 1) % 7) - (now.getUTCDay() === 6 && now.getUTCHours() < 12 ? 7 : 0), 12);
    const eurusd = market.state.find('EURUSD')!;
    expect(isSessionOpen(eurusd.session, saturday)).toBe(false);
    const bars = await candlesOf(server.ctx.db, eurusd, market.seed, null, { tf: '1m' }, saturday);
    expect(bars.length).toBeGreaterThanOrEqual(490);
    const fridayClose = saturday / 1000 - 14 * 3600;
    expect(bars.at(-1)!.time).toBe(fridayClose - 60);
    for (const b of bars) expect(isSessionOpen(eurusd.session, b.time * 1000)).toBe(true);
    // A range asked for is served as asked, empty where the market was closed.
    expect(await candlesOf(server.ctx.db, eurusd, market.seed, null, { tf: '1m', from: fridayClose + 3600 }, saturday)).toEqual([]);

    const aapl = market.state.find('AAPL')!;
    const stock = await candlesOf(server.ctx.db, aapl, market.seed, null, { tf: '5m' }, saturday);
    expect(stock.length).toBeGreaterThan(100);
    // New York closes at 16:00: 21:00 UTC in winter, 20:00 in summer.
    const newYorkClose = saturday / 1000 - (isEasternDaylightTime(saturday) ? 16 : 15) * 3600;
    expect(stock.at(-1)!.time).toBe(newYorkClose - 300);
  });
});
