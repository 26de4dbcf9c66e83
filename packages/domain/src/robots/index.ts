export type { Bar, ExitParams, OrderIntent, RobotPosition, Strategy, StrategyInput, StrategyKey, StrategyStep } from './types.ts';
export * from './indicators.ts';
export * from './registry.ts';
export { maCrossover, type MaCrossoverParams, type MaCrossoverState } from './ma-crossover.ts';
export { rsiReversion, type RsiReversionParams, type RsiReversionState } from './rsi-reversion.ts';
export { donchianBreakout, type DonchianBreakoutParams, type DonchianBreakoutState } from './donchian-breakout.ts';
export { grid, type GridParams, type GridState } from './grid.ts';
export { runBacktest } from './backtester.ts';
export type { BacktestConfig, BacktestResult, CloseReason as BacktestCloseReason, SimTrade } from './backtest-types.ts';
