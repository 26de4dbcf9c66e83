import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candlesResponse, type Candle } from '@bourse/contract';
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
