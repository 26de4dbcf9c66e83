import { type DonchianState, donchianBands, donchianInit, donchianNext } from './indicators.ts';
import { closeSide, holds, openIntent } from './helpers.ts';
import type { ExitParams, OrderIntent, Strategy } from './types.ts';

/** Breakout parameters: entry channel of `entryPeriod` bars, exit channel of `exitPeriod` bars. */
export type DonchianBreakoutParams = ExitParams & { lots: number; entryPeriod: number; exitPeriod: number };

/** Entry and exit channels over the bars before the current one. */
export type DonchianBreakoutState = { entry: DonchianState; exit: DonchianState };

/**
 * Buys when a bar closes above the highest high of the previous `entryPeriod` bars and sells when
 * it closes below the lowest low; a buy is closed when a close falls below the `exitPeriod`-bar
 * low, a sell when a close rises above the `exitPeriod`-bar high.
 */
export const donchianBreakout: Strategy<DonchianBreakoutParams, DonchianBreakoutState> = {
  key: 'donchian_breakout',
  init: (p) => ({ entry: donchianInit(p.entryPeriod), exit: donchianInit(p.exitPeriod) }),
  onBar(state, { bar, positions }, p) {
    const entryBands = donchianBands(state.entry);
    const exitBands = donchianBands(state.exit);
    const next = { entry: donchianNext(state.entry, bar.high, bar.low), exit: donchianNext(state.exit, bar.high, bar.low) };
    const intents: OrderIntent[] = [];
    const up = entryBands !== null && bar.close > entryBands.upper;
    const down = entryBands !== null && bar.close < entryBands.lower;
    if (up || (exitBands && bar.close > exitBands.upper)) {
      intents.push(...closeSide(positions, 'sell', up ? 'Breakout above the entry channel' : 'Close above the exit channel'));
    }
    if (down || (exitBands && bar.close < exitBands.lower)) {
      intents.push(...closeSide(positions, 'buy', down ? 'Breakout below the entry channel' : 'Close below the exit channel'));
    }
    if (up && !holds(positions, 'buy')) intents.push(openIntent('buy', p.lots, bar.close, p, `Close above the ${p.entryPeriod}-bar high`));
    if (down && !holds(positions, 'sell')) intents.push(openIntent('sell', p.lots, bar.close, p, `Close below the ${p.entryPeriod}-bar low`));
    return { state: next, intents };
  },
};
