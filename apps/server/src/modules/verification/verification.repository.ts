import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, verificationDocuments } from '../../db/schema/index.ts';

export type DocumentRow = typeof verificationDocuments.$inferSelect;
export type NewDocument = typeof verificationDocuments.$inferInsert;

const docs = verificationDocuments;

/** The customer's documents in force: at most one per kind. */
export function currentDocuments(db: DbOrTx, userId: number): Promise<DocumentRow[]> {
  return db.select().from(docs).where(and(eq(docs.userId, userId), isNull(docs.supersededAt)));
}

/** Replaced documents, newest first: the record of what was refused and why. */
export function replacedDocuments(db: DbOrTx, userId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(docs)
    .where(and(eq(docs.userId, userId), isNotNull(docs.supersededAt)))
    .orderBy(desc(docs.createdAt), desc(docs.id));
}

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | null> {
  const [row] = await db.select().from(docs).where(eq(docs.id, id));
  return row ?? null;
}

/** Holds the customer's row until the transaction ends, so uploads and decisions about one customer take turns. */
export async function lockCustomer(tx: DbOrTx, userId: number) {
  const [row] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function insertDocument(tx: DbOrTx, values: NewDocument): Promise<DocumentRow> {
  const [row] = await tx.insert(docs).values(values).returning();
  return row!;
}

export async function supersede(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(docs).set({ supersededAt: new Date() }).where(eq(docs.id, id));
}

export async function deleteDocument(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(docs).where(eq(docs.id, id));
}

/** Records a decision on a document still waiting for one; null when it was decided or replaced meanwhile. */
export async function decideIfPending(tx: DbOrTx, id: number, set: Pick<DocumentRow, 'status' | 'reason' | 'reviewedBy' | 'reviewedAt'>): Promise<DocumentRow | null> {
  const [row] = await tx
    .update(docs)
    .set(set)
    .where(and(eq(docs.id, id), eq(docs.status, 'pending'), isNull(docs.supersededAt)))
    .returning();
  return row ?? null;
}

/** Moves a pending customer to active; false when they were not pending. */
export async function activateIfPending(tx: DbOrTx, userId: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ status: 'active' })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .returning({ id: users.id });
  return rows.length > 0;
}

export type CustomerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'countryCode' | 'country' | 'nationality' | 'accountId' | 'status' | 'createdAt'
>;

const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  countryCode: users.countryCode,
  country: users.country,
  nationality: users.nationality,
  accountId: users.accountId,
  status: users.status,
  createdAt: users.createdAt,
};

export async function findCustomer(db: DbOrTx, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select(customerColumns).from(users).where(and(eq(users.id, id), eq(users.role, 'customer')));
  return row ?? null;
}

/** Every customer with the count of their current documents by state, the oldest waiting first. */
export function customerDocumentCounts(db: DbOrTx) {
  const count = (status: DocumentRow['status']) => sql<number>`count(${docs.id}) filter (where ${docs.status} = ${status})`.mapWith(Number);
  const oldestPending = sql<Date | null>`min(${docs.createdAt}) filter (where ${docs.status} = 'pending')`;
  return db
    .select({
      customer: customerColumns,
      pending: count('pending'),
      approved: count('approved'),
      rejected: count('rejected'),
      oldestPending: oldestPending.mapWith((v: string | Date | null) => (v == null ? null : new Date(v))),
      lastUpload: sql<Date | null>`max(${docs.createdAt})`.mapWith((v: string | Date | null) => (v == null ? null : new Date(v))),
    })
    .from(users)
    .leftJoin(docs, and(eq(docs.userId, users.id), isNull(docs.supersededAt)))
    .where(eq(users.role, 'customer'))
    .groupBy(users.id)
    .orderBy(asc(oldestPending), desc(users.id));
}
