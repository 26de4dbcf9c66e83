import { type BacktestReport, MAX_REPORT_TRADES, type StrategyKey } from '@bourse/contract';
import type { Bar, BacktestResult } from '@bourse/domain';
import type { HistorySpec } from './backtest-history.ts';

/** Fields per bar in the packed array a job carries (time, open, high, low, close, volume). */
const FIELDS = 6;

/** Trading terms of the instrument and the simulated account. */
export type BacktestTerms = {
  buySpread: number;
  sellSpread: number;
  contractSize: number;
  leverage: number;
  initialBalance: number;
  conversion: number;
};

/**
 * What a worker receives. Bars travel packed in one transferable buffer: the recorded candles when
 * `history` is set (the worker generates the rest and joins them), else every bar of the run.
 */
export type BacktestJob = {
  strategy: StrategyKey;
  params: Record<string, unknown>;
  packed: Float64Array;
  terms: BacktestTerms;
  history?: HistorySpec & { last: number };
};

/** What a worker sends back. */
export type WorkerMessage = { type: 'progress'; percent: number } | { type: 'done'; report: BacktestReport } | { type: 'error'; message: string };

/** Packs bars into one Float64Array, so handing them to a worker copies nothing. */
export function packBars(bars: readonly Bar[]): Float64Array {
  const out = new Float64Array(bars.length * FIELDS);
  let j = 0;
  for (const b of bars) {
    out[j++] = b.time;
    out[j++] = b.open;
    out[j++] = b.high;
    out[j++] = b.low;
    out[j++] = b.close;
    out[j++] = b.volume;
  }
  return out;
}

export function unpackBars(packed: Float64Array): Bar[] {
  const bars: Bar[] = new Array(packed.length / FIELDS);
  for (let i = 0, j = 0; j < packed.length; i++, j += FIELDS) {
    bars[i] = { time: packed[j]!, open: packed[j + 1]!, high: packed[j + 2]!, low: packed[j + 3]!, close: packed[j + 4]!, volume: packed[j + 5]! };
  }
  return bars;
}

/** The domain result in the API's shape (snake_case, rounded for display). */
export function toReport(r: BacktestResult): BacktestReport {
  return {
    bars: r.bars,
    initial_balance: r.initialBalance,
    final_equity: r.finalEquity,
    net_profit: r.netProfit,
    gross_profit: r.grossProfit,
    gross_loss: r.grossLoss,
    profit_factor: r.profitFactor === null ? null : round(r.profitFactor, 4),
    max_drawdown: r.maxDrawdown,
    max_drawdown_pct: r.maxDrawdownPct,
    trade_count: r.tradeCount,
    win_rate: round(r.winRate, 4),
    sharpe: r.sharpe === null ? null : round(r.sharpe, 4),
    refused_intents: r.refusedIntents,
    stopped_out: r.stoppedOut,
    equity: r.equity,
    trades_omitted: Math.max(0, r.trades.length - MAX_REPORT_TRADES),
    trades: r.trades.slice(0, MAX_REPORT_TRADES).map((t) => ({
      id: t.id,
      side: t.side,
      lots: t.lots,
      open_time: t.openTime,
      open_price: t.openPrice,
      close_time: t.closeTime,
      close_price: t.closePrice,
      pnl: t.pnl,
      close_reason: t.closeReason,
      reason: t.reason,
    })),
  };
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
