import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { hedgeRules, hedges, users } from '../../../db/schema/index.ts';

export type HedgeRuleRow = typeof hedgeRules.$inferSelect;
export type HedgeRow = typeof hedges.$inferSelect;
export type NewHedge = typeof hedges.$inferInsert;

export function allRules(db: DbOrTx): Promise<HedgeRuleRow[]> {
  return db.select().from(hedgeRules).orderBy(hedgeRules.assetSymbol);
}

/** The enabled rules' instruments, for the checks after trades. */
export async function enabledRuleAssets(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ assetId: hedgeRules.assetId }).from(hedgeRules).where(eq(hedgeRules.enabled, true));
  return rows.map((r) => r.assetId);
}

/** The rule of an instrument, locked until the transaction ends: one decision at a time per rule, on any node. */
export async function lockRule(tx: DbOrTx, assetId: number): Promise<HedgeRuleRow | null> {
  const [row] = await tx.select().from(hedgeRules).where(eq(hedgeRules.assetId, assetId)).for('update');
  return row ?? null;
}

export async function setArmed(tx: DbOrTx, assetId: number, armed: boolean): Promise<void> {
  await tx.update(hedgeRules).set({ armed }).where(eq(hedgeRules.assetId, assetId));
}

/** Creates or changes a rule; a changed threshold arms it again (the next check decides afresh). */
export async function upsertRule(db: DbOrTx, rule: { assetId: number; assetSymbol: string; thresholdLots: string; enabled: boolean; updatedBy: number }): Promise<HedgeRuleRow> {
  const [row] = await db
    .insert(hedgeRules)
    .values({ ...rule, armed: true })
    .onConflictDoUpdate({ target: hedgeRules.assetId, set: { thresholdLots: rule.thresholdLots, enabled: rule.enabled, armed: true, updatedBy: rule.updatedBy, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function deleteRule(db: DbOrTx, assetId: number): Promise<HedgeRuleRow | null> {
  const [row] = await db.delete(hedgeRules).where(eq(hedgeRules.assetId, assetId)).returning();
  return row ?? null;
}

export async function insertHedge(tx: DbOrTx, values: NewHedge): Promise<HedgeRow> {
  const [row] = await tx.insert(hedges).values(values).returning();
  return row!;
}

/** Records a venue's final answer to a hedge order, once (null when it was settled already). */
export async function settleHedge(db: DbOrTx, id: number, answer: Pick<HedgeRow, 'status' | 'filledUnits' | 'averagePrice' | 'text'>): Promise<HedgeRow | null> {
  const [row] = await db
    .update(hedges)
    .set({ ...answer, settledAt: sql`now()` })
    .where(and(eq(hedges.id, id), eq(hedges.status, 'sent')))
    .returning();
  return row ?? null;
}

/** Hedge orders sent before `before` still without an answer. */
export function unsettledHedges(db: DbOrTx, before: Date): Promise<HedgeRow[]> {
  return db
    .select()
    .from(hedges)
    .where(and(eq(hedges.status, 'sent'), lt(hedges.createdAt, before)))
    .orderBy(hedges.id)
    .limit(50);
}

/** A page of the hedge history, newest first, with who placed each (null: a rule). */
export async function hedgePage(db: DbOrTx, q: { assetId?: number; page: number; size: number }): Promise<{ rows: (HedgeRow & { createdByEmail: string | null })[]; total: number }> {
  const where = q.assetId === undefined ? undefined : eq(hedges.assetId, q.assetId);
  const rows = await db
    .select({ hedge: hedges, email: users.email })
    .from(hedges)
    .leftJoin(users, eq(users.id, hedges.createdBy))
    .where(where)
    .orderBy(desc(hedges.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(hedges).where(where);
  return { rows: rows.map((r) => ({ ...r.hedge, createdByEmail: r.email })), total: count?.n ?? 0 };
}
