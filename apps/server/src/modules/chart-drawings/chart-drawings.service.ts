import { type ChartDrawings, type Drawing, drawingMessages, instrumentDrawings, MAX_DRAWING_INSTRUMENTS } from '@bourse/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { assetExists, type ChartDrawingsRow, deleteDrawings, drawingsRow, lockUser, otherInstruments, upsertDrawings } from './chart-drawings.repository.ts';

function view(assetId: number, row: ChartDrawingsRow | null): ChartDrawings {
  // A list a later version no longer accepts is not shown rather than breaking the chart.
  const parsed = instrumentDrawings.safeParse(row?.drawings ?? []);
  return { asset_id: assetId, drawings: parsed.success ? parsed.data : [], updated_at: row?.updatedAt.toISOString() ?? null };
}

/** The user's own drawings on the instrument's chart; an instrument that does not exist is not found. */
export async function chartDrawingsOf(db: DbOrTx, userId: number, assetId: number): Promise<ChartDrawings> {
  if (!(await assetExists(db, assetId))) throw notFound();
  return view(assetId, await drawingsRow(db, userId, assetId));
}

/**
 * Replaces the user's drawings on the instrument with `drawings` (already checked by the
 * contract); an empty list removes them. A new instrument beyond the cap is refused.
 */
export async function saveChartDrawings(db: Db, userId: number, assetId: number, drawings: Drawing[]): Promise<ChartDrawings> {
  if (!(await assetExists(db, assetId))) throw notFound();
  const row = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!drawings.length) {
      await deleteDrawings(tx, userId, assetId);
      return null;
    }
    if ((await otherInstruments(tx, userId, assetId)) >= MAX_DRAWING_INSTRUMENTS) throw conflict(drawingMessages.instruments);
    return upsertDrawings(tx, userId, assetId, drawings);
  });
  return view(assetId, row);
}
