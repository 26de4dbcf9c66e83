import type { DonchianBreakoutParams } from './donchian-breakout.ts';
import type { GridParams } from './grid.ts';
import type { MaCrossoverParams } from './ma-crossover.ts';
import type { RsiReversionParams } from './rsi-reversion.ts';
import type { StrategyKey } from './types.ts';

type Complete<P> = { [K in keyof P]-?: P[K] };

/**
 * Each strategy's own parameters when nothing else is said: the values the contract's parameter
 * schemas fill in, so a form, the backtester and a live robot start from the same numbers.
 */
export const strategyDefaults: {
  ma_crossover: Complete<MaCrossoverParams>;
  rsi_reversion: Complete<RsiReversionParams>;
  donchian_breakout: Complete<DonchianBreakoutParams>;
  grid: Complete<GridParams>;
} = {
  ma_crossover: { lots: 0.1, fast: 10, slow: 30, maType: 'ema', takeProfitPct: 0, stopLossPct: 0 },
  rsi_reversion: { lots: 0.1, period: 14, oversold: 30, overbought: 70, takeProfitPct: 0, stopLossPct: 0 },
  donchian_breakout: { lots: 0.1, entryPeriod: 20, exitPeriod: 10, takeProfitPct: 0, stopLossPct: 0 },
  grid: { lots: 0.1, stepPct: 0.2, maxLevels: 5, stopLossPct: 0 },
};

/**
 * The parameters a robot of a catalogue advisor runs with: the strategy's defaults, overlaid with
 * the advisor's advertised ones (what its card and its backtest show), overlaid with what the
 * customer set. The marketplace card, the backtest and the live robot all read them from here, so
 * a robot started without parameters runs exactly what was advertised. Not validated: the
 * contract's `parseStrategyParams` checks the result.
 */
export function advisorParams(strategy: StrategyKey, advertised: Record<string, unknown> = {}, given: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...strategyDefaults[strategy], ...advertised, ...given };
}
