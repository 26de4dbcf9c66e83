import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pnlDecimal } from '../pnl.ts';
import { runBacktest } from './backtester.ts';
import type { BacktestConfig } from './backtest-types.ts';
import { maCrossover } from './ma-crossover.ts';
import type { Bar, OrderIntent, RobotPosition, Strategy } from './types.ts';

type Script = (i: number, positions: readonly RobotPosition[]) => OrderIntent[];

/** A strategy that does what the script says on bar i. */
function scripted(script: Script): Strategy<unknown, unknown> {
  return {
    key: 'grid',
    init: () => 0,
    onBar: (state, { positions }) => ({ state: (state as number) + 1, intents: script(state as number, positions) }),
  };
}

const bar = (i: number, open: number, high: number, low: number, close: number): Bar => ({ time: i * 60, open, high, low, close, volume: 1 });

function config(script: Script, bars: Bar[], extra: Partial<BacktestConfig> = {}): BacktestConfig {
  return { strategy: scripted(script), params: {}, bars, buySpread: 0.001, sellSpread: 0.002, contractSize: 100, leverage: 10, initialBalance: 10_000, ...extra };
}

const closeAll = (positions: readonly RobotPosition[]): OrderIntent[] => positions.map((p) => ({ kind: 'close', positionId: p.id, reason: 'test' }));

describe('runBacktest', () => {
  it('fills at the next open with the spread and settles with the domain P&L', () => {
    const bars = [bar(0, 100, 100, 100, 100), bar(1, 101, 103, 100, 102), bar(2, 104, 105, 103, 104), bar(3, 110, 111, 109, 110)];
    const script: Script = (i, ps) => (i === 0 ? [{ kind: 'open', side: 'buy', lots: 1, reason: 'go' }] : i === 2 ? closeAll(ps) : []);
    const r = runBacktest(config(script, bars));
    expect(r.trades).toHaveLength(1);
    const t = r.trades[0];
    expect(t.openPrice).toBeCloseTo(101 * 1.001, 10);
    expect(t.closePrice).toBeCloseTo(110 * 0.998, 10);
    expect(t.pnl).toBe(Math.round(100 * (110 * 0.998 - 101 * 1.001) * 100) / 100);
    expect(r.finalEquity).toBeCloseTo(10_000 + t.pnl, 6);
    expect(r.tradeCount).toBe(1);
    expect(r.winRate).toBe(1);
  });

  it('takes profit and stops inside a bar, and fills a gapped stop-loss at the open', () => {
    const bars = [bar(0, 100, 100, 100, 100), bar(1, 100, 101, 99, 100), bar(2, 100, 106, 100, 105), bar(3, 90, 91, 89, 90)];
    const script: Script = (i) =>
      i === 0
        ? [
            { kind: 'open', side: 'buy', lots: 1, takeProfit: 104, reason: 'tp' },
            { kind: 'open', side: 'sell', lots: 1, stopLoss: 103, reason: 'sl' },
            { kind: 'open', side: 'buy', lots: 1, stopLoss: 95, reason: 'gap' },
          ]
        : [];
    const r = runBacktest(config(script, bars, { buySpread: 0, sellSpread: 0 }));
    const by = (reason: string) => r.trades.find((t) => t.reason === reason);
    expect(by('tp')).toMatchObject({ closeReason: 'tp', closePrice: 104, closeTime: 120, pnl: 400 });
    expect(by('sl')).toMatchObject({ closeReason: 'sl', closePrice: 103, closeTime: 120, pnl: -300 });
    // Bar 3 opens at 90, below the 95 stop: the stop fills at the open, as the live engine fills a gap at the tick.
    expect(by('gap')).toMatchObject({ closeReason: 'sl', closePrice: 90, closeTime: 180, pnl: -1000 });
  });

  it('refuses an open that does not fit the free margin', () => {
    const bars = [bar(0, 100, 100, 100, 100), bar(1, 100, 100, 100, 100)];
    // 50 lots × 100 × 100 / 10 = 50,000 margin against 10,000 equity.
    const r = runBacktest(config(() => [{ kind: 'open', side: 'buy', lots: 50, reason: 'big' }], bars));
    expect(r.refusedIntents).toBe(1);
    expect(r.tradeCount).toBe(0);
    expect(r.finalEquity).toBe(10_000);
  });

  it('stops the account out at the margin level on the bar extreme', () => {
    const bars = [bar(0, 100, 100, 100, 100), bar(1, 100, 100, 100, 100), bar(2, 100, 100, 60, 70), bar(3, 70, 70, 70, 70)];
    const script: Script = (i) => (i === 0 ? [{ kind: 'open', side: 'buy', lots: 9, reason: 'x' }] : []);
    // 99 units at 100 with leverage 1: margin 9,900. At the low of 60 equity is 10,000 − 3,960 = 6,040, level 61%.
    const terms = { buySpread: 0, sellSpread: 0, leverage: 1, contractSize: 11 };
    expect(runBacktest(config(script, bars, terms)).stoppedOut).toBe(false);
    const out = runBacktest(config(script, bars, { ...terms, stopOutLevel: 70 }));
    expect(out.stoppedOut).toBe(true);
    expect(out.trades[0]).toMatchObject({ closeReason: 'stop_out', closePrice: 60, pnl: -3960 });
  });

  it('reports drawdown, a bounded equity curve and progress', () => {
    const bars: Bar[] = [];
    for (let i = 0; i < 50_000; i++) {
      const c = 100 + 5 * Math.sin(i / 300) + (i % 7) * 0.01;
      bars.push(bar(i, c, c + 0.05, c - 0.05, c));
    }
    const seen: number[] = [];
    const r = runBacktest({
      ...config(() => [], bars),
      strategy: maCrossover as Strategy<unknown, unknown>,
      params: { lots: 0.5, fast: 20, slow: 80, maType: 'ema' },
      onProgress: (done) => seen.push(done),
      progressEvery: 10_000,
    });
    expect(r.tradeCount).toBeGreaterThan(10);
    expect(r.equity.length).toBeLessThanOrEqual(2001);
    expect(r.maxDrawdown).toBeGreaterThan(0);
    expect(seen).toEqual([10_000, 20_000, 30_000, 40_000, 50_000, 50_000]);
    const times = r.equity.map((p) => p.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });
});

describe('runBacktest properties', () => {
  const barArb = fc.array(fc.tuple(fc.double({ min: 50, max: 150, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true })), { minLength: 3, maxLength: 60 });
  const actionArb = fc.array(fc.constantFrom('buy', 'sell', 'close', 'none'), { minLength: 60, maxLength: 60 });

  it('each trade P&L is the domain P&L of its fills and final equity is initial plus their sum', () => {
    fc.assert(
      fc.property(barArb, actionArb, fc.constantFrom(0, 0.0005, 0.002), (raw, actions, spread) => {
        const bars = raw.map(([c, w], i) => bar(i, c, c + w, c - w, c));
        const script: Script = (i, ps) => {
          const a = actions[i];
          if (a === 'close') return closeAll(ps);
          return a === 'none' ? [] : [{ kind: 'open', side: a as 'buy' | 'sell', lots: 0.5, takeProfit: a === 'buy' ? 200 : 10, reason: a }];
        };
        const r = runBacktest(config(script, bars, { buySpread: spread, sellSpread: spread, leverage: 100 }));
        let sum = 0;
        for (const t of r.trades) {
          const expected = pnlDecimal({ side: t.side, units: t.lots * 100, openPrice: t.openPrice, closePrice: t.closePrice }).toNumber();
          expect(t.pnl).toBe(expected);
          sum += t.pnl;
        }
        expect(r.finalEquity).toBeCloseTo(10_000 + sum, 6);
        expect(r.netProfit).toBeCloseTo(r.grossProfit - r.grossLoss, 6);
      }),
      { numRuns: 200 },
    );
  });
});
