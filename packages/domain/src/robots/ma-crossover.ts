import { type MaState, type MaType, maInit, maNext } from './indicators.ts';
import { closeSide, holds, openIntent } from './helpers.ts';
import type { ExitParams, OrderIntent, Strategy } from './types.ts';

/** Moving-average crossover parameters; `fast` must be shorter than `slow`. */
export type MaCrossoverParams = ExitParams & { lots: number; fast: number; slow: number; maType: MaType };

/** Both averages and the sign of fast − slow on the previous bar (0 until both are ready). */
export type MaCrossoverState = { fast: MaState; slow: MaState; prevSign: number };

/**
 * Buys when the fast average crosses above the slow one and sells when it crosses below; each
 * cross first closes the positions on the other side.
 */
export const maCrossover: Strategy<MaCrossoverParams, MaCrossoverState> = {
  key: 'ma_crossover',
  init: (p) => ({ fast: maInit(p.maType, p.fast), slow: maInit(p.maType, p.slow), prevSign: 0 }),
  onBar(state, { bar, positions }, p) {
    const fast = maNext(state.fast, bar.close);
    const slow = maNext(state.slow, bar.close);
    if (fast.value === null || slow.value === null) return { state: { fast, slow, prevSign: 0 }, intents: [] };
    const diff = fast.value - slow.value;
    const sign = diff > 0 ? 1 : diff < 0 ? -1 : state.prevSign;
    const intents: OrderIntent[] = [];
    if (state.prevSign !== 0 && sign !== state.prevSign) {
      const side = sign > 0 ? 'buy' : 'sell';
      const reason = sign > 0 ? 'Fast MA crossed above slow MA' : 'Fast MA crossed below slow MA';
      intents.push(...closeSide(positions, side === 'buy' ? 'sell' : 'buy', reason));
      if (!holds(positions, side)) intents.push(openIntent(side, p.lots, bar.close, p, reason));
    }
    return { state: { fast, slow, prevSign: sign }, intents };
  },
};
