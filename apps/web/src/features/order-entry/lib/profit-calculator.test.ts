import { describe, expect, it } from 'vitest';
import { profitCalculatorSchema, tradingMessages as msg } from '@bourse/contract';
import { calculate, calculatorDefaults } from './profit-calculator';

describe('profit calculator (SPEC §9)', () => {
  it('profit, loss, pip value and ROE of a buy', () => {
    const r = calculate('buy', { volume: 100_000, entryPrice: 1.1, takeProfit: 1.1011, stopLoss: 1.0989 }, 100);
    expect(r.profit).toBeCloseTo(110, 6);
    expect(r.loss).toBeCloseTo(-110, 6);
    expect(r.pipValue).toBe(10);
    expect(r.roeProfit).toBeCloseTo(10, 6);
    expect(r.roeLoss).toBeCloseTo(-10, 6);
    expect(r.margin).toBeCloseTo(1100, 6);
  });
  it('a sell gains when the price falls', () => {
    const r = calculate('sell', { volume: 1000, entryPrice: 100, takeProfit: 99, stopLoss: 101 }, 10);
    expect(r.profit).toBeCloseTo(1000, 6);
    expect(r.loss).toBeCloseTo(-1000, 6);
    expect(r.roeProfit).toBeCloseTo(10, 6);
  });
  it('max position is leverage × 1000', () => {
    expect(calculate('buy', { volume: 20_000, entryPrice: 1, takeProfit: 0, stopLoss: 0 }, 20)).toMatchObject({ maxPosition: 20_000, exceedsMax: false });
    expect(calculate('buy', { volume: 20_001, entryPrice: 1, takeProfit: 0, stopLoss: 0 }, 20).exceedsMax).toBe(true);
  });
  it('a level of 0 is left out', () => {
    const r = calculate('buy', { volume: 1000, entryPrice: 1, takeProfit: 0, stopLoss: 0 }, 20);
    expect([r.profit, r.loss, r.roeProfit, r.roeLoss]).toEqual([null, null, null, null]);
  });
  it('starts from 0.1 % targets', () => {
    expect(calculatorDefaults('buy', 1000, 100, 2)).toEqual({ volume: 1000, entryPrice: 100, takeProfit: 100.1, stopLoss: 99.9 });
    expect(calculatorDefaults('sell', 1000, 100, 2)).toEqual({ volume: 1000, entryPrice: 100, takeProfit: 99.9, stopLoss: 100.1 });
    // In the instrument's digits: 5 for a currency pair, 2 for a coin.
    expect(calculatorDefaults('buy', 1000, 1.085143, 5)).toEqual({ volume: 1000, entryPrice: 1.08514, takeProfit: 1.08623, stopLoss: 1.08406 });
    expect(calculatorDefaults('buy', 1, 65_193.20287, 2).entryPrice).toBe(65_193.2);
  });
});

describe('calculator form messages (SPEC §5)', () => {
  const issues = (values: Record<string, number>) => profitCalculatorSchema.safeParse(values).error?.issues.map((i) => i.message) ?? [];
  it('volume and entry price must be positive', () => {
    expect(issues({ volume: 0, entryPrice: 1, takeProfit: 0, stopLoss: 0 })).toEqual([msg.volumePositive]);
    expect(issues({ volume: 1, entryPrice: -1, takeProfit: 0, stopLoss: 0 })).toEqual([msg.entryPricePositive]);
  });
  it('levels must not be negative', () => {
    expect(issues({ volume: 1, entryPrice: 1, takeProfit: -1, stopLoss: -1 })).toEqual([msg.takeProfitNonNegative, msg.stopLossNonNegative]);
  });
  it('an empty field (NaN) gets the field message', () => {
    expect(issues({ volume: Number.NaN, entryPrice: 1, takeProfit: 0, stopLoss: 0 })).toEqual([msg.volumePositive]);
  });
});
