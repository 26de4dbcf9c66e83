import { MemoryBroadcaster } from '../../src/realtime/broadcaster.ts';
import type { Instrument } from '../../src/modules/trading/instruments.ts';
import { storeTradeRequest } from '@bourse/contract';
import { placeOrder } from '../../src/modules/trading/order.service.ts';
import { ManualPriceSource } from '../../src/modules/trading/manual-price-source.ts';
import { riskEngineOf, type RiskEngine } from '../../src/modules/trading/risk-engine.ts';
import { tradingRuntime } from '../../src/modules/trading/trading-runtime.ts';
import type { TestServer } from './test-server.ts';

/** The catalogue instruments the trading tests use: a USD-quoted pair, a coin and a yen-quoted pair. */
export type TestInstruments = { eurusd: Instrument; btcusd: Instrument; usdjpy: Instrument };

export type TestMarket = {
  prices: ManualPriceSource;
  engine: RiskEngine;
  events: MemoryBroadcaster;
  instruments: TestInstruments;
  /** A market order body as the web order form sends it (SPEC §7): 0.01 lots of EUR/USD by default. */
  order(overrides?: Record<string, unknown>): Record<string, unknown>;
};

async function instrument(server: TestServer, base: string, quote: string): Promise<Instrument> {
  const found = await tradingRuntime(server.ctx).catalog.pair(base, quote);
  if (!found) throw new Error(`${base}${quote} is not in the catalogue`);
  return found;
}

/**
 * Keeps the real instrument catalogue but gives the server prices the test sets by hand (so every
 * fill is deterministic), records published events, and points the risk engine at those prices.
 */
export async function useManualMarket(server: TestServer): Promise<TestMarket> {
  const instruments = {
    eurusd: await instrument(server, 'EUR', 'USD'),
    btcusd: await instrument(server, 'BTC', 'USD'),
    usdjpy: await instrument(server, 'USD', 'JPY'),
  };
  const prices = new ManualPriceSource();
  const events = new MemoryBroadcaster();
  server.ctx.broadcaster = events;
  server.ctx.prices = prices;
  prices.set(instruments.eurusd.id, 1.1, { bid: 1.0999, ask: 1.1001 });
  prices.set(instruments.btcusd.id, 60_000, { bid: 59_990, ask: 60_010 });
  prices.set(instruments.usdjpy.id, 150, { bid: 149.99, ask: 150.01 });
  const engine = riskEngineOf(server.ctx);
  if (!engine) throw new Error('the risk engine is not running on this test server');
  await engine.usePrices(prices);
  const order = (overrides: Record<string, unknown> = {}) => ({
    type: 'buy',
    leverage: 100,
    amount: 1000,
    qty: 1000,
    volume: 0.01,
    margin: 11,
    opening_price: 1.1001,
    take_profit: 0,
    stop_loss: 0,
    id: instruments.eurusd.id,
    asset_symbol: instruments.eurusd.symbol,
    asset_name: instruments.eurusd.name,
    ...overrides,
  });
  return { prices, engine, events, instruments, order };
}

/** Publishes a tick and waits until the risk engine has acted on it. */
export async function tick(market: TestMarket, assetId: number, bid: number, ask: number = bid): Promise<void> {
  market.prices.set(assetId, (bid + ask) / 2, { bid, ask });
  await market.engine.idle();
}

/**
 * Places an order the way the robots and the Auto Trader do, through the order path with a key of
 * theirs (which the HTTP API refuses from clients); answers in the shape of an API response.
 */
export async function placeAsServer(server: TestServer, market: TestMarket, user: { id: number }, key: string, overrides: Record<string, unknown> = {}) {
  const placed = await placeOrder(server.ctx, user.id, storeTradeRequest.parse(market.order(overrides)), key, performance.now());
  return { status: 201, body: placed.body };
}

/** Places a market order through the API and returns the trade; throws with the answer otherwise. */
export async function openTrade(server: TestServer, market: TestMarket, user: { token: string }, overrides: Record<string, unknown> = {}) {
  const res = await server.call('POST', '/trades/store', { token: user.token, body: market.order(overrides) });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}
