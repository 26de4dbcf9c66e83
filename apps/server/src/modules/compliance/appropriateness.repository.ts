import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appropriatenessAssessments, users } from '../../db/schema/index.ts';

export type AssessmentRow = typeof appropriatenessAssessments.$inferSelect;

/** The customer's questionnaires, newest first (`limit` of them). */
export function assessmentsOf(db: DbOrTx, userId: number, limit = 50): Promise<AssessmentRow[]> {
  return db.select().from(appropriatenessAssessments).where(eq(appropriatenessAssessments.userId, userId)).orderBy(desc(appropriatenessAssessments.id)).limit(limit);
}

/** The customer's newest questionnaire: their standing. */
export async function latestAssessment(db: DbOrTx, userId: number): Promise<AssessmentRow | null> {
  return (await assessmentsOf(db, userId, 1))[0] ?? null;
}

/** Serialises a customer's answers and confirmations: the second of two at once sees the first's row. */
export async function lockCustomer(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function insertAssessment(tx: DbOrTx, row: typeof appropriatenessAssessments.$inferInsert): Promise<AssessmentRow> {
  const [inserted] = await tx.insert(appropriatenessAssessments).values(row).returning();
  return inserted!;
}

export async function markAcknowledged(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await tx.update(appropriatenessAssessments).set({ acknowledgedAt: at }).where(eq(appropriatenessAssessments.id, id));
}

/** Whether the customer is treated as a professional client, whose knowledge and experience the firm may assume. */
export async function isProfessional(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ category: users.clientCategory }).from(users).where(eq(users.id, userId));
  return row?.category === 'professional';
}

export async function userExists(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}
