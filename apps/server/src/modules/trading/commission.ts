import { Decimal } from 'decimal.js';
import { commissionCharge, commissionPerSide, commissionShare } from '@bourse/domain';
import type { DbOrTx } from '../../db/client.ts';
import { postEntry } from '../accounts/ledger.service.ts';
import type { GroupTerms } from '../groups/groups.service.ts';
import type { TradeRow } from './trades.repository.ts';

/** A fill's commission in the account currency, as charges (negative): on opening, and on closing all its lots later. */
export type Commission = { open: Decimal; close: Decimal };

export const NO_COMMISSION: Commission = { open: new Decimal(0), close: new Decimal(0) };

/** What converts a currency into the account's: the account-currency value of one unit of it, null when unknown. */
type Converter = { conversion(currency: string): Promise<number | null> };

/**
 * The commission a fill of `lots` (`units` at `price`, quoted in `quoteCurrency`) pays under the
 * group's terms, per side. Null when a currency involved cannot be converted to the account's: the
 * fill must not happen without knowing its cost. The close side is priced at the fill, so the
 * position keeps the terms it opened with.
 */
export async function commissionOf(
  terms: GroupTerms | null,
  fill: { lots: number; units: number; price: number; quoteCurrency: string },
  valuer: Converter,
): Promise<Commission | null> {
  if (!terms || terms.commission.mode === 'none' || !terms.currency) return NO_COMMISSION;
  const [quote, own] = await Promise.all([valuer.conversion(fill.quoteCurrency), valuer.conversion(terms.currency)]);
  if (quote === null || own === null || own === 0) return null;
  const notional = (fill.units * fill.price * quote) / own;
  const perSide = commissionPerSide(terms.commission, { lots: fill.lots, notional });
  const charge = commissionCharge(perSide, own);
  return { open: charge, close: charge };
}

/** The commission columns a fill writes on its trade. */
export function commissionColumns(commission: Commission, terms: GroupTerms | null) {
  return { commission: commission.open.toFixed(2), closeCommission: commission.close.toFixed(2), swapFree: terms?.swapFree ?? false };
}

/** Posts a commission charge to the ledger; nothing when it is zero. Returns the balance after, or null. */
export async function postCommission(tx: DbOrTx, accountId: number, charge: Decimal, reference: string): Promise<string | null> {
  if (charge.isZero()) return null;
  return postEntry(tx, { accountId, kind: 'commission', amount: charge.toFixed(2), reference });
}

/**
 * How closing `lots` of a position splits its commission: what the closed part carries (its share of
 * the opening commission plus what this close charges) and what stays with the lots still open.
 */
export function closeCommissionSplit(trade: TradeRow, lots: number) {
  const whole = new Decimal(lots).greaterThanOrEqualTo(trade.lots);
  const closeCharge = whole ? new Decimal(trade.closeCommission) : commissionShare(trade.closeCommission, lots, trade.lots);
  const openShare = whole ? new Decimal(trade.commission) : commissionShare(trade.commission, lots, trade.lots);
  return {
    charge: closeCharge,
    closed: openShare.plus(closeCharge).toFixed(2),
    remaining: { commission: new Decimal(trade.commission).minus(openShare).toFixed(2), closeCommission: new Decimal(trade.closeCommission).minus(closeCharge).toFixed(2) },
  };
}
