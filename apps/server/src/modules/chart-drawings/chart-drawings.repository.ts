import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Drawing } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { assets, chartDrawings, users } from '../../db/schema/index.ts';

export type ChartDrawingsRow = typeof chartDrawings.$inferSelect;

export async function assetExists(db: DbOrTx, assetId: number): Promise<boolean> {
  const [row] = await db.select({ id: assets.id }).from(assets).where(eq(assets.id, assetId));
  return row !== undefined;
}

/** The user's drawings on one instrument, or null when none are kept. */
export async function drawingsRow(db: DbOrTx, userId: number, assetId: number): Promise<ChartDrawingsRow | null> {
  const [row] = await db
    .select()
    .from(chartDrawings)
    .where(and(eq(chartDrawings.userId, userId), eq(chartDrawings.assetId, assetId)));
  return row ?? null;
}

/** Locks the user's row: saves of one user run one at a time, so the cap on instruments holds. */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many instruments other than `assetId` the user keeps drawings on. */
export async function otherInstruments(db: DbOrTx, userId: number, assetId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chartDrawings)
    .where(and(eq(chartDrawings.userId, userId), ne(chartDrawings.assetId, assetId)));
  return row?.n ?? 0;
}

export async function upsertDrawings(tx: DbOrTx, userId: number, assetId: number, drawings: Drawing[]): Promise<ChartDrawingsRow> {
  const [row] = await tx
    .insert(chartDrawings)
    .values({ userId, assetId, drawings })
    .onConflictDoUpdate({ target: [chartDrawings.userId, chartDrawings.assetId], set: { drawings, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function deleteDrawings(tx: DbOrTx, userId: number, assetId: number): Promise<void> {
  await tx.delete(chartDrawings).where(and(eq(chartDrawings.userId, userId), eq(chartDrawings.assetId, assetId)));
}
