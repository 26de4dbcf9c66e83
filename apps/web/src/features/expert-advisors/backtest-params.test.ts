import { describe, expect, it } from 'vitest';
import { strategyKeys } from '@bourse/contract';
import { backtestFormSchema, defaultParams, paramFields } from './backtest-params';

describe('backtest form from the strategy schemas', () => {
  it('generates labelled fields with the schema bounds', () => {
    expect(paramFields('ma_crossover')).toEqual([
      { name: 'lots', label: 'Lots per order', kind: 'number', min: 0.01, max: 50, step: 0.01 },
      { name: 'fast', label: 'Fast MA period', kind: 'number', min: 2, max: 500, step: 1 },
      { name: 'slow', label: 'Slow MA period', kind: 'number', min: 2, max: 500, step: 1 },
      { name: 'maType', label: 'Average type', kind: 'choice', options: ['sma', 'ema'] },
      { name: 'takeProfitPct', label: 'Take profit, % from entry (0 = none)', kind: 'number', min: 0, max: 50, step: 0.01 },
      { name: 'stopLossPct', label: 'Stop loss, % from entry (0 = none)', kind: 'number', min: 0, max: 50, step: 0.01 },
    ]);
    for (const key of strategyKeys) expect(paramFields(key)[0]).toMatchObject({ name: 'lots', kind: 'number' });
  });

  it("overlays an advisor's parameters on the defaults and ignores invalid ones", () => {
    expect(defaultParams('grid', { stepPct: 0.5 })).toEqual({ lots: 0.1, stepPct: 0.5, maxLevels: 5, stopLossPct: 0 });
    expect(defaultParams('grid', { stepPct: -1 })).toEqual({ lots: 0.1, stepPct: 0.2, maxLevels: 5, stopLossPct: 0 });
  });

  it('checks the range and the parameters together', () => {
    const schema = backtestFormSchema('rsi_reversion');
    const base = { asset_id: 1, timeframe: '1h', from: '2026-01-01', to: '2026-02-01', initial_balance: 10_000, params: {} };
    expect(schema.safeParse(base).success).toBe(true);
    const late = schema.safeParse({ ...base, from: '2026-03-01' });
    expect(late.error?.issues.map((i) => i.path.join('.'))).toEqual(['to']);
    const long = schema.safeParse({ ...base, from: '2024-01-01' });
    expect(long.error?.issues[0]?.message).toBe('A backtest covers at most 366 days.');
    const bad = schema.safeParse({ ...base, params: { oversold: 60 } });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['params.oversold']);
  });
});
