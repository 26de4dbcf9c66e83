import type { Side } from './pnl.ts';

/** An open position as the liquidation levels read it. */
export type LevelPosition = {
  side: Side;
  units: number;
  openPrice: number;
  /** Where it would close now (the bid for a buy, the ask for a sell). */
  closePrice: number;
  /** Account currency per unit of its quote currency, now. */
  conversion: number;
  /** Whether it is on the instrument whose levels are asked. */
  onInstrument: boolean;
};

export type LevelAccount = { balance: number; positions: LevelPosition[]; /** Margin used (the positions' margins, fixed at their fills). */ margin: number };

/**
 * The mid price of one instrument at which the account's margin level (equity ÷ margin × 100)
 * reaches `level`, every other price where it is now: equity is linear in that price, through the
 * positions on the instrument (each closing at the price plus its side of today's spread), so
 * `balance + A + B × price = level × margin / 100` is solved for the price. Conversions stay at
 * today's rates (a pair quoted in another currency than the account's moves its own rate a little
 * with its price; the server's stop-out always checks the exact level).
 *
 * Null when the price cannot reach it: no exposure on the instrument (`B = 0`), no margin used, or
 * a price at or below zero. The level may lie on either side of the market (a hedged account can
 * lose on a rise); an account already at or past it gets a price on the side it moved.
 */
export function priceAtMarginLevel(account: LevelAccount, mid: number, level: number): number | null {
  if (!(account.margin > 0)) return null;
  let fixed = account.balance;
  let slope = 0;
  for (const p of account.positions) {
    const direction = p.side === 'buy' ? 1 : -1;
    if (!p.onInstrument) {
      fixed += direction * p.units * (p.closePrice - p.openPrice) * p.conversion;
      continue;
    }
    // close = mid + (close − mid now): the position's side of the spread rides along with the price.
    const offset = p.closePrice - mid;
    slope += direction * p.units * p.conversion;
    fixed += direction * p.units * (offset - p.openPrice) * p.conversion;
  }
  if (slope === 0) return null;
  const price = ((level / 100) * account.margin - fixed) / slope;
  return Number.isFinite(price) && price > 0 ? price : null;
}

/** The account's margin-call and stop-out prices for one instrument (see priceAtMarginLevel). */
export function liquidationLevels(account: LevelAccount, mid: number, levels: { marginCall: number; stopOut: number }) {
  return { marginCall: priceAtMarginLevel(account, mid, levels.marginCall), stopOut: priceAtMarginLevel(account, mid, levels.stopOut) };
}
