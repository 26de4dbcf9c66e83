import { fitsDigits } from '@bourse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMarkup, type CustomerQuote } from './markup.ts';

describe('markup', () => {
  it('widens each side by points of the instrument', () => {
    expect(applyMarkup(1.08512, 1.08515, 5, { kind: 'points', value: 5 })).toEqual({ bid: 1.08507, ask: 1.0852, mid: 1.085135 });
    expect(applyMarkup(15000.3, 15001.7, 0, { kind: 'points', value: 5 })).toEqual({ bid: 14995, ask: 15007, mid: 15001 });
    expect(applyMarkup(151.234, 151.25, 3, { kind: 'points', value: 20 })).toEqual({ bid: 151.214, ask: 151.27, mid: 151.242 });
  });

  it('widens each side by a percentage of the raw mid, rounded outward to the digits', () => {
    // 0.1% of 70,005 is 70.005: the bid goes down to the cent below, the ask up to the cent above.
    expect(applyMarkup(70_000, 70_010, 2, { kind: 'percent', value: 0.1 })).toEqual({ bid: 69_929.99, ask: 70_080.01, mid: 70_005 });
    expect(applyMarkup(100, 100.02, 2, { kind: 'percent', value: 0.05 })).toEqual({ bid: 99.94, ask: 100.08, mid: 100.01 });
  });

  it('rounds a raw quote finer than the digits outward', () => {
    expect(applyMarkup(1.085123, 1.085147, 5, { kind: 'points', value: 2 })).toEqual({ bid: 1.0851, ask: 1.08517, mid: 1.085135 });
  });

  it('keeps prices already on the grid where they are despite float noise', () => {
    // 1.08001 − 0.00001 is 1.0799999999999998 and 1.08 + 0.00007 is 1.0800700000000001 in binary.
    expect(applyMarkup(1.08001, 1.08003, 5, { kind: 'points', value: 1 })).toMatchObject({ bid: 1.08, ask: 1.08004 });
    expect(applyMarkup(1.08, 1.08, 5, { kind: 'points', value: 7 })).toMatchObject({ bid: 1.07993, ask: 1.08007 });
  });

  it('leaves the raw quote as it is without a markup', () => {
    for (const markup of [null, undefined, { kind: 'points' as const, value: 0 }, { kind: 'percent' as const, value: Number.NaN }]) {
      const quote = applyMarkup(1.085123, 1.085147, 5, markup);
      expect([quote.bid, quote.ask]).toEqual([1.085123, 1.085147]);
      expect(quote.mid).toBeCloseTo(1.085135, 12);
    }
  });

  it('writes into the object it is given', () => {
    const out: CustomerQuote = { bid: 0, ask: 0, mid: 0 };
    expect(applyMarkup(1.1, 1.1001, 4, { kind: 'points', value: 1 }, out)).toBe(out);
    expect(out).toEqual({ bid: 1.0999, ask: 1.1002, mid: 1.10005 });
  });

  it('never gives less than the configured markup, and less than a point more', () => {
    const case_ = fc.record({
      digits: fc.integer({ min: 0, max: 8 }),
      bid: fc.double({ min: 0.01, max: 100_000, noNaN: true }),
      spread: fc.double({ min: 0, max: 0.01, noNaN: true }),
      markup: fc.oneof(
        fc.record({ kind: fc.constant('points' as const), value: fc.integer({ min: 1, max: 500 }) }),
        fc.record({ kind: fc.constant('percent' as const), value: fc.double({ min: 0.001, max: 5, noNaN: true }) }),
      ),
    });
    fc.assert(
      fc.property(case_, ({ digits, bid, spread, markup }) => {
        const ask = bid * (1 + spread);
        const point = 10 ** -digits;
        const margin = markup.kind === 'points' ? markup.value * point : (markup.value / 100) * ((bid + ask) / 2);
        const quote = applyMarkup(bid, ask, digits, markup);
        // Tolerances far below a point: only float noise, never a point.
        const slack = Math.max(bid, 1) * 1e-12;
        expect(quote.bid).toBeLessThanOrEqual(bid - margin + slack);
        expect(quote.bid).toBeGreaterThan(bid - margin - point - slack);
        expect(quote.ask).toBeGreaterThanOrEqual(ask + margin - slack);
        expect(quote.ask).toBeLessThan(ask + margin + point + slack);
        expect(fitsDigits(quote.bid, digits) && fitsDigits(quote.ask, digits)).toBe(true);
        expect(Math.abs(quote.mid - (quote.bid + quote.ask) / 2)).toBeLessThanOrEqual(slack);
      }),
    );
  });
});
