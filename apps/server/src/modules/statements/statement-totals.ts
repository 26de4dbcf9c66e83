import { Decimal } from 'decimal.js';
import { type StatementCategory, statementCategories, statementCategoryOf } from '@bourse/contract';

/** Sums per ledger kind folded into the statement's groups; every group is present, zero when nothing moved. */
export function totalsByCategory(sums: { kind: string; total: string }[]): Record<StatementCategory, string> {
  const totals = Object.fromEntries(statementCategories.map((c) => [c, new Decimal(0)])) as Record<StatementCategory, Decimal>;
  for (const { kind, total } of sums) {
    const category = statementCategoryOf(kind);
    totals[category] = totals[category].plus(total);
  }
  return Object.fromEntries(statementCategories.map((c) => [c, totals[c].toFixed(2)])) as Record<StatementCategory, string>;
}

/**
 * Whether the month adds up: the opening balance plus every entry equals the balance after the
 * month's last entry (or the opening balance itself when nothing moved).
 */
export function reconciles(opening: string, sums: { total: string }[], lastBalanceAfter: string | null): { closing: string; ok: boolean } {
  const closing = sums.reduce((acc, s) => acc.plus(s.total), new Decimal(opening));
  return { closing: closing.toFixed(2), ok: lastBalanceAfter === null || closing.equals(lastBalanceAfter) };
}
