import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminProfessionalRequest, ClientCategory, ProfessionalRequest, ProfessionalRequestStatus } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { professionalEvidence, professionalRequests, users } from '../../db/schema/index.ts';

export type RequestRow = typeof professionalRequests.$inferSelect;
export type EvidenceRow = typeof professionalEvidence.$inferSelect;
export type NewRequest = typeof professionalRequests.$inferInsert;
export type NewEvidence = Omit<typeof professionalEvidence.$inferInsert, 'requestId'>;

/** A request as its customer sees it, with its evidence files. */
export function requestView(r: RequestRow, evidence: EvidenceRow[]): ProfessionalRequest {
  return {
    id: r.id,
    status: r.status,
    trades_per_quarter: Number(r.tradesPerQuarter),
    portfolio_eur: Number(r.portfolioEur),
    sector_years: Number(r.sectorYears),
    sector_role: r.sectorRole,
    criteria: { trades: r.tradesMet, portfolio: r.portfolioMet, experience: r.experienceMet },
    evidence: evidence.map((e) => ({ id: e.id, file_name: e.fileName, mime_type: e.mimeType, size: e.size, is_image: e.isImage })),
    reason: r.reason,
    decided_at: r.decidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** The user's category, or null when there is no such user. */
export async function categoryOf(db: DbOrTx, userId: number): Promise<ClientCategory | null> {
  const [row] = await db.select({ category: users.clientCategory }).from(users).where(eq(users.id, userId));
  return row?.category ?? null;
}

/**
 * Locks the customer's row and their trading accounts, in the order an order takes them (accounts
 * first): an order planning under its account lock finishes with the category it read, and the
 * next one reads the new category.
 */
export async function lockCustomer(tx: DbOrTx, userId: number): Promise<ClientCategory | null> {
  await tx.execute(sql`SELECT id FROM trading_accounts WHERE user_id = ${userId} ORDER BY id FOR UPDATE`);
  const [row] = await tx.select({ category: users.clientCategory }).from(users).where(eq(users.id, userId)).for('update');
  return row?.category ?? null;
}

/** Sets the category when it is `from`; false when it was not. */
export async function switchCategory(tx: DbOrTx, userId: number, from: ClientCategory, to: ClientCategory): Promise<boolean> {
  const done = await tx
    .update(users)
    .set({ clientCategory: to })
    .where(and(eq(users.id, userId), eq(users.clientCategory, from)))
    .returning({ id: users.id });
  return done.length > 0;
}

async function evidenceOf(db: DbOrTx, requestIds: number[]): Promise<Map<number, EvidenceRow[]>> {
  const rows = requestIds.length ? await db.select().from(professionalEvidence).where(inArray(professionalEvidence.requestId, requestIds)).orderBy(professionalEvidence.id) : [];
  const byRequest = new Map<number, EvidenceRow[]>();
  for (const row of rows) byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), row]);
  return byRequest;
}

/** The customer's newest request, or null. */
export async function latestRequest(db: DbOrTx, userId: number): Promise<ProfessionalRequest | null> {
  const [row] = await db.select().from(professionalRequests).where(eq(professionalRequests.userId, userId)).orderBy(desc(professionalRequests.id)).limit(1);
  if (!row) return null;
  return requestView(row, (await evidenceOf(db, [row.id])).get(row.id) ?? []);
}

/** Writes a request with its evidence. */
export async function insertRequest(tx: DbOrTx, request: NewRequest, evidence: NewEvidence[]): Promise<RequestRow> {
  const [row] = await tx.insert(professionalRequests).values(request).returning();
  if (evidence.length) await tx.insert(professionalEvidence).values(evidence.map((e) => ({ ...e, requestId: row!.id })));
  return row!;
}

/** Decides a pending request; null when it is not pending (decided already, or no such request). */
export async function decideIfPending(tx: DbOrTx, id: number, decision: Pick<RequestRow, 'status' | 'reason' | 'decidedBy' | 'decidedAt'>): Promise<RequestRow | null> {
  const [row] = await tx
    .update(professionalRequests)
    .set(decision)
    .where(and(eq(professionalRequests.id, id), eq(professionalRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function findRequest(db: DbOrTx, id: number): Promise<RequestRow | null> {
  const [row] = await db.select().from(professionalRequests).where(eq(professionalRequests.id, id));
  return row ?? null;
}

export async function findEvidence(db: DbOrTx, id: number): Promise<EvidenceRow | null> {
  const [row] = await db.select().from(professionalEvidence).where(eq(professionalEvidence.id, id));
  return row ?? null;
}

const deciders = alias(users, 'deciders');

/** Back office: requests newest first, with the customer, the evidence and who decided. */
export async function listRequests(db: DbOrTx, status?: ProfessionalRequestStatus): Promise<AdminProfessionalRequest[]> {
  const rows = await db
    .select({
      request: professionalRequests,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      decidedBy: deciders.email,
    })
    .from(professionalRequests)
    .innerJoin(users, eq(users.id, professionalRequests.userId))
    .leftJoin(deciders, eq(deciders.id, professionalRequests.decidedBy))
    .where(status ? eq(professionalRequests.status, status) : undefined)
    .orderBy(desc(professionalRequests.createdAt), desc(professionalRequests.id))
    .limit(500);
  const evidence = await evidenceOf(
    db,
    rows.map((r) => r.request.id),
  );
  return rows.map((r) => ({
    ...requestView(r.request, evidence.get(r.request.id) ?? []),
    user_id: r.request.userId,
    name: r.name,
    email: r.email,
    decided_by: r.decidedBy,
  }));
}
