import { sql } from 'drizzle-orm';
import type { CorporateAction } from '@bourse/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/statement.ts';
import { positionsHeldAt, type RolloverDay, unitsHeldAt } from '../swaps/rollover.repository.ts';

type ActionRow = { id: number; symbol: string; ex_date: string; amount: string; applied_at: string | Date | null; adjusted: number; created_at: string | Date };
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const view = (r: ActionRow): CorporateAction => ({ ...r, applied_at: iso(r.applied_at), created_at: iso(r.created_at)! });
const SELECT = sql`SELECT id, symbol, ex_date::text AS ex_date, amount::text AS amount, applied_at, adjusted, created_at FROM corporate_actions`;

/** The latest actions first (by ex-date). */
export async function listActions(db: DbOrTx): Promise<CorporateAction[]> {
  return rowsOf<ActionRow>(await db.execute(sql`${SELECT} ORDER BY ex_date DESC, id DESC LIMIT 500`)).map(view);
}

export async function actionById(db: DbOrTx, id: number): Promise<CorporateAction | null> {
  const [row] = rowsOf<ActionRow>(await db.execute(sql`${SELECT} WHERE id = ${id}`));
  return row ? view(row) : null;
}

/** Of `symbols`, those naming a share or index CFD of the catalogue. */
export async function dividendSymbols(db: DbOrTx, symbols: string[]): Promise<Set<string>> {
  if (symbols.length === 0) return new Set();
  const rows = rowsOf<{ symbol: string }>(await db.execute(sql`SELECT symbol FROM assets WHERE symbol = ANY(${`{${symbols.join(',')}}`}::text[]) AND type IN ('stocks', 'indices')`));
  return new Set(rows.map((r) => r.symbol));
}

/** Which of the (symbol, ex-date) pairs already have an action. */
export async function existingActions(db: DbOrTx, rows: { symbol: string; ex_date: string }[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const found = rowsOf<{ key: string }>(
    await db.execute(sql`SELECT symbol || '|' || ex_date::text AS key FROM corporate_actions
      WHERE (symbol, ex_date) IN (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(symbol text, ex_date date))`),
  );
  return new Set(found.map((r) => r.key));
}

export async function insertActions(tx: DbOrTx, rows: { symbol: string; ex_date: string; amount: number }[], actor: number): Promise<number[]> {
  const inserted = rowsOf<{ id: number }>(
    await tx.execute(sql`INSERT INTO corporate_actions (symbol, ex_date, amount, created_by)
      SELECT symbol, ex_date, amount, ${actor} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(symbol text, ex_date date, amount numeric)
      RETURNING id`),
  );
  return inserted.map((r) => r.id);
}

/** Removes an action not applied yet; whether one was removed. */
export async function deleteAction(tx: DbOrTx, id: number): Promise<boolean> {
  return rowsOf(await tx.execute(sql`DELETE FROM corporate_actions WHERE id = ${id} AND applied_at IS NULL RETURNING id`)).length > 0;
}

/** Actions not yet applied with an ex-date up to `until` (a calendar day). */
export async function dueActions(db: DbOrTx, until: string): Promise<CorporateAction[]> {
  return rowsOf<ActionRow>(await db.execute(sql`${SELECT} WHERE applied_at IS NULL AND ex_date <= ${until}::date ORDER BY ex_date, id`)).map(view);
}

/** A position the action still has to adjust: what it held at the record instant, its side and currencies. */
export type HeldPosition = { id: number; trade_id: string; account_id: number; user_id: number; side: 'buy' | 'sell'; quote: string; currency: string; units: string };

export async function heldForAction(db: DbOrTx, action: { id: number; symbol: string }, r: RolloverDay): Promise<HeldPosition[]> {
  return rowsOf<HeldPosition>(
    await db.execute(sql`
      SELECT t.id, t.trade_id, t.account_id, t.user_id, t.trade_type AS side, t.quote_currency AS quote, acc.currency, (${unitsHeldAt(r)})::text AS units
      FROM trades t
      JOIN trading_accounts acc ON acc.id = t.account_id
      JOIN assets a ON a.id = t.asset_id
      WHERE a.symbol = ${action.symbol} AND ${positionsHeldAt(r)}
        AND NOT EXISTS (SELECT 1 FROM dividend_charges c WHERE c.trade_id = t.id AND c.action_id = ${action.id})
      ORDER BY t.account_id, t.id`),
  );
}

/** Records a position's adjustment; false when it was recorded already (by another run or node). */
export async function recordDividend(tx: DbOrTx, c: { tradeId: number; actionId: number; accountId: number; units: string; conversion: number; amount: string }): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`INSERT INTO dividend_charges (trade_id, action_id, account_id, units, conversion, amount)
      VALUES (${c.tradeId}, ${c.actionId}, ${c.accountId}, ${c.units}::numeric, ${String(c.conversion)}::numeric, ${c.amount}::numeric)
      ON CONFLICT (trade_id, action_id) DO NOTHING RETURNING trade_id`),
  );
  return rows.length > 0;
}

export async function markApplied(db: DbOrTx, id: number, adjusted: number): Promise<void> {
  await db.execute(sql`UPDATE corporate_actions SET applied_at = now(), adjusted = adjusted + ${adjusted} WHERE id = ${id} AND applied_at IS NULL`);
}

export async function addAdjusted(db: DbOrTx, id: number, adjusted: number): Promise<void> {
  if (adjusted > 0) await db.execute(sql`UPDATE corporate_actions SET adjusted = adjusted + ${adjusted} WHERE id = ${id}`);
}
