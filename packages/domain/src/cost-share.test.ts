import { describe, expect, it } from 'vitest';
import { costShare } from './cost-share.ts';

describe('costShare', () => {
  it('gives a cost as a percentage of its notional, rounded half-up to four places', () => {
    // 20.00 of spread on one lot of EUR/USD bought at 1.1001: 20 / 110,010 × 100 = 0.018180…
    expect(costShare('20.00', '110010')).toBe('0.0182');
    expect(costShare(7, 110_010)).toBe('0.0064');
    expect(costShare('0.5', '1000')).toBe('0.0500');
    expect(costShare('1', '160000')).toBe('0.0006');
    // 0.00005 % rounds up, away from zero.
    expect(costShare('0.5', '1000000')).toBe('0.0001');
  });

  it('keeps the sign of a credit and has no share without a notional', () => {
    expect(costShare('-2.90', '109990')).toBe('-0.0026');
    expect(costShare('12.00', 0)).toBeNull();
    expect(costShare('0', '0.00')).toBeNull();
  });
});
