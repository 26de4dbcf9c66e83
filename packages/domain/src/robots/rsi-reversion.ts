import { type RsiState, rsiInit, rsiNext } from './indicators.ts';
import { closeSide, openIntent } from './helpers.ts';
import type { ExitParams, OrderIntent, Strategy } from './types.ts';

/** RSI mean-reversion parameters; `oversold` < 50 < `overbought`. */
export type RsiReversionParams = ExitParams & { lots: number; period: number; oversold: number; overbought: number };

/** Wilder RSI state. */
export type RsiReversionState = { rsi: RsiState };

/** The RSI midline where positions are taken off. */
const MIDLINE = 50;

/**
 * With no position open, buys when RSI falls below `oversold` and sells when it rises above
 * `overbought`; closes a buy once RSI is back at or above the midline, a sell at or below it.
 */
export const rsiReversion: Strategy<RsiReversionParams, RsiReversionState> = {
  key: 'rsi_reversion',
  init: (p) => ({ rsi: rsiInit(p.period) }),
  onBar(state, { bar, positions }, p) {
    const rsi = rsiNext(state.rsi, bar.close);
    const value = rsi.value;
    if (value === null) return { state: { rsi }, intents: [] };
    const intents: OrderIntent[] = [];
    const shown = value.toFixed(1);
    if (value >= MIDLINE) intents.push(...closeSide(positions, 'buy', `RSI ${shown} back at the midline`));
    if (value <= MIDLINE) intents.push(...closeSide(positions, 'sell', `RSI ${shown} back at the midline`));
    const flat = positions.length === intents.length;
    if (flat && value < p.oversold) intents.push(openIntent('buy', p.lots, bar.close, p, `RSI ${shown} below ${p.oversold}`));
    else if (flat && value > p.overbought) intents.push(openIntent('sell', p.lots, bar.close, p, `RSI ${shown} above ${p.overbought}`));
    return { state: { rsi }, intents };
  },
};
