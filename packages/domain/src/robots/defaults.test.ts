import { describe, expect, it } from 'vitest';
import { parseAdvisorParams, parseStrategyParams, strategyKeys } from '@bourse/contract';
import { advisorParams, strategyDefaults } from './defaults.ts';

describe('strategy defaults', () => {
  it('are what the contract fills in, for every strategy', () => {
    for (const key of strategyKeys) expect(parseStrategyParams(key, {}).data, key).toEqual(strategyDefaults[key]);
  });

  it("put the advisor's advertised values over the strategy's, and the customer's over both", () => {
    const advertised = { fast: 12, slow: 26, stopLossPct: 1 };
    expect(advisorParams('ma_crossover', advertised)).toEqual({ lots: 0.1, fast: 12, slow: 26, maType: 'ema', takeProfitPct: 0, stopLossPct: 1 });
    expect(advisorParams('ma_crossover', advertised, { lots: 0.3, stopLossPct: 2 })).toMatchObject({ lots: 0.3, fast: 12, stopLossPct: 2 });
    expect(parseAdvisorParams('rsi_reversion', { stopLossPct: 0.8 }).data).toMatchObject({ period: 14, stopLossPct: 0.8 });
    expect(parseAdvisorParams('ma_crossover', advertised, { fast: 30 }).success).toBe(false);
  });
});
