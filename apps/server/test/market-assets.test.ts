import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsResponse, assetTypes, candlesResponse, timeframes, timeframeSeconds, type Asset } from '@bourse/contract';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [customer, admin] = await Promise.all([createTestUser(server), createTestUser(server, { role: 'admin' })]);
});
afterAll(() => server.close());

const assets = async (): Promise<Asset[]> => {
  const res = await server.call('GET', '/assets', { token: customer.token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const bySymbol = (list: Asset[], symbol: string) => list.find((a) => a.symbol === symbol);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /assets', () => {
  it('refuses anonymous callers', async () => {
    expect((await server.call('GET', '/assets')).status).toBe(401);
  });

  it('lists more than 2,000 enabled instruments in the SPEC shape, every type and the ETFs', async () => {
    const res = await server.call('GET', '/assets', { token: customer.token });
    expect(res.headers.get('content-type')).toContain('application/json');
    const list = assetsResponse.parse(res.body).data;
    expect(list.length).toBeGreaterThanOrEqual(2000);
    for (const type of assetTypes) expect(list.some((a) => a.type === type), type).toBe(true);
    expect(list.filter((a) => a.category === 'etf').length).toBeGreaterThan(500);
    expect(list.find((a) => a.tv_symbol === 'BITSTAMP:BTCUSD')).toMatchObject({ symbol_display: 'BTC/USD', sy: 'BTC/USD', type: 'crypto', contract_size: 1 });
    expect(list.find((a) => a.sy === 'AUD/JPY')).toMatchObject({ type: 'forex', contract_size: 100_000, position: 1000, digits: 3 });
    expect(new Set(list.map((a) => a.id)).size).toBe(list.length);
    for (const a of list) {
      expect(a.asset_id).toBe(a.id);
      expect(a.buy_price).toBeCloseTo(a.rate * (1 + a.buy_spread), a.digits - 1);
      expect(a.sell_price).toBeCloseTo(a.rate * (1 - a.sell_spread), a.digits - 1);
      expect(a.price_low).toBeLessThanOrEqual(a.price_high);
      expect(a.enabled).toBe(true);
    }
  });

  it('answers gzipped when the client accepts it', async () => {
    const res = await fetch(`${server.url}/api/v1/assets`, { headers: { authorization: `Bearer ${customer.token}`, 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(2000);
  });

  it('carries live values: the rate moves with the feed', async () => {
    const market = marketOf(server.ctx);
    const btc = market.state.find('BTCUSD')!;
    const before = market.state.price[btc.index];
    expect(market.step(Date.now() + 20_000)).toBeGreaterThan(0);
    const quote = server.ctx.prices!.quote(btc.id)!;
    expect(quote.price).not.toBe(before);
    await sleep(1100); // the serialised list is reused for up to a second, and gzipped off the loop
    await expect.poll(async () => bySymbol(await assets(), 'BTCUSD')!.rate, { timeout: 5000 }).toBe(quote.price);
    const listed = bySymbol(await assets(), 'BTCUSD')!;
    expect(listed.updated_at).toBe(new Date(quote.ts).toISOString());
    expect(quote.ask).toBeCloseTo(quote.price * (1 + listed.buy_spread), 6);
  });
});

describe('the cached catalogue body', () => {
  const gzipped = async () => {
    const res = await fetch(`${server.url}/api/v1/assets`, { headers: { authorization: `Bearer ${customer.token}`, 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    return ((await res.json()) as { data: Asset[] }).data;
  };

  it('is reused while no price has moved, however old', () => {
    const market = marketOf(server.ctx);
    const body = market.assetsJson(Date.now());
    expect(market.assetsJson(Date.now() + 60_000)).toBe(body);
  });

  it('follows the prices when gzipped, compressed off the request loop once they move', async () => {
    const market = marketOf(server.ctx);
    await gzipped();
    const eth = market.state.find('ETHUSD')!;
    expect(market.step(Date.now() + 40_000)).toBeGreaterThan(0);
    const moved = server.ctx.prices!.quote(eth.id)!.price;
    await sleep(1100);
    await expect.poll(async () => bySymbol(await gzipped(), 'ETHUSD')!.rate, { timeout: 5000 }).toBe(moved);
  });

  it('is current at once after a quiet spell: an old body is never served while the new one is compressed', () => {
    const market = marketOf(server.ctx);
    const t = Date.now();
    market.assetsGzip(t);
    const sol = market.state.find('SOLUSD')!;
    expect(market.step(t + 100_000)).toBeGreaterThan(0);
    const listed = (JSON.parse(gunzipSync(market.assetsGzip(t + 5000)).toString()) as { data: Asset[] }).data;
    expect(bySymbol(listed, 'SOLUSD')!.rate).toBe(server.ctx.prices!.quote(sol.id)!.price);
  });
});

describe('admin asset editing', () => {
  it('is for admins only', async () => {
    expect((await server.call('GET', '/admin/assets')).status).toBe(401);
    expect((await server.call('PATCH', '/admin/assets/1', { body: { enabled: false } })).status).toBe(401);
    expect((await server.call('GET', '/admin/assets', { token: customer.token })).status).toBe(403);
    expect((await server.call('PATCH', '/admin/assets/1', { token: customer.token, body: { enabled: false } })).status).toBe(403);
  });

  it('searches and pages the whole catalogue', async () => {
    const res = await server.call('GET', '/admin/assets?search=btc', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: Asset) => a.symbol)).toContain('BTCUSD');
    const page2 = await server.call('GET', '/admin/assets?type=stocks&page=2', { token: admin.token });
    expect(page2.body.meta).toMatchObject({ current_page: 2, per_page: 50 });
    expect(page2.body.meta.total).toBeGreaterThan(1000);
    expect(page2.body.data).toHaveLength(50);
    expect(page2.body.data.every((a: Asset) => a.type === 'stocks')).toBe(true);
    expect(page2.body.links.next).toBe('/api/v1/admin/assets?type=stocks&page=3');
  });

  it('validates the edit', async () => {
    const id = marketOf(server.ctx).state.find('EURGBP')!.id;
    for (const body of [{}, { buy_spread: 0.5 }, { leverage: 0 }, { leverage: 2.5 }, { contract_size: -1 }, { enabled: 'no' }]) {
      const res = await server.call('PATCH', `/admin/assets/${id}`, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await server.call('PATCH', '/admin/assets/999999', { token: admin.token, body: { enabled: false } })).status).toBe(404);
  });

  it('changes spreads, leverage and contract size at once for the feed and the list', async () => {
    const id = marketOf(server.ctx).state.find('GBPUSD')!.id;
    const res = await server.call('PATCH', `/admin/assets/${id}`, {
      token: admin.token,
      body: { buy_spread: 0.001, sell_spread: 0.002, leverage: 30, contract_size: 10_000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ buy_spread: 0.001, sell_spread: 0.002, leverage: 30, contract_size: 10_000, position: 100 });
    const quote = server.ctx.prices!.quote(id)!;
    expect(quote.ask).toBeCloseTo(quote.price * 1.001, 8);
    expect(quote.bid).toBeCloseTo(quote.price * 0.998, 8);
    expect(bySymbol(await assets(), 'GBPUSD')).toMatchObject({ buy_spread: 0.001, leverage: 30 });
  });

  it('hides a disabled instrument from /assets and its candles, and brings it back', async () => {
    const id = marketOf(server.ctx).state.find('EURCHF')!.id;
    expect((await server.call('PATCH', `/admin/assets/${id}`, { token: admin.token, body: { enabled: false } })).body.data.enabled).toBe(false);
    expect(bySymbol(await assets(), 'EURCHF')).toBeUndefined();
    expect((await server.call('GET', `/assets/${id}/candles`, { token: customer.token })).status).toBe(404);
    const listed = await server.call('GET', '/admin/assets?search=EURCHF', { token: admin.token });
    expect(listed.body.data[0]).toMatchObject({ symbol: 'EURCHF', enabled: false });
    await server.call('PATCH', `/admin/assets/${id}`, { token: admin.token, body: { enabled: true } });
    expect(bySymbol(await assets(), 'EURCHF')).toBeDefined();
  });
});

describe('GET /assets/:id/candles', () => {
  const candles = (path: string) => server.call('GET', path, { token: customer.token });

  it('validates the query', async () => {
    expect((await server.call('GET', '/assets/1/candles')).status).toBe(401);
    expect((await candles('/assets/1/candles?tf=2m')).status).toBe(422);
    expect((await candles('/assets/1/candles?tf=1m&from=200&to=100')).status).toBe(422);
    expect((await candles('/assets/1/candles?from=abc')).status).toBe(422);
    expect((await candles('/assets/999999/candles')).status).toBe(404);
    expect((await candles('/assets/NOPE/candles')).status).toBe(404);
  });

  it('serves bounded, ascending, bucket-aligned bars for every timeframe, by id or symbol', async () => {
    const btc = marketOf(server.ctx).state.find('BTCUSD')!;
    for (const tf of timeframes) {
      const res = await candles(`/assets/${btc.id}/candles?tf=${tf}`);
      expect(res.status, tf).toBe(200);
      const bars = candlesResponse.parse(res.body).data;
      expect(bars.length, tf).toBeGreaterThan(tf === '1D' ? 25 : 100);
      expect(bars.length).toBeLessThanOrEqual(500);
      bars.forEach((b, i) => {
        expect(b.time % timeframeSeconds[tf]).toBe(0);
        if (i) expect(b.time).toBeGreaterThan(bars[i - 1]!.time);
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
      });
    }
    const all = candlesResponse.parse((await candles('/assets/BTCUSD/candles?tf=1m&from=0')).body).data;
    expect(all.length).toBeGreaterThanOrEqual(998); // the current minute may not have traded yet
    expect(all.length).toBeLessThanOrEqual(1000);
    expect(all.at(-1)!.time).toBeGreaterThan(Date.now() / 1000 - 600);
  });

  it('ends with the bar in progress, built from live ticks', async () => {
    const market = marketOf(server.ctx);
    const btc = market.state.find('BTCUSD')!;
    market.step(Date.now() + 40_000);
    const price = market.state.price[btc.index];
    const to = Math.floor(Date.now() / 1000) + 60;
    const bars = (await candles(`/assets/BTCUSD/candles?tf=1h&to=${to}`)).body.data;
    expect(bars.at(-1).close).toBe(price);
    const inRange = (await candles(`/assets/BTCUSD/candles?tf=5m&from=${to - 3600}&to=${to}`)).body.data;
    expect(inRange.every((b: { time: number }) => b.time >= Math.floor((to - 3600) / 300) * 300 && b.time <= to)).toBe(true);
  });

  it('saves bars to the database', async () => {
    const market = marketOf(server.ctx);
    market.step(Date.now() + 60_000);
    await market.persist(true);
    const res = await server.ctx.database.session((s) => s.query<{ n: number }>("SELECT count(*)::int AS n FROM candles WHERE tf = '1m'"));
    expect(res[0]!.n).toBeGreaterThan(0);
  });
});
