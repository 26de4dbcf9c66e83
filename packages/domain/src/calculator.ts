import type { Side } from './pnl.ts';

/** SPEC §9: default take-profit and stop-loss distance, in percent of the entry price. */
export const DEFAULT_TARGET_PERCENT = 0.1;
/** SPEC §9: the calculator's maximum position is leverage × 1000. */
export const MAX_POSITION_PER_LEVERAGE = 1000;
/** SPEC §9: pip value = volume × 0.0001. */
export const PIP_SIZE = 0.0001;

/**
 * Default take-profit and stop-loss `percent` % away from the entry: a buy's take-profit above and
 * stop-loss below, a sell's the other way round.
 */
export function defaultTargets(side: Side, entry: number, percent: number = DEFAULT_TARGET_PERCENT): { takeProfit: number; stopLoss: number } {
  const offset = (entry * percent) / 100;
  return side === 'buy'
    ? { takeProfit: entry + offset, stopLoss: entry - offset }
    : { takeProfit: entry - offset, stopLoss: entry + offset };
}

/** Largest position the calculator allows at `leverage`. */
export function maxPosition(leverage: number): number {
  return leverage * MAX_POSITION_PER_LEVERAGE;
}

/** Value of one pip for `volume` units. */
export function pipValue(volume: number): number {
  return volume * PIP_SIZE;
}

/**
 * Return on equity in percent: (price move / entry) × leverage × 100, the move counted in the
 * trade's favour (up for a buy, down for a sell).
 */
export function returnOnEquity(side: Side, entry: number, exit: number, leverage: number): number {
  const move = side === 'buy' ? exit - entry : entry - exit;
  return (move / entry) * leverage * 100;
}
