import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AdminMoneyRequest, MoneyRequest } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { amlHits, moneyRequests, sourceOfFunds, tradingAccounts, users } from '../../db/schema/index.ts';
import { flagMoneyRequest } from '../aml/money-rules.service.ts';

export type MoneyRow = typeof moneyRequests.$inferSelect;
export type NewMoneyRow = typeof moneyRequests.$inferInsert;

export async function insertRequest(tx: DbOrTx, values: NewMoneyRow): Promise<MoneyRow> {
  const [row] = await tx.insert(moneyRequests).values(values).returning();
  // Every deposit and withdrawal passes the AML size and velocity rules as it is made.
  await flagMoneyRequest(tx, row!);
  return row!;
}

/** Moves a request on only from the state it is in, so two operators (or a double click) decide it once. */
export async function updateRequestIf(tx: DbOrTx, id: number, from: MoneyRow['status'], set: Partial<NewMoneyRow>): Promise<MoneyRow | null> {
  const [row] = await tx
    .update(moneyRequests)
    .set(set)
    .where(and(eq(moneyRequests.id, id), eq(moneyRequests.status, from)))
    .returning();
  return row ?? null;
}

/** Counts one more wrong confirmation code on a card payment still waiting for it; null once it is not waiting. */
export async function countChallengeFailure(tx: DbOrTx, id: number): Promise<number | null> {
  const failures = sql`coalesce((${moneyRequests.details}->>'challenge_failures')::int, 0) + 1`;
  const [row] = await tx
    .update(moneyRequests)
    .set({ details: sql`jsonb_set(${moneyRequests.details}, '{challenge_failures}', to_jsonb(${failures}))` })
    .where(and(eq(moneyRequests.id, id), eq(moneyRequests.status, 'requested')))
    .returning({ details: moneyRequests.details });
  return row ? Number(row.details.challenge_failures) : null;
}

export async function requestById(db: DbOrTx, id: number): Promise<MoneyRow | null> {
  const [row] = await db.select().from(moneyRequests).where(eq(moneyRequests.id, id));
  return row ?? null;
}

export async function requestByKey(db: DbOrTx, userId: number, key: string): Promise<MoneyRow | null> {
  const [row] = await db.select().from(moneyRequests).where(and(eq(moneyRequests.userId, userId), eq(moneyRequests.idempotencyKey, key)));
  return row ?? null;
}

/** The customer's requests, newest first, with the number of the account each is about. */
export async function requestsOfUser(db: DbOrTx, userId: number, kind?: MoneyRow['kind']): Promise<MoneyRequest[]> {
  const rows = await db
    .select({ row: moneyRequests, number: tradingAccounts.number })
    .from(moneyRequests)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, moneyRequests.accountId))
    .where(kind ? and(eq(moneyRequests.userId, userId), eq(moneyRequests.kind, kind)) : eq(moneyRequests.userId, userId))
    .orderBy(desc(moneyRequests.id))
    .limit(100);
  return rows.map(({ row, number }) => requestView(row, number));
}

export async function pendingCounts(db: DbOrTx): Promise<{ deposit: number; withdrawal: number }> {
  const rows = await db
    .select({ kind: moneyRequests.kind, n: sql<number>`count(*)`.mapWith(Number) })
    .from(moneyRequests)
    .where(sql`(${moneyRequests.kind} = 'deposit' AND ${moneyRequests.status} = 'requested' AND ${moneyRequests.method} = 'crypto')
      OR (${moneyRequests.kind} = 'withdrawal' AND ${moneyRequests.status} IN ('requested', 'approved'))`)
    .groupBy(moneyRequests.kind);
  return { deposit: rows.find((r) => r.kind === 'deposit')?.n ?? 0, withdrawal: rows.find((r) => r.kind === 'withdrawal')?.n ?? 0 };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function requestView(row: MoneyRow, accountNumber: string): MoneyRequest {
  return {
    id: row.id,
    user_id: row.userId,
    kind: row.kind,
    method: row.method,
    account_id: row.accountId,
    account_number: accountNumber,
    to_account_id: row.toAccountId,
    amount: row.amount,
    currency: row.currency,
    credited_amount: row.creditedAmount,
    status: row.status,
    details: row.details,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: iso(row.decidedAt),
    completed_at: iso(row.completedAt),
  };
}

/**
 * A back-office queue: by default what waits for an operator (crypto deposits to confirm,
 * withdrawals to approve or pay), oldest first, with the customer's context.
 */
export async function adminQueue(db: DbOrTx, filter: { kind?: MoneyRow['kind']; status?: MoneyRow['status'] }): Promise<AdminMoneyRequest[]> {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(moneyRequests.kind, filter.kind));
  if (filter.status) where.push(eq(moneyRequests.status, filter.status));
  else where.push(sql`(${moneyRequests.status} = 'requested' OR (${moneyRequests.kind} = 'withdrawal' AND ${moneyRequests.status} = 'approved'))`);
  const rows = await db
    .select({ row: moneyRequests, number: tradingAccounts.number, balance: tradingAccounts.balance, user: users })
    .from(moneyRequests)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, moneyRequests.accountId))
    .innerJoin(users, eq(users.id, moneyRequests.userId))
    .where(and(...where))
    .orderBy(filter.status ? desc(moneyRequests.id) : asc(moneyRequests.id))
    .limit(200);
  const ids = rows.map((r) => r.row.id);
  const flags = ids.length
    ? await db
        .select({ id: amlHits.moneyRequestId, rule: amlHits.rule })
        .from(amlHits)
        .where(and(inArray(amlHits.moneyRequestId, ids), eq(amlHits.status, 'open')))
        .orderBy(amlHits.id)
    : [];
  const heldUsers = [...new Set(rows.filter((r) => r.row.details.source_of_funds_hold === true).map((r) => r.row.userId))];
  const declared = heldUsers.length
    ? new Set((await db.select({ userId: sourceOfFunds.userId }).from(sourceOfFunds).where(and(inArray(sourceOfFunds.userId, heldUsers), eq(sourceOfFunds.status, 'approved')))).map((d) => d.userId))
    : new Set<number>();
  return rows.map(({ row, number, balance, user }) => ({
    ...requestView(row, number),
    customer: { name: `${user.firstName} ${user.lastName}`, email: user.email, client_id: user.accountId, status: user.status },
    account_balance: balance,
    aml_flags: flags.filter((f) => f.id === row.id).map((f) => f.rule ?? ''),
    source_of_funds_held: row.status === 'requested' && row.details.source_of_funds_hold === true && !declared.has(row.userId),
  }));
}
