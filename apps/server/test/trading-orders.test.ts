import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, events, tradingMessages as msg } from '@bourse/contract';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { tick, useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { verifyIdentity } from './helpers/verified.ts';

let server: TestServer;
let market: TestMarket;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  user = await createTestUser(server);
});
afterAll(() => server.close());

const store = (body: Record<string, unknown>, opts: { token?: string; key?: string } = {}) =>
  server.call('POST', '/trades/store', { token: opts.token ?? user.token, body, headers: opts.key ? { 'idempotency-key': opts.key } : {} });

describe('POST /trades/store', () => {
  it('fills a buy at the ask with a receipt, recomputing margin and leverage', async () => {
    const res = await store(market.order({ margin: 1, leverage: 500 }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      trade_type: 'buy',
      status: 'open',
      order_type: 'market',
      asset_symbol: 'EURUSD',
      volume: 1000,
      lots: 0.01,
      opening_price: 1.1001,
      closing_price: 1.0999,
      leverage: 100,
      margin: '11.00',
      pnl: '-0.20',
    });
    expect(res.body.data.trade_id).toMatch(/^T[0-9A-F]{12}$/);
    expect(res.body.receipt).toMatchObject({ requested_price: 1.1001, filled_price: 1.1001, slippage: 0, message: 'Bought 0.01 lots (1000 units) at 1.10010' });
    expect(res.body.receipt.latency_ms).toBeGreaterThanOrEqual(0);
    // 1.0999 / 1.1001: a 2-pip spread crossed on 1000 units of a USD-quoted pair, in a USD account.
    expect(res.body.receipt).toMatchObject({ spread: 0.0002, spread_pips: 2, spread_cost: 0.2, slippage_pips: 0, slippage_cost: 0, currency: 'USD' });
  });

  it('fills a sell at the bid and reports slippage against the client price', async () => {
    const res = await store(market.order({ type: 'sell', opening_price: 1.1003 }));
    expect(res.status).toBe(201);
    expect(res.body.receipt).toMatchObject({ filled_price: 1.0999, requested_price: 1.1003, message: 'Sold 0.01 lots (1000 units) at 1.09990' });
    expect(res.body.receipt.slippage).toBeCloseTo(0.0004, 10);
    expect(res.body.receipt).toMatchObject({ slippage_pips: 4, slippage_cost: 0.4, spread_pips: 2, spread_cost: 0.2 });
  });

  it('keeps the fill costs on the trade for its details, as they were at the fill', async () => {
    const placed = await store(market.order({ type: 'sell', opening_price: 1.0998 }));
    // The spread widens after the fill; the trade keeps the one it crossed.
    await tick(market, market.instruments.eurusd.id, 1.1, 1.101);
    const listed = await server.call('GET', '/open/trades', { token: user.token });
    const trade = listed.body.data.find((t: { id: number }) => t.id === placed.body.data.id);
    // Requested 1.0998, filled at the bid 1.0999: a better fill, negative slippage.
    expect(trade).toMatchObject({ requested_price: 1.0998, filled_price: 1.0999, slippage_pips: -1, slippage_cost: -0.1, spread: 0.0002, spread_pips: 2, spread_cost: 0.2 });
    await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
  });

  it('announces the trade on the user’s trade channel', async () => {
    const res = await store(market.order());
    expect(market.events.sent).toContainEqual({ channel: channels.trade(user.id), event: events.tradeUpdated, data: { id: res.body.data.id, reason: 'opened' } });
  });

  it('answers the SPEC validation messages', async () => {
    const zero = await store(market.order({ volume: 0 }));
    expect(zero.status).toBe(422);
    expect(zero.body.errors.volume).toEqual([msg.volumePositive]);
    expect((await store(market.order({ volume: 0.015 }))).body).toEqual({ message: msg.volumeStep, errors: { volume: [msg.volumeStep] } });
    expect((await store(market.order({ volume: 50.01 }))).body.message).toBe(msg.volumeRange);
    expect((await store(market.order({ id: 424242 }))).body).toEqual({ message: msg.assetUnavailable, errors: { id: [msg.assetUnavailable] } });
    const missing = await store({ ...market.order(), id: undefined });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('id');
    expect((await store(market.order({ type: 'hold' }))).status).toBe(422);
  });

  it('refuses take-profit and stop-loss on the wrong side of the fill', async () => {
    const buy = await store(market.order({ take_profit: 1.09, stop_loss: 1.2 }));
    expect(buy.status).toBe(422);
    expect(buy.body.errors).toEqual({ take_profit: [msg.takeProfitBuy], stop_loss: [msg.stopLossBuy] });
    const sell = await store(market.order({ type: 'sell', opening_price: 1.0999, take_profit: 1.2, stop_loss: 1.05 }));
    expect(sell.body.errors).toEqual({ take_profit: [msg.takeProfitSell], stop_loss: [msg.stopLossSell] });
    const ok = await store(market.order({ take_profit: 1.2, stop_loss: 1.05 }));
    expect(ok.body.data).toMatchObject({ take_profit: 1.2, stop_loss: 1.05 });
  });

  it('refuses a closed market, a price that moved too far and too little margin', async () => {
    market.prices.setOpen(market.instruments.eurusd.id, false);
    const closed = await store(market.order());
    market.prices.setOpen(market.instruments.eurusd.id, true);
    expect(closed.status).toBe(422);
    expect(closed.body.message).toBe(msg.marketClosed);
    const moved = await store(market.order({ opening_price: 1.05 }));
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/^The price moved from 1\.05000 to 1\.10010 \(4\.77%\), more than the allowed 1%/);
    const big = await store(market.order({ volume: 50 }));
    expect(big.status).toBe(422);
    expect(big.body.message).toBe(msg.insufficientMargin);
  });

  it('rests limit and stop orders on the allowed side of the market', async () => {
    const limit = await store(market.order({ order_type: 'limit', price: 1.09 }));
    expect(limit.status).toBe(201);
    expect(limit.body).toMatchObject({ data: { status: 'pending', order_type: 'limit', trigger_price: 1.09, open_time: null }, receipt: null });
    const wrong = await store(market.order({ order_type: 'stop', price: 1.09 }));
    expect(wrong.body).toEqual({ message: msg.buyStopSide, errors: { price: [msg.buyStopSide] } });
    const sellLimit = await store(market.order({ type: 'sell', order_type: 'limit', price: 1.05 }));
    expect(sellLimit.body.message).toBe(msg.sellLimitSide);
    expect((await store(market.order({ order_type: 'limit' }))).body.message).toBe(msg.pendingPriceRequired);
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses the key for another order', async () => {
    const first = await store(market.order(), { key: 'form-1' });
    const again = await store(market.order(), { key: 'form-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await store(market.order({ volume: 0.02 }), { key: 'form-1' });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(msg.idempotencyReused);
    const someoneElse = await createTestUser(server);
    expect((await store(market.order(), { key: 'form-1', token: someoneElse.token })).body.data.id).not.toBe(first.body.data.id);
  });

  it('refuses the keys the robots and the Auto Trader derive, so no client order passes for theirs', async () => {
    for (const key of ['robot:1:bar', 'autotrader:bar']) {
      const res = await store(market.order(), { key });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: msg.idempotencyKeyReserved, errors: { idempotency_key: [msg.idempotencyKeyReserved] } });
    }
  });

  it('replays an order whose own fill used up the margin a retry would need', async () => {
    const trader = await createTestUser(server);
    const first = await store(market.order({ volume: 8 }), { key: 'big-1', token: trader.token });
    expect(first.status).toBe(201);
    expect(Number(first.body.data.margin)).toBeGreaterThan(5000);
    const again = await store(market.order({ volume: 8 }), { key: 'big-1', token: trader.token });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const fresh = await store(market.order({ volume: 8 }), { key: 'big-2', token: trader.token });
    expect(fresh.status).toBe(422);
    expect(fresh.body.message).toBe(msg.insufficientMargin);
  });

  it('trades on the chosen account and refuses another user’s account', async () => {
    const me = await server.call('GET', '/user', { token: user.token });
    const live = me.body.data.accounts[1];
    await verifyIdentity(server, user, (await createTestUser(server, { role: 'admin' })).token);
    const broke = await store(market.order({ account_id: live.id }));
    expect(broke.status).toBe(422);
    expect(broke.body.message).toBe(msg.insufficientMargin);
    const other = await createTestUser(server);
    const theirs = (await server.call('GET', '/user', { token: other.token })).body.data.accounts[0].id;
    const res = await store(market.order({ account_id: theirs }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(msg.accountNotFound);
  });

  it('refuses anonymous callers', async () => {
    expect((await server.call('POST', '/trades/store', { body: market.order() })).status).toBe(401);
    for (const path of ['/open/trades', '/closed/trades', '/pending/orders', '/account/summary', '/closed/trades/export.csv']) {
      expect((await server.call('GET', path)).status).toBe(401);
    }
  });
});
