import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closingPrice, fillPrice, pnl, pnlDecimal, type Side } from './pnl.ts';

const side = fc.constantFrom<Side>('buy', 'sell');
const units = fc.integer({ min: 1, max: 5000 }).map((h) => h * 1000);
const price = fc.double({ min: 0.01, max: 100_000, noNaN: true });
const conversion = fc.double({ min: 0.001, max: 1000, noNaN: true });

describe('profit and loss', () => {
  it('is units × price difference, sign flipped for a sell (SPEC §9)', () => {
    expect(pnlDecimal({ side: 'buy', units: 1000, openPrice: 1.1, closePrice: 1.1025 }).toFixed(2)).toBe('2.50');
    expect(pnlDecimal({ side: 'sell', units: 1000, openPrice: 1.1, closePrice: 1.1025 }).toFixed(2)).toBe('-2.50');
    // 1,000 USD/JPY units up 1 yen = 1,000 JPY, worth 1000/151 USD.
    expect(pnlDecimal({ side: 'buy', units: 1000, openPrice: 150, closePrice: 151, conversion: 1 / 151 }).toFixed(2)).toBe('6.62');
  });

  it('is zero at the open price and mirrors between buy and sell', () => {
    fc.assert(
      fc.property(units, price, price, conversion, (u, open, close, c) => {
        expect(pnlDecimal({ side: 'buy', units: u, openPrice: open, closePrice: open, conversion: c }).isZero()).toBe(true);
        const buy = pnlDecimal({ side: 'buy', units: u, openPrice: open, closePrice: close, conversion: c });
        const sell = pnlDecimal({ side: 'sell', units: u, openPrice: open, closePrice: close, conversion: c });
        expect(buy.plus(sell).abs().toNumber()).toBeLessThanOrEqual(0.01);
      }),
    );
  });

  it('converts into the account currency proportionally to the conversion rate', () => {
    fc.assert(
      fc.property(side, units, price, price, conversion, (s, u, open, close, c) => {
        const quote = pnl({ side: s, units: u, openPrice: open, closePrice: close });
        const converted = pnl({ side: s, units: u, openPrice: open, closePrice: close, conversion: c });
        expect(converted).toBeCloseTo(quote * c, 2);
        const exact = pnlDecimal({ side: s, units: u, openPrice: open, closePrice: close, conversion: c }).toNumber();
        // Half a cent of rounding, plus the float subtraction's error on prices of this size.
        const floatError = u * c * (Math.abs(open) + Math.abs(close)) * Number.EPSILON * 4;
        expect(Math.abs(exact - converted)).toBeLessThanOrEqual(0.005 + floatError);
      }),
    );
  });

  it('fills buys at the ask and closes them at the bid; sells the reverse', () => {
    const quote = { bid: 99, ask: 101 };
    expect([fillPrice('buy', quote), closingPrice('buy', quote)]).toEqual([101, 99]);
    expect([fillPrice('sell', quote), closingPrice('sell', quote)]).toEqual([99, 101]);
  });
});
