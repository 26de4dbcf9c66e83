import { Decimal } from 'decimal.js';

/** What the account summary is computed from (SPEC §3 "Account summary"). */
export type SummaryInput<T> = { balance: T; credit: T; margin: T; pnl: T };

/** SPEC §3 account summary; `marginLevel` is null when no margin is used (shown as ∞). */
export type AccountSummary<T> = {
  balance: T;
  credit: T;
  equity: T;
  margin: T;
  freeMargin: T;
  pnl: T;
  marginLevel: number | null;
};

/**
 * Equity = balance + pnl; free margin = equity − margin; margin level = equity / margin × 100
 * to 2 decimals, or null (∞) when margin is 0 (SPEC §9). Float version for display.
 */
export function accountSummary(input: SummaryInput<number>): AccountSummary<number> {
  const equity = input.balance + input.pnl;
  return {
    balance: input.balance,
    credit: input.credit,
    equity,
    margin: input.margin,
    freeMargin: equity - input.margin,
    pnl: input.pnl,
    marginLevel: marginLevel(equity, input.margin),
  };
}

/** {@link accountSummary} in decimal arithmetic, for the server's figures. */
export function accountSummaryDecimal(input: SummaryInput<Decimal.Value>): AccountSummary<Decimal> {
  const balance = new Decimal(input.balance);
  const marginUsed = new Decimal(input.margin);
  const pnl = new Decimal(input.pnl);
  const equity = balance.plus(pnl);
  return {
    balance,
    credit: new Decimal(input.credit),
    equity,
    margin: marginUsed,
    freeMargin: equity.minus(marginUsed),
    pnl,
    marginLevel: marginUsed.isZero() ? null : equity.dividedBy(marginUsed).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
  };
}

/** Equity / margin × 100 rounded to 2 decimals; null (∞) when margin is 0. */
export function marginLevel(equity: number, marginUsed: number): number | null {
  if (marginUsed === 0) return null;
  return Math.round((equity / marginUsed) * 100 * 100) / 100;
}

/** "123.45%", or "∞" when no margin is used (SPEC §9). */
export function formatMarginLevel(level: number | null): string {
  return level === null ? '∞' : `${level.toFixed(2)}%`;
}
