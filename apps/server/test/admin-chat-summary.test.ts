import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from './helpers/factories.ts';
import { useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let market: TestMarket;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
});
afterAll(() => server.close());

describe('GET /admin/users/:id/summary with open positions', () => {
  it('counts open positions and values equity at current prices', async () => {
    const [customer, admin] = await Promise.all([createTestUser(server), createTestUser(server, { role: 'admin' })]);
    const before = (await server.call('GET', `/admin/users/${customer.id}/summary`, { token: admin.token })).body.data;
    for (let i = 0; i < 2; i++) {
      expect((await server.call('POST', '/trades/store', { token: customer.token, body: market.order() })).status).toBe(201);
    }
    const after = (await server.call('GET', `/admin/users/${customer.id}/summary`, { token: admin.token })).body.data;
    // Two 0.01-lot EUR/USD buys at the ask 1.1001, valued at the bid 1.0999: 0.20 lost on each.
    expect(after).toMatchObject({ open_positions: 2, balance: before.balance, pnl: '-0.40', margin: '22.00' });
    expect(Number(after.equity)).toBeCloseTo(Number(before.balance) - 0.4, 2);
  });
});
