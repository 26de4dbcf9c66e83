import { and, asc, between, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { Candle, Timeframe } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { candles } from '../../db/schema/index.ts';
import type { CandleRow } from './candle-aggregator.ts';

/**
 * Rows per statement. The embedded database runs on the server's own thread, so a save is split
 * into small statements with a turn of the event loop between them: the price socket never waits
 * for more than one of them.
 */
export const SAVE_CHUNK = 250;
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long recorded bars are kept, per timeframe (days); others are kept for good. */
const candleRetentionDays: Partial<Record<Timeframe, number>> = { '1m': 3, '5m': 14, '15m': 60, '1h': 400 };

/** Writes bars, replacing any saved earlier for the same bucket (the in-memory bar is the newer). */
export async function upsertCandles(db: DbOrTx, rows: CandleRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += SAVE_CHUNK) {
    if (i) await yieldToEventLoop();
    const json = JSON.stringify(rows.slice(i, i + SAVE_CHUNK));
    await db.execute(sql`
      INSERT INTO candles (asset_id, tf, time, open, high, low, close, volume)
      SELECT "assetId", tf, time, open, high, low, close, volume
      FROM jsonb_to_recordset(${json}::jsonb) AS r("assetId" integer, tf text, time bigint, open double precision,
        high double precision, low double precision, close double precision, volume double precision)
      ON CONFLICT (asset_id, tf, time) DO UPDATE SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low,
        close = EXCLUDED.close, volume = EXCLUDED.volume`);
  }
}

/** Recorded bars of one instrument in [from, to] (unix seconds), oldest first. */
export async function rangeCandles(db: DbOrTx, assetId: number, tf: Timeframe, from: number, to: number): Promise<Candle[]> {
  return db
    .select({ time: candles.time, open: candles.open, high: candles.high, low: candles.low, close: candles.close, volume: candles.volume })
    .from(candles)
    .where(and(eq(candles.assetId, assetId), eq(candles.tf, tf), between(candles.time, from, to)))
    .orderBy(asc(candles.time));
}

/** Start (unix seconds) of the latest recorded bar of each of these instruments in one timeframe; instruments without any are left out. */
export async function lastBarTimes(db: DbOrTx, assetIds: number[], tf: Timeframe): Promise<Map<number, number>> {
  if (!assetIds.length) return new Map();
  const rows = await db
    .select({ assetId: candles.assetId, time: max(candles.time) })
    .from(candles)
    .where(and(inArray(candles.assetId, assetIds), eq(candles.tf, tf)))
    .groupBy(candles.assetId);
  return new Map(rows.flatMap((r) => (r.time == null ? [] : [[r.assetId, Number(r.time)] as const])));
}

/** Recorded bars of one instrument in every timeframe from `from` (unix seconds) on. */
export async function candlesSince(db: DbOrTx, assetId: number, from: number): Promise<CandleRow[]> {
  return db.select().from(candles).where(and(eq(candles.assetId, assetId), gte(candles.time, from)));
}

/** Every instrument's saved bar for the given buckets (to resume bars in progress after a restart). */
export async function barsAt(db: DbOrTx, buckets: { tf: Timeframe; time: number }[]): Promise<CandleRow[]> {
  const out: CandleRow[] = [];
  for (const { tf, time } of buckets) {
    const rows = await db.select().from(candles).where(and(eq(candles.tf, tf), eq(candles.time, time)));
    out.push(...rows);
  }
  return out;
}

type HourRow = { asset_id: number; time: string | number; open: number; high: number; low: number; close: number; volume: number };

/** The last `count` recorded hourly bars of each instrument, oldest first per instrument. */
export async function lastHourBars(db: DbOrTx, count: number): Promise<CandleRow[]> {
  const result = await db.execute(sql`
    SELECT asset_id, time, open, high, low, close, volume FROM (
      SELECT *, row_number() OVER (PARTITION BY asset_id ORDER BY time DESC) AS n FROM candles WHERE tf = '1h'
    ) t WHERE n <= ${count} ORDER BY asset_id, time`);
  // Both drivers (pg and PGlite) answer raw queries with `{ rows }`.
  const { rows } = result as unknown as { rows: HourRow[] };
  return rows.map((r) => ({ assetId: r.asset_id, tf: '1h', time: Number(r.time), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
}

/** Deletes bars older than their timeframe's retention. */
export async function pruneCandles(db: DbOrTx, nowMs: number): Promise<void> {
  for (const [tf, days] of Object.entries(candleRetentionDays) as [Timeframe, number][]) {
    await db.delete(candles).where(and(eq(candles.tf, tf), sql`${candles.time} < ${Math.floor(nowMs / 1000) - days * 86_400}`));
  }
}
