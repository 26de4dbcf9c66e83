import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceDigitsMessage } from '@bourse/contract';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { openTrade, useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Prices are the instrument's own: EUR/USD has 5 decimals, USD/JPY 3 and BTC/USD 2. A level or
 * entry price with more is refused with a message saying how many (never rounded to a price the
 * customer did not type), and fill messages are written in the instrument's digits.
 */
let server: TestServer;
let market: TestMarket;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  user = await createTestUser(server);
});
afterAll(() => server.close());

const store = (body: Record<string, unknown>) => server.call('POST', '/trades/store', { token: user.token, body: market.order(body) });
const tooLong = (m: { symbol: string; digits: number }) => priceDigitsMessage(m.symbol, m.digits);

describe('prices in the instrument’s digits', () => {
  it('knows each instrument’s digits from the catalogue', () => {
    const { eurusd, usdjpy, btcusd } = market.instruments;
    expect([eurusd.digits, usdjpy.digits, btcusd.digits]).toEqual([5, 3, 2]);
  });

  it('refuses take-profit, stop-loss and trailing distances with more decimals than the instrument has', async () => {
    const { eurusd } = market.instruments;
    const tp = await store({ take_profit: 1.102345 });
    expect(tp.status).toBe(422);
    expect(tp.body).toEqual({ message: tooLong(eurusd), errors: { take_profit: [tooLong(eurusd)] } });
    expect(tooLong(eurusd)).toBe('EURUSD prices have 5 decimals: please enter a price with no more than that.');
    expect((await store({ stop_loss: 1.0912345 })).body.errors).toEqual({ stop_loss: [tooLong(eurusd)] });
    expect((await store({ trailing_stop: 0.000015 })).body.errors).toEqual({ trailing_stop: [tooLong(eurusd)] });
    const fine = await store({ take_profit: 1.10234, stop_loss: 1.09123 });
    expect(fine.status).toBe(201);
    expect(fine.body.data).toMatchObject({ take_profit: 1.10234, stop_loss: 1.09123 });
  });

  it('refuses a pending price off the grid of a yen pair and a coin', async () => {
    const { usdjpy, btcusd } = market.instruments;
    const yen = { id: usdjpy.id, asset_symbol: usdjpy.symbol, opening_price: 150.01, order_type: 'limit' };
    expect((await store({ ...yen, price: 149.1234 })).body).toEqual({ message: tooLong(usdjpy), errors: { price: [tooLong(usdjpy)] } });
    expect((await store({ ...yen, price: 149.123 })).status).toBe(201);
    const coin = { id: btcusd.id, asset_symbol: btcusd.symbol, opening_price: 60_010, volume: 0.01 };
    expect((await store({ ...coin, order_type: 'limit', price: 59_000.125 })).body.errors).toEqual({ price: [tooLong(btcusd)] });
    expect((await store({ ...coin, take_profit: 61_000.5 })).status).toBe(201);
  });

  it('refuses a modified level off the grid and keeps the old one', async () => {
    const trade = await openTrade(server, market, user);
    const patch = (body: Record<string, unknown>) => server.call('PATCH', `/trade/${trade.id}`, { token: user.token, body });
    const wrong = await patch({ take_profit: 1.123456 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ take_profit: [tooLong(market.instruments.eurusd)] });
    const right = await patch({ take_profit: 1.12345, stop_loss: 1.08001 });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ take_profit: 1.12345, stop_loss: 1.08001 });
  });

  it('refuses a price alert level off the grid, on creation and on edit', async () => {
    const { eurusd } = market.instruments;
    const alert = (level: number) => ({ asset_id: eurusd.id, kind: 'level', direction: 'above', level });
    const wrong = await server.call('POST', '/alerts', { token: user.token, body: alert(1.123456) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ level: [tooLong(eurusd)] });
    const made = await server.call('POST', '/alerts', { token: user.token, body: alert(1.12345) });
    expect(made.status).toBe(201);
    const edit = await server.call('PUT', `/alerts/${made.body.data.id}`, { token: user.token, body: { kind: 'level', direction: 'above', level: 1.1234567 } });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ level: [tooLong(eurusd)] });
  });

  it('writes fill and close messages in the instrument’s digits', async () => {
    const { btcusd, usdjpy } = market.instruments;
    const coin = await store({ id: btcusd.id, asset_symbol: btcusd.symbol, opening_price: 60_010 });
    expect(coin.body.receipt.message).toBe('Bought 0.01 lots (0.01 units) at 60010.00');
    const yen = await store({ id: usdjpy.id, asset_symbol: usdjpy.symbol, opening_price: 149.99, type: 'sell' });
    expect(yen.body.receipt.message).toBe('Sold 0.01 lots (1000 units) at 149.990');
    const closed = await server.call('POST', `/trade/${yen.body.data.id}/close`, { token: user.token });
    expect(closed.body.receipt.message).toBe('Closed 0.01 lots (1000 units) at 150.010');
  });
});
