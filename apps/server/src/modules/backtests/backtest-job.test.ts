import { describe, expect, it } from 'vitest';
import { MAX_REPORT_TRADES } from '@bourse/contract';
import type { BacktestResult, SimTrade } from '@bourse/domain';
import { packBars, toReport, unpackBars } from './backtest-job.ts';

describe('backtest jobs', () => {
  it('packs bars into one array and back', () => {
    const bars = [
      { time: 60, open: 1.1, high: 1.2, low: 1.05, close: 1.15, volume: 3 },
      { time: 120, open: 1.15, high: 1.16, low: 1.1, close: 1.11, volume: 0.5 },
    ];
    const packed = packBars(bars);
    expect(packed).toBeInstanceOf(Float64Array);
    expect(unpackBars(packed)).toEqual(bars);
  });

  it('lists at most MAX_REPORT_TRADES trades in a report and counts the rest', () => {
    const trade: SimTrade = { id: 1, side: 'buy', lots: 1, openTime: 0, openPrice: 1, closeTime: 60, closePrice: 1.1, pnl: 10, closeReason: 'signal', reason: 'x' };
    const trades = Array.from({ length: MAX_REPORT_TRADES + 7 }, (_, i) => ({ ...trade, id: i + 1 }));
    const result: BacktestResult = {
      bars: 10, initialBalance: 1000, finalEquity: 1000, netProfit: 0, grossProfit: 0, grossLoss: 0, profitFactor: null, maxDrawdown: 0,
      maxDrawdownPct: 0, tradeCount: trades.length, winRate: 1, sharpe: null, refusedIntents: 0, stoppedOut: false, equity: [], trades,
    };
    const report = toReport(result);
    expect(report.trades).toHaveLength(MAX_REPORT_TRADES);
    expect(report.trades_omitted).toBe(7);
    expect(report.trade_count).toBe(MAX_REPORT_TRADES + 7);
    expect(report.trades[0]).toEqual({ id: 1, side: 'buy', lots: 1, open_time: 0, open_price: 1, close_time: 60, close_price: 1.1, pnl: 10, close_reason: 'signal', reason: 'x' });
  });
});
