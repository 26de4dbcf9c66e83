import { describe, expect, it } from 'vitest';
import { fillDescription, orderPlacedTitle, pendingDescription, pendingPlacedTitle, receiptLine } from '@/lib/order-messages';

describe('order toasts (SPEC §8)', () => {
  it('titles', () => {
    expect(orderPlacedTitle('buy')).toBe('Buy order placed');
    expect(orderPlacedTitle('sell')).toBe('Sell order placed');
  });
  it('says what was filled, the price in the instrument’s digits', () => {
    expect(fillDescription({ side: 'buy', lots: 0.01, units: 1000, filled_price: 1.1001 }, 5)).toBe('Bought 0.01 lots (1000 units) at 1.10010');
    expect(fillDescription({ side: 'sell', lots: 0.5, units: 0.5, filled_price: 65000 }, 2)).toBe('Sold 0.5 lots (0.5 units) at 65000.00');
    expect(fillDescription({ side: 'buy', lots: 0.1, units: 10_000, filled_price: 151.2345 }, 3)).toBe('Bought 0.1 lots (10000 units) at 151.235');
  });
  it('shows the receipt: requested against filled, slippage and spread in pips and money, latency', () => {
    const fill = { requested_price: 1.1, filled_price: 1.10003, slippage: 0.00003, slippage_pips: 0.3, slippage_cost: 0.03, spread: 0.00012, spread_pips: 1.2, spread_cost: 0.12, latency_ms: 4 };
    expect(receiptLine(fill, 'USD', 5)).toBe('Requested 1.10000 · filled 1.10003 · slippage +0.3 pips (+$0.03) · spread 1.2 pips ($0.12) · 4 ms');
    expect(receiptLine({ ...fill, filled_price: 1.09998, slippage: -0.00002, slippage_pips: -0.2, slippage_cost: -0.02 }, 'EUR', 5)).toBe(
      'Requested 1.10000 · filled 1.09998 · slippage −0.2 pips (−€0.02) · spread 1.2 pips (€0.12) · 4 ms',
    );
    expect(receiptLine({ ...fill, filled_price: 1.1, slippage: 0, slippage_pips: 0, slippage_cost: 0 }, 'USD', 5)).toContain('slippage 0.0 pips ($0.00)');
    // A group's commission is a cost the receipt names, as paid.
    expect(receiptLine({ ...fill, commission: '-7.00' }, 'USD', 5)).toContain('spread 1.2 pips ($0.12) · commission $7.00 · 4 ms');
    expect(receiptLine({ ...fill, commission: '0.00' }, 'USD', 5)).not.toContain('commission');
    // A coin has no pips: its costs read in price.
    const coin = { requested_price: 60_000, filled_price: 60_005, slippage: 5, slippage_pips: null, slippage_cost: 0.05, spread: 20, spread_pips: null, spread_cost: 0.2, latency_ms: 2 };
    expect(receiptLine(coin, 'USD', 2)).toBe('Requested 60000.00 · filled 60005.00 · slippage +5.00 (+$0.05) · spread 20.00 ($0.20) · 2 ms');
  });
  it('a close has no requested price and no slippage', () => {
    const close = { requested_price: null, filled_price: 2, slippage: null, slippage_pips: null, slippage_cost: null, spread: 0.00005, spread_pips: 0.5, spread_cost: 0.05, latency_ms: 3 };
    expect(receiptLine(close, 'USD', 5)).toBe('Filled 2.00000 · spread 0.5 pips ($0.05) · 3 ms');
  });
  it('a resting order says when it fills', () => {
    expect(pendingPlacedTitle({ trade_type: 'buy', order_type: 'limit' })).toBe('Buy limit order placed');
    expect(pendingDescription({ trade_type: 'sell', lots: 0.02, volume: 2000, opening_price: 1.2 }, 5)).toBe('Sell 0.02 lots (2000 units) when the price reaches 1.20000');
  });
});
