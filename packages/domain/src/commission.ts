import { Decimal } from 'decimal.js';

/** How a group charges commission on each side of a trade (open and close). */
export type CommissionTerms = { mode: 'none' | 'per_lot' | 'per_million'; rate: number; min: number };

/**
 * The commission for one side of a trade, in the terms' currency, rounded to the cent: `rate` per
 * lot or per million of `notional` (the trade's value in the terms' currency), never less than
 * `min`. Nothing when the terms charge none.
 */
export function commissionPerSide(terms: CommissionTerms, trade: { lots: number; notional: number }): Decimal {
  if (terms.mode === 'none') return new Decimal(0);
  const base = terms.mode === 'per_lot' ? new Decimal(terms.rate).times(trade.lots) : new Decimal(terms.rate).times(trade.notional).dividedBy(1_000_000);
  return Decimal.max(base, terms.min).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * A position's commission on one side in the account currency, as a charge (negative, to the
 * cent): `perSide` in the terms' currency times `conversion`, the account-currency value of one unit of it.
 */
export function commissionCharge(perSide: Decimal, conversion: number): Decimal {
  return perSide.times(conversion).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).negated();
}

/** The share of a position's close commission that closing `lots` of its `total` lots charges, to the cent. */
export function commissionShare(closeCommission: string, lots: number, totalLots: string): Decimal {
  return new Decimal(closeCommission).times(lots).dividedBy(totalLots).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
