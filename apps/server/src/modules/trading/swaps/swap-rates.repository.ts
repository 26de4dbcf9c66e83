import { sql, type SQL } from 'drizzle-orm';
import { type AssetType, SWAP_RATES_PAGE_SIZE, type SwapRate, type SwapTripleDay, swapTripleDays } from '@bourse/contract';
import { defaultTripleDay, swapDayCount } from '@bourse/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/statement.ts';

/** ISO weekday (1 Monday … 5 Friday) as the API names it, and back. */
export const tripleDayName = (n: number | null): SwapTripleDay | null => (n === null ? null : (swapTripleDays[n - 1] ?? null));
export const tripleDayNumber = (name: SwapTripleDay | null): number | null => (name === null ? null : swapTripleDays.indexOf(name) + 1);

type Row = {
  asset_id: number;
  symbol: string;
  name: string;
  type: AssetType;
  long_rate: string | null;
  short_rate: string | null;
  unit: 'percent' | 'points' | null;
  triple_day: number | null;
  updated_at: string | Date | null;
};

/** A catalogue instrument with its swap terms: its own row, or none (no swap, the class's triple day). */
function view(r: Row): SwapRate {
  const custom = r.unit !== null;
  return {
    asset_id: r.asset_id,
    symbol: r.symbol,
    name: r.name,
    type: r.type,
    long_rate: custom ? trim(r.long_rate!) : '0',
    short_rate: custom ? trim(r.short_rate!) : '0',
    unit: r.unit ?? 'percent',
    triple_day: tripleDayName(custom ? r.triple_day : defaultTripleDay(r.type)),
    day_count: swapDayCount(r.type),
    custom,
    updated_at: r.updated_at === null ? null : new Date(r.updated_at).toISOString(),
  };
}

/** numeric(14,6) as people write it: -3.200000 → -3.2. */
const trim = (n: string) => (n.includes('.') ? n.replace(/0+$/, '').replace(/\.$/, '') : n);

const SELECT = sql`SELECT a.id AS asset_id, a.symbol, a.name, a.type, s.long_rate::text AS long_rate, s.short_rate::text AS short_rate, s.unit, s.triple_day, s.updated_at
  FROM assets a LEFT JOIN swap_rates s ON s.symbol = a.symbol`;


/** A page of the catalogue with each instrument's swap terms, in catalogue order. */
export async function swapRatesPage(db: DbOrTx, q: { search?: string; type?: AssetType; custom?: 'true' | 'false'; page: number }) {
  const filters: SQL[] = [sql`true`];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(a.symbol ILIKE ${like} OR a.symbol_display ILIKE ${like} OR a.name ILIKE ${like})`);
  }
  if (q.type) filters.push(sql`a.type = ${q.type}`);
  if (q.custom === 'true') filters.push(sql`s.symbol IS NOT NULL`);
  if (q.custom === 'false') filters.push(sql`s.symbol IS NULL`);
  const where = sql.join(filters, sql` AND `);
  const [rows, total] = await Promise.all([
    db.execute(sql`${SELECT} WHERE ${where} ORDER BY a.id LIMIT ${SWAP_RATES_PAGE_SIZE} OFFSET ${(q.page - 1) * SWAP_RATES_PAGE_SIZE}`),
    db.execute(sql`SELECT count(*)::int AS n FROM assets a LEFT JOIN swap_rates s ON s.symbol = a.symbol WHERE ${where}`),
  ]);
  return { rows: rowsOf<Row>(rows).map(view), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
}

/** One instrument's swap terms by its symbol; null when the catalogue has no such instrument. */
export async function swapRateOf(db: DbOrTx, symbol: string): Promise<SwapRate | null> {
  const [row] = rowsOf<Row>(await db.execute(sql`${SELECT} WHERE a.symbol = ${symbol}`));
  return row ? view(row) : null;
}

/** Sets an instrument's swap terms (its row is created or replaced). */
export async function saveSwapRate(
  db: DbOrTx,
  symbol: string,
  terms: { longRate: number; shortRate: number; unit: 'percent' | 'points'; tripleDay: number | null },
  by: number,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO swap_rates (symbol, long_rate, short_rate, unit, triple_day, updated_by, updated_at)
    VALUES (${symbol}, ${String(terms.longRate)}::numeric, ${String(terms.shortRate)}::numeric, ${terms.unit}, ${terms.tripleDay}::smallint, ${by}, now())
    ON CONFLICT (symbol) DO UPDATE SET long_rate = EXCLUDED.long_rate, short_rate = EXCLUDED.short_rate, unit = EXCLUDED.unit,
      triple_day = EXCLUDED.triple_day, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`);
}

/** Removes an instrument's swap terms: it has no swap from the next rollover. Whether there was a row. */
export async function removeSwapRate(db: DbOrTx, symbol: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`DELETE FROM swap_rates WHERE symbol = ${symbol} RETURNING symbol`)).length > 0;
}
