import { describe, expect, it } from 'vitest';
import { convertAmount, type DisplayCurrency } from './currency-store';

const USD: DisplayCurrency = { code: 'USD', symbol: '$', rate: 1 };
const EUR: DisplayCurrency = { code: 'EUR', symbol: '€', rate: 0.8 };
const GBP: DisplayCurrency = { code: 'GBP', symbol: '£', rate: 0.5 };

describe('convertAmount', () => {
  it('converts through the USD rates', () => {
    expect(convertAmount(100, 'USD', EUR, [USD, EUR])).toBeCloseTo(80);
    expect(convertAmount(80, 'EUR', USD, [USD, EUR])).toBeCloseTo(100);
    expect(convertAmount(80, 'EUR', GBP, [USD, EUR, GBP])).toBeCloseTo(50);
  });

  it('leaves an amount in the display currency as it is, known rates or not', () => {
    expect(convertAmount(42.5, 'EUR', EUR, [])).toBe(42.5);
  });

  it('has no answer while the rate of the amount’s currency is unknown, instead of taking it as one dollar', () => {
    // Before site data loads only USD is offered: a EUR balance must not show as the same number of dollars.
    expect(convertAmount(1000, 'EUR', USD, [USD])).toBeNull();
    expect(convertAmount(1000, 'CHF', EUR, [USD, EUR])).toBeNull();
  });
});
