import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tradingAccounts } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { type TestMarket, useManualMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// GET /metrics for Prometheus, to the bearer of METRICS_TOKEN only, with the node's figures.
const TOKEN = 'metrics-test-token';
let server: TestServer;
let market: TestMarket;
let user: TestUser;
beforeAll(async () => {
  // The ledger is checked every 0.6 s here, so a planted difference shows within the test.
  server = await startTestServer({ metricsToken: TOKEN, ledgerCheckMinutes: 0.01 });
  market = await useManualMarket(server);
  user = await createTestUser(server);
});
afterAll(() => server.close());

const scrape = async (token: string | null = TOKEN) => {
  const res = await fetch(`${server.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
};
/** The value of one series in the exposition text, or null when absent. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
};

describe('Prometheus metrics', () => {
  it('answers only the bearer of the token', async () => {
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape('wrong')).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain/);
    expect(ok.text).toContain('bourse_nodejs_eventloop_lag_seconds');
  });

  it('counts requests by route pattern, and orders by outcome', async () => {
    await server.call('GET', '/settings');
    const placed = await server.call('POST', '/trades/store', { token: user.token, body: market.order() });
    expect(placed.status).toBe(201);
    const refused = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ volume: 0.001 }) });
    expect(refused.status).toBe(422);
    await server.call('GET', `/trade/${placed.body.data.id}/nothing-here`, { token: user.token });
    const { text } = await scrape();
    expect(value(text, 'bourse_http_requests_total{route="/api/v1/settings",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'bourse_http_requests_total{route="/api/v1/trades/store",method="POST",status="201"}')).toBe(1);
    expect(value(text, 'bourse_orders_total{outcome="opened"}')).toBe(1);
    expect(value(text, 'bourse_orders_total{outcome="refused"}')).toBe(1);
    expect(text).toContain('bourse_http_request_duration_seconds_bucket{le="0.005",route="/api/v1/trades/store",method="POST"}');
    // Paths with ids never become labels.
    expect(text).not.toContain(`/trade/${placed.body.data.id}`);
    expect(value(text, 'bourse_price_sockets')).toBe(0);
  });

  it('raises a ledger that no longer adds up, and clears once it does again', async () => {
    const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id));
    await vi.waitFor(async () => expect(value((await scrape()).text, 'bourse_ledger_checked_timestamp_seconds')).toBeGreaterThan(0));
    expect(value((await scrape()).text, 'bourse_ledger_unbalanced_accounts')).toBe(0);
    await server.ctx.db.update(tradingAccounts).set({ balance: '12345.67' }).where(eq(tradingAccounts.id, account!.id));
    try {
      await vi.waitFor(async () => expect(value((await scrape()).text, 'bourse_ledger_unbalanced_accounts')).toBe(1), { timeout: 5000, interval: 200 });
      expect(value((await scrape()).text, 'bourse_job_runs_total{job="ledger check",outcome="done"}')).toBeGreaterThan(1);
    } finally {
      await server.ctx.db.update(tradingAccounts).set({ balance: account!.balance }).where(eq(tradingAccounts.id, account!.id));
    }
    await vi.waitFor(async () => expect(value((await scrape()).text, 'bourse_ledger_unbalanced_accounts')).toBe(0), { timeout: 5000, interval: 200 });
  });

  it('does not exist without a token', async () => {
    const plain = await startTestServer();
    try {
      // The path falls through to the web app, whatever is sent.
      const res = await fetch(`${plain.url}/metrics`, { headers: { authorization: 'Bearer ' } });
      expect(await res.text()).not.toContain('bourse_');
    } finally {
      await plain.close();
    }
  });
});
