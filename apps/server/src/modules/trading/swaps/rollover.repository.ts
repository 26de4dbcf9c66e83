import { sql } from 'drizzle-orm';
import type { AssetType } from '@bourse/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/statement.ts';

// Both drivers (pg and PGlite) answer raw queries with `{ rows }`.
const ints = (ids: number[]) => `{${ids.join(',')}}`;

/** When a rollover is charged, what it looks at: its day, its instant, and a lower bound for `updated_at` of what closed after it. */
export type RolloverDay = { day: string; at: Date };
const since = (r: RolloverDay) => new Date(r.at.getTime() - 3_600_000).toISOString();

/**
 * Positions held at the rollover `r`: opened before it, and still open or closed after it (a close
 * stamps `updated_at` after `close_time`, so the closed ones are found through that index; an hour
 * of slack covers the clocks). A partial close's slices are part of their position, never
 * positions of their own: `parent_id` is null. (Dividends read the same positions.)
 */
export const positionsHeldAt = (r: RolloverDay) => sql`t.parent_id IS NULL AND t.open_time < ${r.at.toISOString()}::timestamptz
  AND (t.status = 'open' OR (t.status = 'closed' AND t.close_time >= ${r.at.toISOString()}::timestamptz AND t.updated_at >= ${since(r)}::timestamptz))`;

/** What a position held at `r`: what it holds now and the slices closed since. */
export const unitsHeldAt = (r: RolloverDay) =>
  sql`t.volume + coalesce((SELECT sum(s.volume) FROM trades s WHERE s.parent_id = t.id AND s.status = 'closed' AND s.close_time >= ${r.at.toISOString()}::timestamptz), 0)`;

/** Positions that pay swaps held at `r`: a swap-free one (its group's terms when it opened) pays none. */
const heldAt = (r: RolloverDay) => sql`${positionsHeldAt(r)} AND NOT t.swap_free`;

/** Rollovers before this instant are never charged (the feature's installation). */
export async function swapsChargedFrom(db: DbOrTx): Promise<Date> {
  const [row] = rowsOf<{ at: string | Date }>(await db.execute(sql`SELECT charged_from AS at FROM swap_settings`));
  return row ? new Date(row.at) : new Date(0);
}

/** Which of `days` have charged every position due. */
export async function completedDays(db: DbOrTx, days: string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`SELECT day::text AS day FROM swap_rollovers WHERE completed_at IS NOT NULL AND day = ANY(${`{${days.join(',')}}`}::date[])`),
  );
  return new Set(rows.map((r) => r.day));
}

/** Records a run of day `r`: adds what it charged, and marks the day complete when nothing was left waiting. */
export async function recordRollover(db: DbOrTx, r: RolloverDay, charged: number, complete: boolean): Promise<void> {
  await db.execute(sql`
    INSERT INTO swap_rollovers (day, rollover_at, charged, completed_at)
    VALUES (${r.day}::date, ${r.at.toISOString()}::timestamptz, ${charged}, ${complete ? sql`now()` : sql`NULL`})
    ON CONFLICT (day) DO UPDATE SET charged = swap_rollovers.charged + EXCLUDED.charged,
      completed_at = coalesce(swap_rollovers.completed_at, EXCLUDED.completed_at)`);
}

/** An instrument, quote currency and account currency held at a rollover, with the instrument's swap terms. */
export type HeldCombo = {
  asset_id: number;
  quote: string;
  currency: string;
  type: AssetType;
  digits: number;
  long_rate: string;
  short_rate: string;
  unit: 'percent' | 'points';
  triple_day: number | null;
  longs: boolean;
  shorts: boolean;
};

/** What is held at the rollover on instruments with a swap, grouped so each group's swap per unit is computed once. */
export async function heldCombos(db: DbOrTx, r: RolloverDay): Promise<HeldCombo[]> {
  return rowsOf<HeldCombo>(
    await db.execute(sql`
      SELECT t.asset_id, t.quote_currency AS quote, acc.currency, a.type, a.digits, s.long_rate::text AS long_rate, s.short_rate::text AS short_rate,
        s.unit, s.triple_day, bool_or(t.trade_type = 'buy') AS longs, bool_or(t.trade_type = 'sell') AS shorts
      FROM trades t
      JOIN trading_accounts acc ON acc.id = t.account_id
      JOIN assets a ON a.id = t.asset_id
      JOIN swap_rates s ON s.symbol = a.symbol
      WHERE ${heldAt(r)} AND (s.long_rate <> 0 OR s.short_rate <> 0)
      GROUP BY t.asset_id, t.quote_currency, acc.currency, a.type, a.digits, s.long_rate, s.short_rate, s.unit, s.triple_day`),
  );
}

/**
 * One side of a group's swap for the rollover: account currency per unit (`factor`; for `percent`
 * also per unit of `price`, the instrument's price then, or each position's opening price when it
 * has none) and what it was made of.
 */
export type SwapTerm = {
  asset_id: number;
  quote: string;
  currency: string;
  side: 'buy' | 'sell';
  factor: string;
  price: string | null;
  rate: string;
  unit: 'percent' | 'points';
  nights: number;
  conversion: string;
};

const TERMS_COLUMNS = sql`k(asset_id int, quote text, currency text, side text, factor numeric, price numeric, rate numeric, unit text, nights int, conversion numeric)`;
const termsJoin = sql`JOIN trading_accounts acc ON acc.id = t.account_id
  JOIN k ON k.asset_id = t.asset_id AND k.quote = t.quote_currency AND k.currency = acc.currency AND k.side = t.trade_type`;

/** The positions the rollover still has to charge under `terms`, by account. */
export async function dueTrades(db: DbOrTx, r: RolloverDay, terms: SwapTerm[]): Promise<{ id: number; account_id: number }[]> {
  if (terms.length === 0) return [];
  return rowsOf(
    await db.execute(sql`
      WITH k AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(terms)}::jsonb) AS ${TERMS_COLUMNS})
      SELECT t.id, t.account_id FROM trades t ${termsJoin}
      WHERE ${heldAt(r)} AND NOT EXISTS (SELECT 1 FROM swap_charges c WHERE c.trade_id = t.id AND c.day = ${r.day}::date)
      ORDER BY t.account_id, t.id`),
  );
}

/** Locks the accounts, in id order: a trading transaction takes its account's lock first, and so does each batch here. */
export async function lockAccounts(tx: DbOrTx, accountIds: number[]): Promise<void> {
  await tx.execute(sql`SELECT id FROM trading_accounts WHERE id = ANY(${ints(accountIds)}::int[]) ORDER BY id FOR UPDATE`);
}

/** Per account a batch charged: its owner, its balance after, how many positions, and one of them (the last). */
export type ChargedAccount = { account_id: number; user_id: number; balance: string; trade: number; ref: string; n: number };

/**
 * The tail of a rollover charge statement, after a `charged` CTE of (trade_id, account_id, amount):
 * the balances moved, one journal entry of `kind` per position with the balance after it (reference
 * `<prefix><trade>:<day>`), each position's running `swap`, and per account what ChargedAccount says.
 */
function postCharged(r: RolloverDay, kind: 'swap' | 'fee', prefix: string) {
  return sql`totals AS (SELECT account_id, sum(amount) AS total, count(*)::int AS n, max(trade_id) AS trade FROM charged GROUP BY account_id),
      moved AS (
        UPDATE trading_accounts a SET balance = a.balance + totals.total FROM totals WHERE a.id = totals.account_id
        RETURNING a.id, a.user_id, a.balance, totals.n, totals.trade
      ),
      -- Joined by primary key only: the planner cannot count a CTE's rows, and a join of two would be
      -- a loop over both. trading_accounts reads as it was before this statement (the balance before).
      entries AS (
        INSERT INTO journal_entries (account_id, kind, amount, balance_after, reference)
        SELECT c.account_id, ${kind}, c.amount, a.balance + sum(c.amount) OVER (PARTITION BY c.account_id ORDER BY c.trade_id),
          ${prefix} || tr.trade_id || ':' || ${r.day}
        FROM charged c JOIN trading_accounts a ON a.id = c.account_id JOIN trades tr ON tr.id = c.trade_id
        ORDER BY c.account_id, c.trade_id
        RETURNING 1
      ),
      swapped AS (UPDATE trades t SET swap = t.swap + c.amount FROM charged c WHERE t.id = c.trade_id RETURNING 1)
      SELECT m.id AS account_id, m.user_id, m.balance::text AS balance, m.trade, tr.trade_id AS ref, m.n
      FROM moved m JOIN trades tr ON tr.id = m.trade`;
}

/** The group and account currencies of swap-free positions held at `r` that owe their group's administration fee. */
const feeDue = (r: RolloverDay) => sql`FROM trades t
  JOIN trading_accounts acc ON acc.id = t.account_id
  JOIN customer_groups g ON g.id = acc.group_id
  WHERE ${positionsHeldAt(r)} AND t.swap_free AND g.swap_free AND g.swap_free_fee > 0 AND g.currency IS NOT NULL
    AND t.open_time <= ${r.at.toISOString()}::timestamptz - make_interval(days => g.swap_free_days)`;

/** Currency pairs (the group's, the account's) the swap-free fees of `r` are converted between. */
export async function feeCurrencies(db: DbOrTx, r: RolloverDay): Promise<{ currency: string; account_currency: string }[]> {
  return rowsOf(await db.execute(sql`SELECT DISTINCT g.currency, acc.currency AS account_currency ${feeDue(r)}`));
}

/** Swap-free positions that owe the fee of `r` and have not paid it, by account. */
export async function dueFees(db: DbOrTx, r: RolloverDay): Promise<{ id: number; account_id: number }[]> {
  return rowsOf(await db.execute(sql`SELECT t.id, t.account_id ${feeDue(r)}
    AND NOT EXISTS (SELECT 1 FROM swap_charges c WHERE c.trade_id = t.id AND c.day = ${r.day}::date) ORDER BY t.account_id, t.id`));
}

/**
 * Charges swap-free positions `ids` their group's administration fee for the rollover, instead of a
 * swap: the fee per lot per night times the lots held then, converted from the group's currency, as
 * a `swap_charges` row (unit `fee`, so once per position and day as a swap is) and a journal entry
 * of kind `fee`; it shows in the position's swap, as the cost of holding it overnight.
 */
export async function chargeSwapFreeFees(tx: DbOrTx, r: RolloverDay, ids: number[], rates: { currency: string; account_currency: string; conversion: number }[]): Promise<ChargedAccount[]> {
  return rowsOf(
    await tx.execute(sql`
      WITH k AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rates)}::jsonb) AS k(currency text, account_currency text, conversion numeric)),
      due AS (
        SELECT t.id, t.account_id, g.swap_free_fee AS fee, g.currency, acc.currency AS account_currency, ${unitsHeldAt(r)} AS units, t.contract_size
        ${feeDue(r)} AND t.id = ANY(${ints(ids)}::int[])
      ),
      priced AS (
        SELECT due.*, k.conversion, -round(units / contract_size * fee * k.conversion, 2) AS amount
        FROM due JOIN k ON k.currency = due.currency AND k.account_currency = due.account_currency
      ),
      charged AS (
        INSERT INTO swap_charges (trade_id, day, account_id, units, rate, unit, nights, price, conversion, amount)
        SELECT id, ${r.day}::date, account_id, units, fee, 'fee', 1, NULL, conversion, amount FROM priced WHERE amount <> 0 ORDER BY id
        ON CONFLICT (trade_id, day) DO NOTHING
        RETURNING trade_id, account_id, amount
      ),
      ${postCharged(r, 'fee', 'swap-free fee:')}`),
  );
}

/**
 * Charges the positions `ids` their swap for the rollover, in one statement: what each held then
 * (the position and the slices closed after it), the amount to the cent, a `swap_charges` row per
 * position (the primary key skips a position already charged that day, by this run or another
 * node's), one journal entry each with the balance after it, the balances, and each position's
 * running `swap`. A swap that rounds to nothing is not charged.
 */
export async function chargeSwaps(tx: DbOrTx, r: RolloverDay, ids: number[], terms: SwapTerm[]): Promise<ChargedAccount[]> {
  return rowsOf(
    await tx.execute(sql`
      WITH k AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(terms)}::jsonb) AS ${TERMS_COLUMNS}),
      due AS (
        SELECT t.id, t.account_id, t.trade_id AS public_id, k.rate, k.unit, k.nights, k.conversion, k.factor,
          CASE WHEN k.unit = 'percent' THEN coalesce(k.price, t.opening_price) END AS price,
          ${unitsHeldAt(r)} AS units
        FROM trades t ${termsJoin}
        WHERE t.id = ANY(${ints(ids)}::int[]) AND ${heldAt(r)}
      ),
      priced AS (SELECT due.*, round(units * coalesce(price, 1) * factor, 2) AS amount FROM due),
      charged AS (
        INSERT INTO swap_charges (trade_id, day, account_id, units, rate, unit, nights, price, conversion, amount)
        SELECT id, ${r.day}::date, account_id, units, rate, unit, nights, price, conversion, amount FROM priced WHERE amount <> 0 ORDER BY id
        ON CONFLICT (trade_id, day) DO NOTHING
        RETURNING trade_id, account_id, amount
      ),
      ${postCharged(r, 'swap', 'swap:')}`),
  );
}

/**
 * Negative balance protection after a swap, as settlement applies it after a loss: an account left
 * below zero with no open position is brought back to exactly 0 by a correction entry. One still
 * holding positions keeps its balance: its equity is what stop-out watches, and the close that
 * settles its positions corrects what is still negative then (settlement.ts). Returns the accounts corrected.
 */
export async function protectNegativeBalances(tx: DbOrTx, accounts: { account_id: number; ref: string }[]): Promise<number[]> {
  if (accounts.length === 0) return [];
  const rows = rowsOf<{ account_id: number }>(
    await tx.execute(sql`
      WITH neg AS (
        SELECT a.id, a.balance, r.ref
        FROM jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb) AS r(account_id int, ref text)
        JOIN trading_accounts a ON a.id = r.account_id
        WHERE a.balance < 0 AND NOT EXISTS (SELECT 1 FROM trades t WHERE t.account_id = a.id AND t.status = 'open')
      ),
      fixed AS (UPDATE trading_accounts a SET balance = 0 FROM neg WHERE a.id = neg.id RETURNING a.id, neg.balance AS was, neg.ref)
      INSERT INTO journal_entries (account_id, kind, amount, balance_after, reference)
      SELECT id, 'correction', -was, 0, 'negative balance protection ' || ref FROM fixed
      RETURNING account_id`),
  );
  return rows.map((r) => r.account_id);
}
