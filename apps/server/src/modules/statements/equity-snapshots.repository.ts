import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { equitySnapshots } from '../../db/schema/index.ts';
import type { Exposure } from '../trading/trades.repository.ts';

/** An account that needs this hour's snapshot; `open`: it holds open positions to value. */
export type DueAccount = { id: number; balance: string; currency: string; open: boolean };

/**
 * The next `limit` active accounts after `afterId` without a snapshot for `hour` that need one:
 * those holding open positions, and those whose balance moved since their last snapshot (an
 * account never snapshotted counts from 0, so an untouched empty account is skipped). The last
 * snapshot is read through the primary key, one index probe per account.
 */
export async function dueAccounts(db: DbOrTx, hour: Date, afterId: number, limit: number): Promise<DueAccount[]> {
  const at = hour.toISOString();
  const result = await db.execute(sql`
    SELECT a.id, a.balance::text AS balance, a.currency, o.open
    FROM trading_accounts a
    LEFT JOIN LATERAL (SELECT s.hour, s.balance FROM equity_snapshots s WHERE s.account_id = a.id ORDER BY s.hour DESC LIMIT 1) last ON true
    CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM trades t WHERE t.account_id = a.id AND t.status = 'open') AS open) o
    WHERE a.status = 'active' AND a.id > ${afterId}
      AND (last.hour IS NULL OR last.hour < ${at}::timestamptz)
      AND (o.open OR a.balance <> coalesce(last.balance, 0))
    ORDER BY a.id
    LIMIT ${limit}`);
  // Both drivers (pg and PGlite) answer raw queries with `{ rows }`.
  return (result as unknown as { rows: DueAccount[] }).rows;
}

/** The open exposure of several accounts at once, grouped like `exposuresOf` (one query for a whole batch). */
export async function exposuresOfAccounts(db: DbOrTx, accountIds: number[]): Promise<Map<number, Exposure[]>> {
  const byAccount = new Map<number, Exposure[]>();
  if (accountIds.length === 0) return byAccount;
  const result = await db.execute(sql`
    SELECT account_id, asset_id AS "assetId", trade_type AS side, quote_currency AS "quoteCurrency",
      sum(volume)::text AS units, sum(volume * opening_price)::text AS cost, sum(margin)::text AS margin
    FROM trades
    WHERE status = 'open' AND account_id IN (${sql.join(accountIds.map((id) => sql`${id}`), sql`, `)})
    GROUP BY account_id, asset_id, trade_type, quote_currency`);
  for (const { account_id: id, ...exposure } of (result as unknown as { rows: (Exposure & { account_id: number })[] }).rows) {
    byAccount.set(id, [...(byAccount.get(id) ?? []), exposure]);
  }
  return byAccount;
}

export type Snapshot = typeof equitySnapshots.$inferInsert;

/** Writes the snapshots that are not there yet; returns how many were new. */
export async function insertSnapshots(db: DbOrTx, rows: Snapshot[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await db.insert(equitySnapshots).values(rows).onConflictDoNothing().returning({ id: equitySnapshots.accountId });
  return written.length;
}
