import { z } from 'zod';
import { localizedText } from './localized.ts';

/** GET /accounts/{id}/statements: the months ('YYYY-MM', newest first) with activity. */
export const statementMonthsResponse = z.object({ data: z.array(z.string().regex(/^\d{4}-\d{2}$/)) });

/** GET /accounts/{id}/statements/{YYYY-MM}.{csv|pdf} */
export const statementParams = z.object({
  id: z.coerce.number().int().positive(),
  file: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])\.(csv|pdf)$/, 'Ask for YYYY-MM.csv or YYYY-MM.pdf.'),
});

/** The first year a costs-and-charges statement can be asked for. */
export const COSTS_STATEMENT_FIRST_YEAR = 2000;

/**
 * GET /accounts/{id}/costs-statements/{year}: the annual costs-and-charges statement (PDF) of a
 * calendar year that has begun (the current year reads as far as it has gone).
 */
export const costsStatementParams = z.object({
  id: z.coerce.number().int().positive(),
  year: z.coerce
    .number({ error: 'Ask for a year such as 2025.' })
    .int('Ask for a year such as 2025.')
    .min(COSTS_STATEMENT_FIRST_YEAR, `Ask for a year from ${COSTS_STATEMENT_FIRST_YEAR}.`)
    .refine((year) => year <= new Date().getUTCFullYear(), 'That year has not begun.'),
});

const kindLabels: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  realised_pnl: 'Realised P&L',
  purchase: 'Purchase',
  fee: 'Fee',
  correction: 'Correction',
  transfer: 'Transfer',
  swap: 'Swap',
  commission: 'Commission',
  dividend: 'Dividend',
};

/** A ledger entry kind as people read it; kinds added later read as their words ('savings_interest' → 'Savings interest'). */
export function journalKindLabel(kind: string): string {
  const known = kindLabels[kind];
  if (known) return known;
  const words = kind.replaceAll(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Other';
}

/** The groups a statement totals by, in the order it prints them; every kind not named falls in 'other'. */
export const statementCategories = ['deposits', 'withdrawals', 'realised_pnl', 'swaps', 'commissions', 'dividends', 'fees', 'purchases', 'corrections', 'other'] as const;
export type StatementCategory = (typeof statementCategories)[number];

export const statementCategoryLabels: Record<StatementCategory, string> = {
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  realised_pnl: 'Realised P&L',
  swaps: 'Swaps',
  commissions: 'Commissions',
  dividends: 'Dividends',
  fees: 'Fees',
  purchases: 'Purchases',
  corrections: 'Corrections',
  other: 'Other',
};

const categoryOfKind: Record<string, StatementCategory> = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
  realised_pnl: 'realised_pnl',
  swap: 'swaps',
  commission: 'commissions',
  dividend: 'dividends',
  fee: 'fees',
  purchase: 'purchases',
  correction: 'corrections',
};

export const statementCategoryOf = (kind: string): StatementCategory => categoryOfKind[kind] ?? 'other';

/** GET /accounts/{id}/history?range=30d|90d|1y */
export const historyRanges = { '30d': 30, '90d': 90, '1y': 365 } as const;
export type HistoryRange = keyof typeof historyRanges;
export const accountHistoryQuery = z.object({ range: z.enum(['30d', '90d', '1y']).default('90d') });

/** A ledger entry as the dashboard lists it; a realised P&L entry carries the trade it closed. */
const activityItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  amount: z.string(),
  balance_after: z.string(),
  reference: z.string().nullable(),
  /** The reference as a message in the reader's language (`ledgerDetail`); null shows the reference as it is. */
  detail: localizedText.nullable(),
  created_at: z.string(),
  trade: z.object({ symbol: z.string(), side: z.string(), lots: z.string(), close_reason: z.string().nullable() }).nullable(),
});

/**
 * The balance at the end of every UTC day of the range (from the account's first entry when later),
 * the equity (balance + floating P&L) at the last hourly snapshot of each day (from the first
 * snapshot when later), and realised P&L.
 */
export const accountHistoryResponse = z.object({
  data: z.object({
    currency: z.string(),
    points: z.array(z.object({ date: z.string(), balance: z.string() })),
    equity_points: z.array(z.object({ date: z.string(), equity: z.string() })),
    pnl_today: z.string(),
    pnl_lifetime: z.string(),
    activity: z.array(activityItem),
  }),
});
export type AccountHistory = z.infer<typeof accountHistoryResponse>['data'];
export type AccountActivity = z.infer<typeof activityItem>;
