import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strategyKeys, strategyParamsSchemas } from '@bourse/contract';
import { strategies } from './registry.ts';
import type { Bar, RobotPosition } from './types.ts';

describe('strategy registry and contract', () => {
  it('lists the same strategies as the contract', () => {
    expect(Object.keys(strategies).sort()).toEqual([...strategyKeys].sort());
  });

  it.each([{}, { takeProfitPct: 1, stopLossPct: 1 }])('every strategy gives well-formed intents on any candles (%o)', (given) => {
    const closes = fc.array(fc.double({ min: 10, max: 1000, noNaN: true }), { minLength: 1, maxLength: 300 });
    for (const key of strategyKeys) {
      const params = strategyParamsSchemas[key].parse(given);
      const strategy = strategies[key];
      fc.assert(
        fc.property(closes, (cs) => {
          let state = strategy.init(params);
          let positions: RobotPosition[] = [];
          cs.forEach((close, i) => {
            const bar: Bar = { time: i * 60, open: close, high: close * 1.001, low: close * 0.999, close, volume: 1 };
            const step = strategy.onBar(state, { bar, positions }, params);
            // State survives a JSON round trip, as live robots persist it between bars.
            state = JSON.parse(JSON.stringify(step.state));
            for (const it of step.intents) {
              if (it.kind === 'close') {
                expect(positions.some((p) => p.id === it.positionId)).toBe(true);
                positions = positions.filter((p) => p.id !== it.positionId);
                continue;
              }
              expect(it.lots).toBe(params.lots);
              const dir = it.side === 'buy' ? 1 : -1;
              if (it.takeProfit !== undefined) expect(dir * (it.takeProfit - close)).toBeGreaterThan(0);
              if (it.stopLoss !== undefined) expect(dir * (close - it.stopLoss)).toBeGreaterThan(0);
              positions.push({ id: `${i}-${positions.length}`, side: it.side, lots: it.lots, openPrice: close, openTime: bar.time });
            }
          });
        }),
        { numRuns: 50 },
      );
    }
  });
});
