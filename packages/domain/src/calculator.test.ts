import { describe, expect, it } from 'vitest';
import { defaultTargets, maxPosition, pipValue, returnOnEquity } from './calculator.ts';

describe('profit calculator', () => {
  it('puts default targets 0.1% from the entry on the right sides', () => {
    const buy = defaultTargets('buy', 100);
    expect(buy.takeProfit).toBeCloseTo(100.1, 10);
    expect(buy.stopLoss).toBeCloseTo(99.9, 10);
    const sell = defaultTargets('sell', 100);
    expect(sell.takeProfit).toBeCloseTo(99.9, 10);
    expect(sell.stopLoss).toBeCloseTo(100.1, 10);
  });

  it('applies the SPEC §9 constants', () => {
    expect(maxPosition(20)).toBe(20_000);
    expect(pipValue(10_000)).toBeCloseTo(1, 12);
    expect(returnOnEquity('buy', 100, 101, 20)).toBeCloseTo(20, 10);
    expect(returnOnEquity('sell', 100, 101, 20)).toBeCloseTo(-20, 10);
  });
});
