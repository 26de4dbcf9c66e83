import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/statement.ts';
import { riskWarningPeriods } from '../../db/schema/index.ts';

export type RiskWarningRow = typeof riskWarningPeriods.$inferSelect;

/**
 * Journal kinds that are the result of trading: realised P/L, commissions, swaps, the swap-free
 * fee and dividends. Money moved in or out (deposits, withdrawals, transfers), marketplace
 * purchases and corrections (the operator's adjustments and bonuses, negative balance protection,
 * demo resets) are not.
 */
export const TRADING_RESULT_KINDS = ['realised_pnl', 'commission', 'swap', 'fee', 'dividend'] as const;

/**
 * Which customers count as retail investors: customers in the retail category now (a professional
 * client's accounts are left out, as the rule asks for retail investor accounts only).
 */
const retailCustomer = sql`u.role = 'customer' AND u.client_category = 'retail'`;

/**
 * Over [from, to): the live accounts of retail customers with at least one trade closed in the
 * window, and how many of them lost money (the sum of their trading-result entries in the window
 * is negative).
 */
export async function countLosingAccounts(db: DbOrTx, from: Date, to: Date): Promise<{ counted: number; lost: number }> {
  const kinds = sql.join(TRADING_RESULT_KINDS.map((k) => sql`${k}`), sql`, `);
  const result = await db.execute(sql`
    WITH counted AS (
      SELECT a.id
      FROM trading_accounts a
      JOIN users u ON u.id = a.user_id
      WHERE a.kind = 'live' AND ${retailCustomer}
        AND EXISTS (SELECT 1 FROM trades t WHERE t.account_id = a.id AND t.status = 'closed' AND t.close_time >= ${from.toISOString()} AND t.close_time < ${to.toISOString()})
    ), results AS (
      SELECT c.id, coalesce(sum(j.amount), 0) AS result
      FROM counted c
      LEFT JOIN journal_entries j ON j.account_id = c.id AND j.kind IN (${kinds}) AND j.created_at >= ${from.toISOString()} AND j.created_at < ${to.toISOString()}
      GROUP BY c.id
    )
    SELECT count(*)::int AS counted, (count(*) FILTER (WHERE result < 0))::int AS lost FROM results`);
  const [row] = rowsOf<{ counted: number; lost: number }>(result);
  return { counted: row?.counted ?? 0, lost: row?.lost ?? 0 };
}

/** Keeps a quarter's figures unless that quarter was kept already; whether this call kept them. */
export async function insertPeriod(db: DbOrTx, row: typeof riskWarningPeriods.$inferInsert): Promise<boolean> {
  const kept = await db.insert(riskWarningPeriods).values(row).onConflictDoNothing().returning({ periodEnd: riskWarningPeriods.periodEnd });
  return kept.length > 0;
}

export async function hasPeriod(db: DbOrTx, periodEnd: string): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM risk_warning_periods WHERE period_end = ${periodEnd}`);
  return rowsOf(result).length > 0;
}

/** The quarters computed, newest first. */
export function periods(db: DbOrTx, limit = 12): Promise<RiskWarningRow[]> {
  return db.select().from(riskWarningPeriods).orderBy(desc(riskWarningPeriods.periodEnd)).limit(limit);
}

/** The newest quarter that found accounts to count: the figure the warning shows. */
export async function latestFigure(db: DbOrTx): Promise<RiskWarningRow | null> {
  const [row] = await db.select().from(riskWarningPeriods).where(sql`${riskWarningPeriods.percent} IS NOT NULL`).orderBy(desc(riskWarningPeriods.periodEnd)).limit(1);
  return row ?? null;
}
