import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { backtests } from '../../db/schema/index.ts';

export type BacktestRow = typeof backtests.$inferSelect;
export type NewBacktest = typeof backtests.$inferInsert;

/** Rows still waiting or running: the states a run leaves when it finishes. */
const ACTIVE = ['queued', 'running'] as const;

export async function insertBacktest(db: DbOrTx, values: NewBacktest): Promise<BacktestRow> {
  const [row] = await db.insert(backtests).values(values).returning();
  return row!;
}

export async function backtestOfUser(db: DbOrTx, userId: number, id: number): Promise<BacktestRow | null> {
  const [row] = await db.select().from(backtests).where(and(eq(backtests.id, id), eq(backtests.userId, userId)));
  return row ?? null;
}

/** The user's latest runs, newest first, without their reports (they can be large). */
export function recentBacktests(db: DbOrTx, userId: number, limit: number) {
  const { report: _report, ...columns } = getTableColumns(backtests);
  return db.select(columns).from(backtests).where(eq(backtests.userId, userId)).orderBy(desc(backtests.id)).limit(limit);
}

export async function activeBacktestOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: backtests.id })
    .from(backtests)
    .where(and(eq(backtests.userId, userId), inArray(backtests.status, [...ACTIVE])))
    .limit(1);
  return row?.id ?? null;
}

export async function markRunning(db: DbOrTx, id: number): Promise<void> {
  await db.update(backtests).set({ status: 'running', progress: 0 }).where(eq(backtests.id, id));
}

export async function saveProgress(db: DbOrTx, id: number, progress: number): Promise<void> {
  await db.update(backtests).set({ progress }).where(and(eq(backtests.id, id), eq(backtests.status, 'running')));
}

export async function markDone(db: DbOrTx, id: number, report: unknown): Promise<void> {
  await db.update(backtests).set({ status: 'done', progress: 100, report, finishedAt: new Date() }).where(eq(backtests.id, id));
}

export async function markFailed(db: DbOrTx, id: number, error: string): Promise<void> {
  await db.update(backtests).set({ status: 'failed', error, finishedAt: new Date() }).where(eq(backtests.id, id));
}

/** Runs a previous process left unfinished: the worker died with it, so they can never complete. */
export async function failUnfinished(db: DbOrTx, error: string): Promise<void> {
  await db.update(backtests).set({ status: 'failed', error, finishedAt: new Date() }).where(inArray(backtests.status, [...ACTIVE]));
}
