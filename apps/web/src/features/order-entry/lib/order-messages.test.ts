import { describe, expect, it } from 'vitest';
import { fillDescription, orderPlacedTitle, pendingDescription, pendingPlacedTitle, receiptLine } from './order-messages';

describe('order toasts (SPEC §8)', () => {
  it('titles', () => {
    expect(orderPlacedTitle('buy')).toBe('Buy order placed');
    expect(orderPlacedTitle('sell')).toBe('Sell order placed');
  });
  it('says what was filled, price with 5 decimals', () => {
    expect(fillDescription({ side: 'buy', lots: 0.01, units: 1000, filled_price: 1.1001 })).toBe('Bought 0.01 lots (1000 units) at 1.10010');
    expect(fillDescription({ side: 'sell', lots: 0.5, units: 0.5, filled_price: 65000 })).toBe('Sold 0.5 lots (0.5 units) at 65000.00000');
  });
  it('shows the receipt: requested against filled, slippage, latency', () => {
    expect(receiptLine({ requested_price: 1.1, filled_price: 1.10002, slippage: 0.00002, latency_ms: 4 })).toBe(
      'Requested 1.10000 · filled 1.10002 · slippage +0.00002 · 4 ms',
    );
    expect(receiptLine({ requested_price: 1.1, filled_price: 1.1, slippage: 0, latency_ms: 0 })).toBe('Requested 1.10000 · filled 1.10000 · slippage 0.00000 · 0 ms');
    expect(receiptLine({ requested_price: null, filled_price: 2, slippage: null, latency_ms: 3 })).toBe('Filled 2.00000 · 3 ms');
  });
  it('a resting order says when it fills', () => {
    expect(pendingPlacedTitle({ trade_type: 'buy', order_type: 'limit' })).toBe('Buy limit order placed');
    expect(pendingDescription({ trade_type: 'sell', lots: 0.02, volume: 2000, opening_price: 1.2 })).toBe('Sell 0.02 lots (2000 units) when the price reaches 1.20000');
  });
});
