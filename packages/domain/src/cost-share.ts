import { Decimal } from 'decimal.js';

/** Decimal places a cost's share of the notional is given to: 0.0182 % reads one pip of 1.1 well enough. */
export const COST_SHARE_PLACES = 4;

/**
 * A cost as a percentage of the notional it was paid on (cost / notional × 100), rounded half-up
 * to COST_SHARE_PLACES; the sign of the cost is kept, so a swap credited reads negative where a
 * charge reads positive. Null when there is no notional to compare with (nothing traded).
 */
export function costShare(cost: Decimal.Value, notional: Decimal.Value): string | null {
  const base = new Decimal(notional);
  if (base.isZero()) return null;
  return new Decimal(cost).dividedBy(base).times(100).toDecimalPlaces(COST_SHARE_PLACES, Decimal.ROUND_HALF_UP).toFixed(COST_SHARE_PLACES);
}
