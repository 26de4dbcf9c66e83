import { donchianBreakout } from './donchian-breakout.ts';
import { grid } from './grid.ts';
import { maCrossover } from './ma-crossover.ts';
import { rsiReversion } from './rsi-reversion.ts';
import type { Strategy, StrategyKey } from './types.ts';

/** Every strategy, by key. Parameters are validated by the contract's `strategyParamsSchemas` first. */
export const strategies: Record<StrategyKey, Strategy<unknown, unknown>> = {
  ma_crossover: maCrossover as Strategy<unknown, unknown>,
  rsi_reversion: rsiReversion as Strategy<unknown, unknown>,
  donchian_breakout: donchianBreakout as Strategy<unknown, unknown>,
  grid: grid as Strategy<unknown, unknown>,
};

/** The strategy of `key`; throws for an unknown key. */
export function strategyFor(key: StrategyKey): Strategy<unknown, unknown> {
  const strategy = strategies[key];
  if (!strategy) throw new Error(`Unknown strategy: ${String(key)}`);
  return strategy;
}
