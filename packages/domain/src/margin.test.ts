import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { margin, marginDecimal } from './margin.ts';

const lots = fc.integer({ min: 1, max: 5000 }).map((h) => h / 100);
const rate = fc.double({ min: 0.0001, max: 100_000, noNaN: true });
const leverage = fc.integer({ min: 1, max: 1000 });
const conversion = fc.double({ min: 0.001, max: 1000, noNaN: true });

describe('margin', () => {
  it('is lots × contract size × rate / leverage (SPEC §9)', () => {
    expect(margin({ lots: 1, rate: 1.1, leverage: 100 })).toBeCloseTo(1100, 9);
    expect(marginDecimal({ lots: 0.01, contractSize: 1, rate: 65_000, leverage: 20 }).toFixed(2)).toBe('32.50');
    expect(marginDecimal({ lots: 0.1, rate: 150.25, leverage: 100, conversion: 1 / 150.25 }).toFixed(2)).toBe('100.00');
  });

  it('grows linearly with lots and shrinks with leverage', () => {
    fc.assert(
      fc.property(lots, rate, leverage, (l, r, lev) => {
        const one = margin({ lots: l, rate: r, leverage: lev });
        expect(margin({ lots: l * 2, rate: r, leverage: lev })).toBeCloseTo(one * 2, 6);
        expect(margin({ lots: l, rate: r, leverage: lev * 2 })).toBeCloseTo(one / 2, 6);
        expect(one).toBeGreaterThan(0);
      }),
    );
  });

  it('agrees with its decimal variant to the cent, conversion included', () => {
    fc.assert(
      fc.property(lots, rate, leverage, conversion, (l, r, lev, c) => {
        const input = { lots: l, contractSize: 1000, rate: r, leverage: lev, conversion: c };
        const exact = marginDecimal(input).toNumber();
        expect(Math.abs(exact - margin(input))).toBeLessThanOrEqual(0.005 + Math.abs(exact) * 1e-12);
      }),
    );
  });
});
