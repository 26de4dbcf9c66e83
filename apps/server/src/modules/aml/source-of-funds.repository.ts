import { and, count, desc, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminSourceOfFunds, SourceOfFundsDeclaration } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { moneyRequests, sourceOfFunds, users } from '../../db/schema/index.ts';

export type DeclarationRow = typeof sourceOfFunds.$inferSelect;
export type NewDeclaration = typeof sourceOfFunds.$inferInsert;

/** The details flag of a deposit held for the declaration. */
export const HOLD_FLAG = 'source_of_funds_hold';

/**
 * What a customer has deposited for real and not taken back: live deposits waiting or credited
 * (demo top-ups, cancelled and rejected requests left out), over their whole history. Lifetime,
 * not a rolling twelve months: the question is where the customer's money comes from, and a rolling
 * window would let the same money come in below the threshold by spreading it over the years.
 * Amounts add up as recorded (the site's account currency, one for most brokers).
 */
export async function liveDeposited(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db
    .select({ total: sum(moneyRequests.amount) })
    .from(moneyRequests)
    .where(and(eq(moneyRequests.userId, userId), eq(moneyRequests.kind, 'deposit'), ne(moneyRequests.method, 'demo'), inArray(moneyRequests.status, ['requested', 'completed'])));
  return row?.total ?? '0';
}

/** The customer's deposits still waiting and held for the declaration. */
export async function heldDeposits(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(moneyRequests)
    .where(and(eq(moneyRequests.userId, userId), eq(moneyRequests.kind, 'deposit'), eq(moneyRequests.status, 'requested'), sql`(${moneyRequests.details}->>${HOLD_FLAG})::boolean`));
  return Number(row?.n ?? 0);
}

export async function hasApproved(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: sourceOfFunds.id }).from(sourceOfFunds).where(and(eq(sourceOfFunds.userId, userId), eq(sourceOfFunds.status, 'approved'))).limit(1);
  return Boolean(row);
}

export async function latestDeclaration(db: DbOrTx, userId: number): Promise<DeclarationRow | null> {
  const [row] = await db.select().from(sourceOfFunds).where(eq(sourceOfFunds.userId, userId)).orderBy(desc(sourceOfFunds.id)).limit(1);
  return row ?? null;
}

export async function declarationById(db: DbOrTx, id: number): Promise<DeclarationRow | null> {
  const [row] = await db.select().from(sourceOfFunds).where(eq(sourceOfFunds.id, id));
  return row ?? null;
}

export async function insertDeclaration(tx: DbOrTx, values: NewDeclaration): Promise<DeclarationRow> {
  const [row] = await tx.insert(sourceOfFunds).values(values).returning();
  return row!;
}

/** Decides a declaration only while it waits, so two staff (or a double click) decide it once. */
export async function decideIfPending(tx: DbOrTx, id: number, set: Pick<NewDeclaration, 'status' | 'reason' | 'decidedBy' | 'decidedAt'>): Promise<DeclarationRow | null> {
  const [row] = await tx
    .update(sourceOfFunds)
    .set(set)
    .where(and(eq(sourceOfFunds.id, id), eq(sourceOfFunds.status, 'pending')))
    .returning();
  return row ?? null;
}

export function declarationView(row: DeclarationRow): SourceOfFundsDeclaration {
  return {
    id: row.id,
    source: row.source,
    other_source: row.otherSource,
    description: row.description,
    file_name: row.fileName,
    status: row.status,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

const deciders = alias(users, 'deciders');

/** The back office's review: waiting declarations first (oldest first), or one status, or one declaration. */
export async function listDeclarations(db: DbOrTx, filter: { status?: DeclarationRow['status']; id?: number }): Promise<AdminSourceOfFunds[]> {
  const where = filter.id ? eq(sourceOfFunds.id, filter.id) : filter.status ? eq(sourceOfFunds.status, filter.status) : undefined;
  const rows = await db
    .select({ row: sourceOfFunds, first: users.firstName, last: users.lastName, email: users.email, decidedBy: deciders.email })
    .from(sourceOfFunds)
    .innerJoin(users, eq(users.id, sourceOfFunds.userId))
    .leftJoin(deciders, eq(deciders.id, sourceOfFunds.decidedBy))
    .where(where)
    .orderBy(sql`${sourceOfFunds.status} = 'pending' DESC`, filter.status === 'pending' ? sourceOfFunds.id : desc(sourceOfFunds.id))
    .limit(200);
  return Promise.all(
    rows.map(async ({ row, first, last, email, decidedBy }) => ({
      ...declarationView(row),
      user_id: row.userId,
      customer: `${first} ${last}`.trim(),
      email,
      deposited: await liveDeposited(db, row.userId),
      held_deposits: await heldDeposits(db, row.userId),
      decided_by: decidedBy,
    })),
  );
}
