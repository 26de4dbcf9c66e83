import { describe, expect, it } from 'vitest';
import { assetFixture } from '@/testing/asset-fixture';
import { assetById, conversionPath, conversionRate, quoteOf } from './quotes';

const eurusd = assetFixture({ symbol_display: 'EUR/USD', rate: 1.1 });
const usdjpy = assetFixture({ symbol_display: 'USD/JPY', rate: 150, quote_currency: 'JPY' });
const assets = [eurusd, usdjpy];

describe('quotes', () => {
  it('bid and ask from the spreads', () => {
    const q = quoteOf(eurusd, 2);
    expect(q.bid).toBeCloseTo(2 * (1 - eurusd.sell_spread), 12);
    expect(q.ask).toBeCloseTo(2 * (1 + eurusd.buy_spread), 12);
    expect(quoteOf(eurusd, undefined).bid).toBeCloseTo(1.1 * (1 - eurusd.sell_spread), 12);
  });

  it('bid and ask as the source quoted them when the tick carries them', () => {
    expect(quoteOf(eurusd, { price: 1.10452, bid: 1.10448, ask: 1.10456 })).toEqual({ bid: 1.10448, ask: 1.10456 });
    expect(quoteOf(eurusd, { price: 2 }).ask).toBeCloseTo(2 * (1 + eurusd.buy_spread), 12);
  });
});

describe('currency conversion (as the server converts)', () => {
  it('is 1 between equal currencies', () => expect(conversionRate(conversionPath(assets, 'usd', 'USD'), undefined)).toBe(1));
  it('uses the direct pair', () => {
    const path = conversionPath(assets, 'EUR', 'USD');
    expect(path).toEqual({ asset: eurusd, invert: false });
    expect(conversionRate(path, 1.2)).toBe(1.2);
    expect(conversionRate(path, undefined)).toBe(1.1);
  });
  it('inverts the reverse pair', () => expect(conversionRate(conversionPath(assets, 'JPY', 'USD'), 160)).toBeCloseTo(1 / 160, 12));
  it('is unknown without a pair', () => expect(conversionRate(conversionPath(assets, 'CHF', 'USD'), 1)).toBeNull());
  it('indexes assets by id', () => {
    expect(assetById(assets, usdjpy.asset_id)).toBe(usdjpy);
    expect(assetById(assets, -1)).toBeUndefined();
  });
});
