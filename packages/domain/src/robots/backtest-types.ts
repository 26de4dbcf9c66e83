import type { Side } from '../pnl.ts';
import type { Bar, RobotPosition, Strategy } from './types.ts';

/** Everything a backtest needs: bars of one instrument oldest first, its trading terms and the account. */
export type BacktestConfig = {
  strategy: Strategy<unknown, unknown>;
  params: unknown;
  bars: readonly Bar[];
  /** Spreads as fractions: buys pay `price × (1 + buySpread)`, sells receive `price × (1 − sellSpread)`. */
  buySpread: number;
  sellSpread: number;
  contractSize: number;
  leverage: number;
  initialBalance: number;
  /** Account-currency value of one unit of quote currency; 1 when they are the same. */
  conversion?: number;
  /** Margin level (%) at which positions are closed, largest loser first; 50 by default. */
  stopOutLevel?: number;
  /** Most points of the returned equity curve; 2,000 by default. */
  maxEquityPoints?: number;
  /** Called with (bars done, bars in all) every `progressEvery` bars and at the end. */
  onProgress?: (done: number, total: number) => void;
  progressEvery?: number;
};

/** Why a simulated trade closed. */
export type CloseReason = 'signal' | 'tp' | 'sl' | 'stop_out' | 'end';

/** One round trip of the simulation; `pnl` is settled to cents as the engine settles it. */
export type SimTrade = {
  id: number;
  side: Side;
  lots: number;
  openTime: number;
  openPrice: number;
  closeTime: number;
  closePrice: number;
  pnl: number;
  closeReason: CloseReason;
  /** The strategy's reason for opening. */
  reason: string;
};

/** An open simulated position. */
export type SimPosition = RobotPosition & { units: number; margin: number; takeProfit: number; stopLoss: number; reason: string };

/** Figures of a finished run. `sharpe` uses daily returns (equity at each day's last bar), annualised by √252. */
export type BacktestResult = {
  bars: number;
  initialBalance: number;
  finalEquity: number;
  netProfit: number;
  grossProfit: number;
  grossLoss: number;
  /** Gross profit / gross loss; null when there was no losing trade. */
  profitFactor: number | null;
  /** Largest peak-to-trough fall of equity valued at bar closes, in money and in % of the peak. */
  maxDrawdown: number;
  maxDrawdownPct: number;
  tradeCount: number;
  /** Winning trades / trades, 0..1. */
  winRate: number;
  sharpe: number | null;
  refusedIntents: number;
  stoppedOut: boolean;
  equity: { time: number; equity: number }[];
  trades: SimTrade[];
};
