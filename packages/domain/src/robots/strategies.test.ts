import { describe, expect, it } from 'vitest';
import { donchianBreakout } from './donchian-breakout.ts';
import { grid } from './grid.ts';
import { maCrossover } from './ma-crossover.ts';
import { strategies, strategyFor } from './registry.ts';
import { rsiReversion } from './rsi-reversion.ts';
import { barsFrom, replay, summary } from './test-bars.ts';

describe('ma_crossover', () => {
  const params = { lots: 0.1, fast: 2, slow: 3, maType: 'sma' as const };
  it('opens on a cross and reverses on the opposite cross', () => {
    const bars = barsFrom([10, 10, 9, 8, 7, 9, 11, 12, 10, 8, 6]);
    expect(summary(replay(maCrossover, params, bars))).toEqual(['6:open buy', '9:close 1', '9:open sell']);
  });
  it('places take-profit and stop-loss from the close', () => {
    const bars = barsFrom([10, 10, 9, 8, 7, 10]);
    const intents = replay(maCrossover, { ...params, takeProfitPct: 10, stopLossPct: 5 }, bars)[5];
    expect(intents[0]).toMatchObject({ kind: 'open', side: 'buy', lots: 0.1 });
    if (intents[0].kind !== 'open') throw new Error('expected open');
    expect(intents[0].takeProfit).toBeCloseTo(11, 10);
    expect(intents[0].stopLoss).toBeCloseTo(9.5, 10);
  });
});

describe('rsi_reversion', () => {
  const params = { lots: 1, period: 3, oversold: 30, overbought: 70 };
  it('buys oversold, exits at the midline, then sells overbought', () => {
    const bars = barsFrom([10, 9, 8, 7, 8, 9, 10, 11, 12, 11, 10, 9]);
    expect(summary(replay(rsiReversion, params, bars))).toEqual(['3:open buy', '5:close 1', '6:open sell', '10:close 2', '11:open buy']);
  });
  it('opens nothing while RSI sits between the thresholds', () => {
    const bars = barsFrom([10, 11, 10, 11, 10, 11, 10, 11]);
    expect(summary(replay(rsiReversion, params, bars))).toEqual([]);
  });
});

describe('donchian_breakout', () => {
  const params = { lots: 1, entryPeriod: 3, exitPeriod: 2 };
  it('buys a break of the entry high and exits below the exit low', () => {
    const bars = barsFrom([10, 10, 10, 12, 13, 12.5, 11.5]);
    expect(summary(replay(donchianBreakout, params, bars))).toEqual(['3:open buy', '6:close 1']);
  });
  it('reverses on a break of the entry low', () => {
    const bars = barsFrom([10, 11, 10, 12, 9, 6]);
    expect(summary(replay(donchianBreakout, params, bars))).toEqual(['3:open buy', '4:close 1', '4:open sell']);
  });
});

describe('grid', () => {
  const params = { lots: 0.5, stepPct: 1, maxLevels: 3 };
  it('buys each level below the anchor with take-profit one step up', () => {
    const intents = replay(grid, params, barsFrom([100, 99.5, 98.9, 97.5, 97.4]));
    expect(summary(intents)).toEqual(['2:open buy', '3:open buy']);
    const first = intents[2][0];
    if (first.kind !== 'open') throw new Error('expected open');
    expect(first.takeProfit).toBeCloseTo(100, 10);
  });
  it('sells above the anchor and respects the level cap', () => {
    const intents = replay(grid, params, barsFrom([100, 105]));
    expect(summary(intents)).toEqual(['1:open sell', '1:open sell', '1:open sell']);
    const last = intents[1][2];
    if (last.kind !== 'open') throw new Error('expected open');
    expect(last.takeProfit).toBeCloseTo(102, 10);
  });
  it('does not open twice on an occupied level', () => {
    expect(summary(replay(grid, params, barsFrom([100, 98.9, 99.2, 98.9])))).toEqual(['1:open buy']);
  });
});

describe('registry', () => {
  it('finds every strategy by its key and keeps state serialisable', () => {
    for (const [key, s] of Object.entries(strategies)) {
      expect(strategyFor(s.key)).toBe(s);
      expect(s.key).toBe(key);
    }
    const s = maCrossover.init({ lots: 1, fast: 2, slow: 3, maType: 'sma' });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});
