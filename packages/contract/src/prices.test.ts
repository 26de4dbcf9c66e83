import { describe, expect, it } from 'vitest';
import { fitsDigits, formatPrice, hasFractionalPip, pointOf, priceDigitsMessage, priceParts, roundPrice } from './prices.ts';

describe('prices in the instrument’s digits', () => {
  it('writes a five-digit currency pair with its fifth decimal, so bid and ask differ', () => {
    expect(formatPrice(1.08514, 5)).toBe('1.08514');
    expect(formatPrice(1.0851, 5)).toBe('1.08510');
    const [bid, ask] = [1.0851 * (1 - 0.00004), 1.0851 * (1 + 0.00004)].map((p) => formatPrice(p, 5));
    expect(bid).toBe('1.08506');
    expect(ask).toBe('1.08514');
  });
  it('writes a yen pair with 3 decimals', () => expect(formatPrice(151.2345, 3)).toBe('151.235'));
  it('writes a coin, a stock and an index with 2', () => {
    expect(formatPrice(65_193.20287, 2)).toBe('65193.20');
    expect(formatPrice(189.5, 2)).toBe('189.50');
    expect(formatPrice(18_342.456, 2)).toBe('18342.46');
  });
  it('writes a coin under a cent with 8 and a missing price as a dash', () => {
    expect(formatPrice(0.0000123456, 8)).toBe('0.00001235');
    expect(formatPrice(null, 5)).toBe('—');
    expect(formatPrice(Number.NaN, 5)).toBe('—');
  });
  it('prints the fractional pip of currency pairs only', () => {
    expect(priceParts(1.08514, { digits: 5, type: 'forex' })).toEqual({ text: '1.08514', main: '1.0851', pipette: '4' });
    expect(priceParts(151.234, { digits: 3, type: 'forex' })).toEqual({ text: '151.234', main: '151.23', pipette: '4' });
    expect(priceParts(65_193.2, { digits: 2, type: 'crypto' })).toEqual({ text: '65193.20', main: '65193.20', pipette: '' });
    expect(priceParts(0.15234, { digits: 5, type: 'crypto' }).pipette).toBe('');
    expect(hasFractionalPip({ digits: 2, type: 'forex' })).toBe(false);
    expect(priceParts(null, { digits: 5, type: 'forex' })).toEqual({ text: '—', main: '—', pipette: '' });
  });
  it('steps by one point and rounds to the grid', () => {
    expect(pointOf(5)).toBe(0.00001);
    expect(pointOf(3)).toBe(0.001);
    expect(pointOf(2)).toBe(0.01);
    expect(roundPrice(1.0851 + 0.00001, 5)).toBe(1.08511);
    expect(roundPrice(65_193.20287, 2)).toBe(65_193.2);
  });
  it('tells a price on the grid from one with more decimals', () => {
    expect(fitsDigits(1.08514, 5)).toBe(true);
    expect(fitsDigits(1.0851 + 0.00001, 5)).toBe(true);
    expect(fitsDigits(1.085142, 5)).toBe(false);
    expect(fitsDigits(151.234, 3)).toBe(true);
    expect(fitsDigits(151.2345, 3)).toBe(false);
    expect(fitsDigits(65_193.2, 2)).toBe(true);
    expect(fitsDigits(65_193.205, 2)).toBe(false);
    expect(fitsDigits(999_999_999.99, 2)).toBe(true);
  });
  it('says how many decimals a refused price may have', () => {
    expect(priceDigitsMessage('EUR/USD', 5)).toBe('EUR/USD prices have 5 decimals: please enter a price with no more than that.');
  });
});
