import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commissionCharge, commissionPerSide, commissionShare } from './commission.ts';

describe('commissionPerSide', () => {
  it('charges per lot, never below the minimum', () => {
    expect(commissionPerSide({ mode: 'per_lot', rate: 3.5, min: 0.5 }, { lots: 2, notional: 0 }).toFixed(2)).toBe('7.00');
    expect(commissionPerSide({ mode: 'per_lot', rate: 3.5, min: 0.5 }, { lots: 0.01, notional: 0 }).toFixed(2)).toBe('0.50');
  });

  it('charges per million of notional', () => {
    // 1 lot of EURUSD at 1.1 is 110,000 USD: 30 per million is 3.30.
    expect(commissionPerSide({ mode: 'per_million', rate: 30, min: 0 }, { lots: 1, notional: 110_000 }).toFixed(2)).toBe('3.30');
  });

  it('charges nothing without terms', () => {
    expect(commissionPerSide({ mode: 'none', rate: 9, min: 9 }, { lots: 5, notional: 1e6 }).isZero()).toBe(true);
  });

  it('is a charge in the account currency', () => {
    expect(commissionCharge(commissionPerSide({ mode: 'per_lot', rate: 3.5, min: 0 }, { lots: 1, notional: 0 }), 0.9).toFixed(2)).toBe('-3.15');
  });

  it('shares a close commission so the slices add up to the whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1000 }), fc.integer({ min: 1, max: 100_000 }), (hundredths, cents) => {
        const total = (hundredths / 100).toFixed(2);
        const commission = (cents / 100).toFixed(2);
        const first = Math.floor(hundredths / 2) / 100;
        const a = commissionShare(commission, first, total);
        const rest = commission === '0.00' ? 0 : Number(commission) - a.toNumber();
        // What the remaining lots will charge is whatever the first slice did not: nothing lost or doubled.
        expect(a.plus(rest).toFixed(2)).toBe(commission);
        expect(a.lessThanOrEqualTo(commission)).toBe(true);
      }),
    );
  });
});
