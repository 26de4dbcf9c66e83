import { fitsDigits, tradingMessages as sideMessages, type TradeSide } from '@bourse/contract';
import { DEFAULT_TARGET_PERCENT, defaultTargets, targetProblems } from '@bourse/domain';
import { msg } from '@/i18n/i18n';

/**
 * Levels are typed and kept in the instrument's digits, stepping by one point (SPEC §5's fixed
 * step 0.01 and 3 decimals would put a currency pair's levels pips away from where they were meant).
 */
export const DIGITS_ERROR = msg('Enter a price with at most {{digits}} decimals.');

/** True when a typed price has more decimals than the instrument's `digits`. */
export function overDigits(text: string, digits: number): boolean {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value > 0 && !fitsDigits(value, digits);
}

export const targetPresets = ['default', 'conservative', 'aggressive'] as const;
export type TargetPreset = (typeof targetPresets)[number];

/**
 * Distances from the entry, in percent. Default is SPEC §9's 0.1 % both ways; conservative takes a
 * small profit and cuts a loss early; aggressive lets the trade run, accepting a wider loss.
 */
export const presetPercents: Record<TargetPreset, { takeProfit: number; stopLoss: number }> = {
  default: { takeProfit: DEFAULT_TARGET_PERCENT, stopLoss: DEFAULT_TARGET_PERCENT },
  conservative: { takeProfit: 0.05, stopLoss: 0.05 },
  aggressive: { takeProfit: 0.3, stopLoss: 0.15 },
};

export const presetLabels: Record<TargetPreset, string> = { default: 'Default', conservative: 'Conservative', aggressive: 'Aggressive' };

/** Take-profit and stop-loss levels; null leaves a level unset (sent as 0, SPEC §7). */
export type Targets = { takeProfit: number | null; stopLoss: number | null };

/** Rounds to the instrument's `digits`, away from the entry (`direction` 1 up, -1 down) so a level never crosses it. */
export function roundAway(value: number, direction: 1 | -1, digits: number): number {
  const scale = 10 ** digits;
  const scaled = value * scale;
  // The epsilon keeps 1.2 × 1000 = 1199.9999999999998 from flooring to 1.199.
  const rounded = direction > 0 ? Math.ceil(scaled - 1e-6) : Math.floor(scaled + 1e-6);
  return Number((rounded / scale).toFixed(digits));
}

/**
 * The preset's levels for a `side` order entering at `entry`, on the instrument's grid. The
 * take-profit is measured from the entry; the stop-loss from `close`, the price the position is
 * valued at (the bid for a buy, the ask for a sell), so a spread wider than the preset's distance
 * does not close the position at once.
 */
export function presetTargets(preset: TargetPreset, side: TradeSide, digits: number, entry: number, close: number = entry): Targets {
  const { takeProfit, stopLoss } = presetPercents[preset];
  const tp = defaultTargets(side, entry, takeProfit).takeProfit;
  const sl = defaultTargets(side, close, stopLoss).stopLoss;
  const up = side === 'buy' ? 1 : -1;
  const stop = roundAway(sl, up === 1 ? -1 : 1, digits);
  return { takeProfit: roundAway(tp, up, digits), stopLoss: stop > 0 ? stop : null };
}

/** Field messages of levels on the wrong side; `open` checks a position against its current closing price. */
export type TargetErrors = { takeProfit?: string; stopLoss?: string };

/** SPEC side rules: a buy's take-profit above and stop-loss below the reference, a sell's the other way round. */
export function targetErrors(side: TradeSide, reference: number, targets: Targets, open = false): TargetErrors {
  const problems = targetProblems(side, reference, targets.takeProfit, targets.stopLoss);
  const errors: TargetErrors = {};
  if (problems.takeProfit) {
    errors.takeProfit = side === 'buy' ? (open ? sideMessages.takeProfitBuyOpen : sideMessages.takeProfitBuy) : open ? sideMessages.takeProfitSellOpen : sideMessages.takeProfitSell;
  }
  if (problems.stopLoss) {
    errors.stopLoss = side === 'buy' ? (open ? sideMessages.stopLossBuyOpen : sideMessages.stopLossBuy) : open ? sideMessages.stopLossSellOpen : sideMessages.stopLossSell;
  }
  return errors;
}

/** The first problem of `targets`, or null. */
export function firstTargetError(side: TradeSide, reference: number, targets: Targets, open = false): string | null {
  const errors = targetErrors(side, reference, targets, open);
  return errors.takeProfit ?? errors.stopLoss ?? null;
}

/** A level typed in a field: empty, 0 or not a number leaves it unset. */
export function parseLevel(text: string): number | null {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) || value <= 0 ? null : value;
}
