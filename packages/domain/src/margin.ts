import { Decimal } from 'decimal.js';
import { DEFAULT_CONTRACT_SIZE } from './lots.ts';

/** Inputs of the margin formula of SPEC §9. */
export type MarginInput = {
  lots: number;
  /** Units per lot; 100,000 when omitted. */
  contractSize?: number;
  /** Price the position is valued at, in the quote currency. */
  rate: number;
  leverage: number;
  /** Account-currency value of one unit of quote currency; 1 when they are the same. */
  conversion?: number;
};

/**
 * Margin = lots × contract size × rate / leverage, converted into the account currency.
 * Float version for display and tick math; settle with {@link marginDecimal}.
 */
export function margin(input: MarginInput): number {
  const size = input.contractSize ?? DEFAULT_CONTRACT_SIZE;
  return (input.lots * size * input.rate * (input.conversion ?? 1)) / input.leverage;
}

/** {@link margin} in decimal arithmetic, rounded to cents (half up), for money the server keeps. */
export function marginDecimal(input: MarginInput): Decimal {
  return new Decimal(input.lots)
    .times(input.contractSize ?? DEFAULT_CONTRACT_SIZE)
    .times(input.rate)
    .times(input.conversion ?? 1)
    .dividedBy(input.leverage)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
