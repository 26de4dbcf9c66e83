import { MemoryBroadcaster } from '../../src/realtime/broadcaster.ts';
import type { TestServer } from './test-server.ts';
import { MemoryInstrumentCatalog, type Instrument } from '../../src/modules/trading/instruments.ts';
import { ManualPriceSource } from '../../src/modules/trading/manual-price-source.ts';
import { riskEngineOf, type RiskEngine } from '../../src/modules/trading/risk-engine.ts';
import { tradingRuntime } from '../../src/modules/trading/trading-runtime.ts';

/** Instruments the trading tests use: a USD-quoted pair, a coin and a JPY-quoted pair. */
export const testInstruments = {
  eurusd: { id: 9001, symbol: 'EUR/USD', name: 'Euro / US Dollar', category: 'forex', contractSize: 100_000, leverage: 30, quoteCurrency: 'USD' },
  btcusd: { id: 9002, symbol: 'BTC/USD', name: 'Bitcoin', category: 'cryptos', contractSize: 1, leverage: 2, quoteCurrency: 'USD' },
  usdjpy: { id: 9003, symbol: 'USD/JPY', name: 'US Dollar / Japanese Yen', category: 'forex', contractSize: 100_000, leverage: 30, quoteCurrency: 'JPY' },
} satisfies Record<string, Instrument>;

/**
 * Gives the server a price source the test sets by hand and the test instruments, and points the
 * trading and risk engines at them.
 */
export async function useManualMarket(server: TestServer): Promise<TestMarket> {
  const prices = new ManualPriceSource();
  const events = new MemoryBroadcaster();
  server.ctx.broadcaster = events;
  server.ctx.prices = prices;
  tradingRuntime(server.ctx).catalog = new MemoryInstrumentCatalog(Object.values(testInstruments));
  prices.set(testInstruments.eurusd.id, 1.1, { bid: 1.0999, ask: 1.1001 });
  prices.set(testInstruments.btcusd.id, 60_000, { bid: 59_990, ask: 60_010 });
  prices.set(testInstruments.usdjpy.id, 150, { bid: 149.99, ask: 150.01 });
  const engine = riskEngineOf(server.ctx);
  if (!engine) throw new Error('the risk engine is not running on this test server');
  await engine.usePrices(prices);
  return { prices, engine, events };
}

export type TestMarket = { prices: ManualPriceSource; engine: RiskEngine; events: MemoryBroadcaster };

/** Publishes a tick and waits until the risk engine has acted on it. */
export async function tick(market: TestMarket, assetId: number, bid: number, ask: number = bid): Promise<void> {
  market.prices.set(assetId, (bid + ask) / 2, { bid, ask });
  await market.engine.idle();
}

/** A market order body as the web order form sends it (SPEC §7), 0.01 lots of EUR/USD by default. */
export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'buy',
    leverage: 30,
    amount: 1000,
    qty: 1000,
    volume: 0.01,
    margin: 36.67,
    opening_price: 1.1001,
    take_profit: 0,
    stop_loss: 0,
    id: testInstruments.eurusd.id,
    asset_symbol: 'EUR/USD',
    asset_name: 'Euro / US Dollar',
    ...overrides,
  };
}
