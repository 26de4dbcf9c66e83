import { tradingMessages as msg, type TradeSide } from '@bourse/contract';
import { DEFAULT_TARGET_PERCENT, defaultTargets, targetProblems } from '@bourse/domain';

/** SPEC §5: the TP/SL dialog steps by 0.01 and keeps 3 decimals. */
export const TARGET_STEP = 0.01;
export const TARGET_DECIMALS = 3;

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

const SCALE = 10 ** TARGET_DECIMALS;

/** Rounds to the dialog's 3 decimals, away from the entry (`direction` 1 up, -1 down) so a level never crosses it. */
export function roundAway(value: number, direction: 1 | -1): number {
  const scaled = value * SCALE;
  // The epsilon keeps 1.2 × 1000 = 1199.9999999999998 from flooring to 1.199.
  const rounded = direction > 0 ? Math.ceil(scaled - 1e-6) : Math.floor(scaled + 1e-6);
  return rounded / SCALE;
}

/** Rounds a typed level to the dialog's 3 decimals. */
export function roundTarget(value: number): number {
  return Number(value.toFixed(TARGET_DECIMALS));
}

/**
 * The preset's levels for a `side` order entering at `entry`, on the 3-decimal grid. The
 * take-profit is measured from the entry; the stop-loss from `close`, the price the position is
 * valued at (the bid for a buy, the ask for a sell), so a spread wider than the preset's distance
 * does not close the position at once.
 */
export function presetTargets(preset: TargetPreset, side: TradeSide, entry: number, close: number = entry): Targets {
  const { takeProfit, stopLoss } = presetPercents[preset];
  const tp = defaultTargets(side, entry, takeProfit).takeProfit;
  const sl = defaultTargets(side, close, stopLoss).stopLoss;
  const up = side === 'buy' ? 1 : -1;
  const stop = roundAway(sl, up === 1 ? -1 : 1);
  return { takeProfit: roundAway(tp, up), stopLoss: stop > 0 ? stop : null };
}

/** Field messages of levels on the wrong side; `open` checks a position against its current closing price. */
export type TargetErrors = { takeProfit?: string; stopLoss?: string };

/** SPEC side rules: a buy's take-profit above and stop-loss below the reference, a sell's the other way round. */
export function targetErrors(side: TradeSide, reference: number, targets: Targets, open = false): TargetErrors {
  const problems = targetProblems(side, reference, targets.takeProfit, targets.stopLoss);
  const errors: TargetErrors = {};
  if (problems.takeProfit) {
    errors.takeProfit = side === 'buy' ? (open ? msg.takeProfitBuyOpen : msg.takeProfitBuy) : open ? msg.takeProfitSellOpen : msg.takeProfitSell;
  }
  if (problems.stopLoss) {
    errors.stopLoss = side === 'buy' ? (open ? msg.stopLossBuyOpen : msg.stopLossBuy) : open ? msg.stopLossSellOpen : msg.stopLossSell;
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
