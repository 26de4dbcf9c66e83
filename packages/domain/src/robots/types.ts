import type { Side } from '../pnl.ts';

/** Keys of the strategies written for the project; the contract's `strategyKeys` lists the same. */
export type StrategyKey = 'ma_crossover' | 'rsi_reversion' | 'donchian_breakout' | 'grid';

/** One closed candle. `time` is the bar's open in unix seconds. */
export type Bar = { time: number; open: number; high: number; low: number; close: number; volume: number };

/** A position a robot holds, as the strategy sees it. */
export type RobotPosition = { id: string; side: Side; lots: number; openPrice: number; openTime: number };

/** What a strategy asks the engine to do; prices are absolute levels in the quote currency. */
export type OrderIntent =
  | { kind: 'open'; side: Side; lots: number; takeProfit?: number; stopLoss?: number; reason: string }
  | { kind: 'close'; positionId: string; reason: string };

/** What a strategy sees on each closed bar. */
export type StrategyInput = { bar: Bar; positions: readonly RobotPosition[] };

/** The result of one step: the next state and the intents of this bar. */
export type StrategyStep<S> = { state: S; intents: OrderIntent[] };

/**
 * A trading strategy: a pure function of bars and its own JSON-serialisable state, so the same code
 * runs live (state persisted between bars) and in the backtester.
 */
export type Strategy<P, S> = {
  key: StrategyKey;
  init(params: P): S;
  /** Called once per closed bar, oldest first; pure. */
  onBar(state: S, input: StrategyInput, params: P): StrategyStep<S>;
};

/** Take-profit and stop-loss as percentages of the entry price; 0 leaves the level unset. */
export type ExitParams = { takeProfitPct?: number; stopLossPct?: number };
