import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRADING_LEVERAGE, resolveLeverage } from './leverage.ts';

const lev = fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null });

describe('leverage precedence', () => {
  it('takes the category setting, then the asset, then the plan, else 20 (SPEC §9)', () => {
    expect(resolveLeverage({})).toBe(DEFAULT_TRADING_LEVERAGE);
    expect(resolveLeverage({ plan: 200 })).toBe(200);
    expect(resolveLeverage({ asset: 50, plan: 200 })).toBe(50);
    expect(resolveLeverage({ category: 30, asset: 50, plan: 200 })).toBe(30);
    expect(resolveLeverage({ category: 0, asset: 50 })).toBe(50);
  });

  it('caps by the instrument and plan maxima and lets the client only lower it', () => {
    expect(resolveLeverage({ category: 100, instrumentMax: 30, planMax: 400 })).toBe(30);
    expect(resolveLeverage({ category: 100, instrumentMax: 500, planMax: 50 })).toBe(50);
    expect(resolveLeverage({ category: 100, requested: 10 })).toBe(10);
    expect(resolveLeverage({ category: 100, requested: 1000 })).toBe(100);
  });

  it('never exceeds a cap and is a whole number of at least 1', () => {
    fc.assert(
      fc.property(lev, lev, lev, lev, lev, lev, (category, asset, plan, instrumentMax, planMax, requested) => {
        const result = resolveLeverage({ category, asset, plan, instrumentMax, planMax, requested });
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(1);
        for (const cap of [instrumentMax, planMax, requested]) if (cap !== null) expect(result).toBeLessThanOrEqual(cap);
      }),
    );
  });
});
