import { describe, expect, it } from 'vitest';
import type { Trade } from '@bourse/contract';
import { assetFixture } from '@/testing/asset-fixture';
import { livePnlTotal, pnlInstruments } from './live-pnl';
import { liveFigures, serverFigures } from './live-trade';

const spreadless = { buy_spread: 0, sell_spread: 0 };
const btc = assetFixture({ symbol_display: 'BTC/USD', contract_size: 1, rate: 60_000, ...spreadless });
const usdjpy = assetFixture({ symbol_display: 'USD/JPY', rate: 150, quote_currency: 'JPY', ...spreadless });
const assets = [btc, usdjpy];

function trade(over: Partial<Trade>): Trade {
  return {
    id: 1, trade_id: 'T1', account_id: 1, asset_id: btc.asset_id, asset_symbol: 'BTCUSD', asset_name: 'Bitcoin', trade_type: 'buy',
    order_type: 'market', status: 'open', volume: 1, lots: 1, margin: '6000.00', leverage: 10, opening_price: 60_000, closing_price: 60_000,
    take_profit: null, stop_loss: null, trailing_stop: null, trigger_price: null, open_time: null, close_time: null, pnl: '0.00', swap: '0.00', commission: '0.00', markup: 0,
    close_reason: null, requested_price: null, filled_price: null, slippage: null, spread: null, slippage_pips: null,
    slippage_cost: null, spread_pips: null, spread_cost: null, latency_ms: null, created_at: '2026-01-01T00:00:00Z',
    placed_by: 'customer', robot_id: null,
    ...over,
  };
}

describe('live figures of an open trade (SPEC §4)', () => {
  it('a buy closes at the bid, a sell at the ask', () => {
    const quote = { bid: 61_000, ask: 61_010 };
    expect(liveFigures(trade({}), quote, 1)).toEqual({ closingPrice: 61_000, pnl: 1000 });
    expect(liveFigures(trade({ trade_type: 'sell' }), quote, 1)).toEqual({ closingPrice: 61_010, pnl: -1010 });
  });
  it('converts into the account currency', () => {
    const t = trade({ asset_id: usdjpy.asset_id, volume: 1000, opening_price: 150 });
    expect(liveFigures(t, { bid: 151, ask: 151 }, 1 / 151)?.pnl).toBeCloseTo(1000 / 151, 10);
  });
  it('is unknown without a quote, a rate or an entry', () => {
    expect(liveFigures(trade({}), null, 1)).toBeNull();
    expect(liveFigures(trade({}), { bid: 1, ask: 1 }, null)).toBeNull();
    expect(liveFigures(trade({ opening_price: null }), { bid: 1, ask: 1 }, 1)).toBeNull();
  });
  it('falls back to the server figures', () => {
    expect(serverFigures(trade({ closing_price: 60_500, pnl: '500.00' }))).toEqual({ closingPrice: 60_500, pnl: 500 });
    expect(serverFigures(trade({ closing_price: null }))).toBeNull();
  });
});

describe('live P&L of the account', () => {
  const jpy = trade({ id: 2, asset_id: usdjpy.asset_id, volume: 1000, opening_price: 150, pnl: '0.00' });
  it('sums ticked trades and keeps the server figure of the others', () => {
    const prices = new Map([[btc.asset_id, 60_100]]);
    const total = livePnlTotal([trade({ pnl: '50.00' }), jpy], assets, (id) => prices.get(id), 'USD', true);
    expect(total.snapshot).toBe(50);
    expect(total.live).toBeCloseTo(100, 10);
    expect(total.complete).toBe(true);
  });
  it('converts with the pair’s latest tick', () => {
    const prices = new Map([[usdjpy.asset_id, 151]]);
    expect(livePnlTotal([jpy], assets, (id) => prices.get(id), 'USD', false).live).toBeCloseTo(1000 / 151, 10);
  });
  it('watches the trades’ instruments and their conversion pairs', () => {
    const eurjpy = assetFixture({ symbol_display: 'EUR/JPY', quote_currency: 'JPY' });
    const ids = pnlInstruments([trade({ asset_id: eurjpy.asset_id })], [...assets, eurjpy], 'USD');
    expect([...ids].sort()).toEqual([usdjpy.asset_id, eurjpy.asset_id].sort());
  });
});
