import { describe, expect, it } from 'vitest';
import { fillCosts, pipSizeOf } from './fill-costs.ts';

describe('fillCosts', () => {
  it('counts slippage and spread in pips and in account currency', () => {
    // 10,000 units, filled 0.00003 worse than asked, 0.00012 spread, quote currency at 0.9 to the account's.
    const costs = fillCosts({ units: 10_000, slippage: 0.00003, spread: 0.00012, conversion: 0.9, pipSize: 0.0001 });
    expect(costs).toEqual({ slippagePips: 0.3, slippageCost: 0.27, spreadPips: 1.2, spreadCost: 1.08 });
  });

  it('shows a better fill as negative slippage, and no slippage as zero, never minus zero', () => {
    expect(fillCosts({ units: 1000, slippage: -0.0002, spread: 0, conversion: 1, pipSize: 0.0001 })).toMatchObject({ slippagePips: -2, slippageCost: -0.2, spreadPips: 0 });
    expect(Object.is(fillCosts({ units: 1000, slippage: -0.0000001, spread: null, conversion: 1, pipSize: 0.0001 }).slippagePips, 0)).toBe(true);
  });

  it('leaves out what was not recorded', () => {
    expect(fillCosts({ units: 1000, slippage: null, spread: 0.0001, conversion: null, pipSize: 0.0001 })).toEqual({ slippagePips: null, slippageCost: null, spreadPips: 1, spreadCost: null });
  });

  it('counts pips for currency pairs only, 0.01 for a yen pair, and money for every market', () => {
    expect(pipSizeOf({ category: 'forex', quoteCurrency: 'USD' })).toBe(0.0001);
    expect(pipSizeOf({ category: 'forex', quoteCurrency: 'JPY' })).toBe(0.01);
    expect(pipSizeOf({ category: 'cryptos', quoteCurrency: 'USD' })).toBeNull();
    expect(fillCosts({ units: 1000, slippage: 0.02, spread: 0.03, conversion: 0.0067, pipSize: 0.01 })).toEqual({ slippagePips: 2, slippageCost: 0.13, spreadPips: 3, spreadCost: 0.2 });
    // 0.01 BTC with a 20-dollar spread: no pips, 20 cents.
    expect(fillCosts({ units: 0.01, slippage: 5, spread: 20, conversion: 1, pipSize: null })).toEqual({ slippagePips: null, slippageCost: 0.05, spreadPips: null, spreadCost: 0.2 });
  });
});
