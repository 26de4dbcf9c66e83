import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { ConsentPurpose } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/statement.ts';
import { consents, dataExports } from '../../db/schema/index.ts';

/** The user's row as data rights need it, locked to the transaction's end when `lock`. */
export async function userForPrivacy(db: DbOrTx, userId: number, lock = false) {
  const [row] = rowsOf<{ id: number; role: string; email: string; avatar: string | null; erased_at: Date | string | null }>(
    await db.execute(sql`SELECT id, role, email, avatar, erased_at FROM users WHERE id = ${userId} ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  return row ?? null;
}

export type DataExportRow = typeof dataExports.$inferSelect;

/** Gives up exports left building by a process that stopped before finishing them. */
export async function failStaleExports(db: DbOrTx, userId: number, startedBefore: Date): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed', finishedAt: sql`now()` })
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'building'), sql`${dataExports.createdAt} < ${startedBefore.toISOString()}`));
}

export async function insertExport(db: DbOrTx, userId: number, expiresAt: Date): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId, expiresAt }).returning();
  return row!;
}

/** Marks a build done; false when the row is gone meanwhile (the customer was erased). */
export async function finishExport(db: DbOrTx, id: number, storageKey: string, size: number, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'ready', storageKey, size, finishedAt: sql`now()`, expiresAt })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function failExport(db: DbOrTx, id: number): Promise<void> {
  await db.update(dataExports).set({ status: 'failed', finishedAt: sql`now()` }).where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')));
}

/** The user's exports not yet expired, newest first. */
export function liveExportsOf(db: DbOrTx, userId: number, limit = 5) {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.expiresAt, sql`now()`)))
    .orderBy(desc(dataExports.id))
    .limit(limit);
}

export async function exportOf(db: DbOrTx, userId: number, id: number): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  return row ?? null;
}

/** Each purpose's newest consent row of the user. */
export async function currentConsents(db: DbOrTx, userId: number) {
  return db
    .selectDistinctOn([consents.purpose])
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(consents.purpose, desc(consents.id));
}

export async function insertConsent(
  db: DbOrTx,
  row: { userId: number; purpose: ConsentPurpose; granted: boolean; source: 'client_area' | 'erasure'; ip?: string | null; userAgent?: string | null },
): Promise<void> {
  await db.insert(consents).values(row);
}
