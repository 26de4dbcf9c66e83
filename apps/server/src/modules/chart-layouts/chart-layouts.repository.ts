import { eq, inArray, sql } from 'drizzle-orm';
import type { ChartLayout } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { assets, chartLayouts } from '../../db/schema/index.ts';

export type ChartLayoutRow = typeof chartLayouts.$inferSelect;

/** How many of `ids` (distinct) are instruments of the catalogue. */
export async function existingAssets(db: DbOrTx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db.select({ id: assets.id }).from(assets).where(inArray(assets.id, ids));
  return rows.length;
}

/** The user's chart layout, or null while they keep the default. */
export async function layoutRow(db: DbOrTx, userId: number): Promise<ChartLayoutRow | null> {
  const [row] = await db.select().from(chartLayouts).where(eq(chartLayouts.userId, userId));
  return row ?? null;
}

export async function upsertLayout(db: DbOrTx, userId: number, layout: ChartLayout): Promise<ChartLayoutRow> {
  const [row] = await db
    .insert(chartLayouts)
    .values({ userId, layout })
    .onConflictDoUpdate({ target: chartLayouts.userId, set: { layout, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
