import { describe, expect, it } from 'vitest';
import { tradingMessages as msg } from '@bourse/contract';
import { buildOrderPayload, entryPriceOf, orderKindFor, orderProblem, type OrderInput } from './order-payload';

const quote = { bid: 1.1, ask: 1.1002 };
const base: OrderInput = {
  side: 'buy',
  asset: { asset_id: 7, symbol: 'EURUSD', name: 'Euro / US Dollar', contract_size: 100_000, digits: 5 },
  quote,
  lots: 0.01,
  leverage: 100,
  conversion: 1,
  pendingPrice: null,
  targets: null,
  accountId: 12,
};

describe('order kind from the typed price', () => {
  it('"Current" is a market order', () => expect(orderKindFor('buy', null, quote, 5)).toBe('market'));
  it('a buy below the ask is a limit, above it a stop', () => {
    expect(orderKindFor('buy', 1.09, quote, 5)).toBe('limit');
    expect(orderKindFor('buy', 1.11, quote, 5)).toBe('stop');
  });
  it('a sell above the bid is a limit, below it a stop', () => {
    expect(orderKindFor('sell', 1.11, quote, 5)).toBe('limit');
    expect(orderKindFor('sell', 1.09, quote, 5)).toBe('stop');
  });
  it('the current fill price itself is a market order', () => {
    expect(orderKindFor('buy', 1.1002, quote, 5)).toBe('market');
    expect(orderKindFor('sell', 1.1, quote, 5)).toBe('market');
  });
  it('compares with the fill price in the instrument’s digits', () => {
    const coin = { bid: 65_193.20287, ask: 65_245.35743 };
    expect(orderKindFor('buy', 65_245.36, coin, 2)).toBe('market');
    expect(orderKindFor('buy', 65_245.35, coin, 2)).toBe('limit');
  });
});

describe('order payload (SPEC §7)', () => {
  it('a market buy fills at the ask, with 0 for unset levels and the form hints', () => {
    expect(buildOrderPayload(base)).toEqual({
      type: 'buy',
      id: 7,
      volume: 0.01,
      qty: 1000,
      amount: 1100.2,
      margin: 11,
      leverage: 100,
      opening_price: 1.1002,
      take_profit: 0,
      stop_loss: 0,
      asset_symbol: 'EURUSD',
      asset_name: 'Euro / US Dollar',
      order_type: 'market',
      account_id: 12,
    });
  });
  it('a market sell fills at the bid', () => expect(buildOrderPayload({ ...base, side: 'sell' }).opening_price).toBe(1.1));
  it('sends the TP/SL levels', () => {
    const body = buildOrderPayload({ ...base, targets: { takeProfit: 1.102, stopLoss: 1.098 } });
    expect([body.take_profit, body.stop_loss]).toEqual([1.102, 1.098]);
    expect(buildOrderPayload({ ...base, targets: { takeProfit: 1.102, stopLoss: null } }).stop_loss).toBe(0);
  });
  it('a typed price places a pending order at that price', () => {
    const limit = buildOrderPayload({ ...base, pendingPrice: 1.09 });
    expect([limit.order_type, limit.price, limit.opening_price]).toEqual(['limit', 1.09, 1.09]);
    const stop = buildOrderPayload({ ...base, side: 'sell', pendingPrice: 1.09 });
    expect([stop.order_type, stop.price]).toEqual(['stop', 1.09]);
    expect(buildOrderPayload(base).price).toBeUndefined();
  });
  it('converts amount and margin into the account currency', () => {
    const usdjpy = { ...base, asset: { ...base.asset, contract_size: 100_000, digits: 5 }, quote: { bid: 150, ask: 150 }, conversion: 1 / 150 };
    const body = buildOrderPayload(usdjpy);
    expect([body.amount, body.margin]).toEqual([1000, 10]);
  });
  it('names no account when none is selected', () => expect('account_id' in buildOrderPayload({ ...base, accountId: null })).toBe(false));
});

describe('checks before sending', () => {
  it('validates levels against the entry with the SPEC side messages', () => {
    expect(orderProblem({ ...base, targets: { takeProfit: 1.09, stopLoss: null } })).toBe(msg.takeProfitBuy);
    expect(orderProblem({ ...base, side: 'sell', targets: { takeProfit: null, stopLoss: 1.09 } })).toBe(msg.stopLossSell);
    expect(orderProblem({ ...base, targets: { takeProfit: 1.2, stopLoss: 1 } })).toBeNull();
  });
  it('checks a pending order against its own price', () => {
    expect(entryPriceOf({ ...base, pendingPrice: 1.05 })).toBe(1.05);
    expect(orderProblem({ ...base, pendingPrice: 1.05, targets: { takeProfit: 1.07, stopLoss: 1.04 } })).toBeNull();
    expect(orderProblem({ ...base, pendingPrice: 1.05, targets: { takeProfit: 1.07, stopLoss: 1.06 } })).toBe(msg.stopLossBuy);
  });
  it('a pending price must be positive', () => expect(orderProblem({ ...base, pendingPrice: 0 })).toBe(msg.pendingPriceRequired));
});
