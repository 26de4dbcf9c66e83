import type { SimTrade } from './backtest-types.ts';

/** Running peak-to-trough drawdown of an equity series. */
export class DrawdownTracker {
  peak = Number.NEGATIVE_INFINITY;
  max = 0;
  maxPct = 0;

  add(equity: number): void {
    if (equity > this.peak) this.peak = equity;
    const dd = this.peak - equity;
    if (dd > this.max) this.max = dd;
    const pct = this.peak > 0 ? (dd / this.peak) * 100 : 0;
    if (pct > this.maxPct) this.maxPct = pct;
  }
}

/** Annualised Sharpe ratio (risk-free 0) of daily equity closes; null with fewer than two returns or no variance. */
export function sharpeFromDaily(dailyEquity: readonly number[]): number | null {
  const returns: number[] = [];
  for (let i = 1; i < dailyEquity.length; i++) {
    if (dailyEquity[i - 1] > 0) returns.push(dailyEquity[i] / dailyEquity[i - 1] - 1);
  }
  if (returns.length < 2) return null;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  if (variance <= 0) return null;
  return (mean / Math.sqrt(variance)) * Math.sqrt(252);
}

/** Gross profit, gross loss (positive), profit factor and win rate of closed trades. */
export function tradeFigures(trades: readonly SimTrade[]) {
  let grossProfit = 0;
  let grossLoss = 0;
  let wins = 0;
  for (const t of trades) {
    if (t.pnl > 0) {
      grossProfit += t.pnl;
      wins++;
    } else grossLoss -= t.pnl;
  }
  return {
    grossProfit: cents(grossProfit),
    grossLoss: cents(grossLoss),
    profitFactor: grossLoss > 0 ? grossProfit / grossLoss : null,
    winRate: trades.length ? wins / trades.length : 0,
  };
}

/** Rounds money to cents. */
export function cents(x: number): number {
  return Math.round(x * 100) / 100;
}
