import { Decimal } from 'decimal.js';

/** Direction of a trade. */
export type Side = 'buy' | 'sell';

/** Inputs of the P&L formula of SPEC §9. */
export type PnlInput = {
  side: Side;
  /** Position size in units (lots × contract size). */
  units: number;
  openPrice: number;
  /** Price the position closes (or is valued) at: the bid for a buy, the ask for a sell. */
  closePrice: number;
  /** Account-currency value of one unit of quote currency; 1 when they are the same. */
  conversion?: number;
};

/**
 * P&L = units × (close − open), sign flipped for a sell, converted from the quote currency into
 * the account currency. Float version for display and tick math; settle with {@link pnlDecimal}.
 */
export function pnl(input: PnlInput): number {
  const direction = input.side === 'buy' ? 1 : -1;
  return direction * input.units * (input.closePrice - input.openPrice) * (input.conversion ?? 1);
}

/** {@link pnl} in decimal arithmetic, rounded to cents (half up), for money the server settles. */
export function pnlDecimal(input: PnlInput): Decimal {
  const move = new Decimal(input.closePrice).minus(input.openPrice);
  const signed = input.side === 'buy' ? move : move.negated();
  return signed
    .times(input.units)
    .times(input.conversion ?? 1)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Decimals prices are kept to (the server stores numeric(30,10)). */
export const PRICE_DECIMALS = 10;

/** Rounds float noise off a price (1.1001100000000001 → 1.10011) so stored and computed prices agree. */
export function roundPrice(price: number): number {
  return Number(price.toFixed(PRICE_DECIMALS));
}

/** The price a position is valued and closed at: buys sell at the bid, sells buy back at the ask. */
export function closingPrice(side: Side, quote: { bid: number; ask: number }): number {
  return roundPrice(side === 'buy' ? quote.bid : quote.ask);
}

/** The price an order fills at: buys pay the ask, sells receive the bid. */
export function fillPrice(side: Side, quote: { bid: number; ask: number }): number {
  return roundPrice(side === 'buy' ? quote.ask : quote.bid);
}
