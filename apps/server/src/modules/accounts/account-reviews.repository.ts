import { and, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminAccountRequest } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { tradingAccounts, users } from '../../db/schema/index.ts';

const deciders = alias(users, 'deciders');

/** Accounts that were held for review: still waiting, or decided by an operator (migration 0770's index). */
const reviewed = or(eq(tradingAccounts.status, 'pending'), isNotNull(tradingAccounts.decidedAt));

const statusFilter: Record<'pending' | 'approved' | 'rejected', SQL> = {
  pending: eq(tradingAccounts.status, 'pending'),
  approved: and(eq(tradingAccounts.status, 'active'), isNotNull(tradingAccounts.decidedAt))!,
  rejected: eq(tradingAccounts.status, 'rejected'),
};

/** Back office: accounts under review newest first, with the customer, their live accounts in use and the decider. */
export async function listAccountReviews(db: DbOrTx, status?: keyof typeof statusFilter): Promise<AdminAccountRequest[]> {
  const rows = await db
    .select({
      account: tradingAccounts,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      clientId: users.accountId,
      customerStatus: users.status,
      decidedBy: deciders.email,
      activeLive: sql<number>`(SELECT count(*)::int FROM trading_accounts s WHERE s.user_id = ${tradingAccounts.userId} AND s.kind = 'live' AND s.status = 'active')`,
    })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .leftJoin(deciders, eq(deciders.id, tradingAccounts.decidedBy))
    .where(and(reviewed, status ? statusFilter[status] : undefined))
    .orderBy(desc(tradingAccounts.createdAt), desc(tradingAccounts.id))
    .limit(500);
  return rows.map(({ account: a, ...r }) => ({
    id: a.id,
    user_id: a.userId,
    name: r.name,
    email: r.email,
    client_id: r.clientId,
    customer_status: r.customerStatus,
    active_live_accounts: r.activeLive,
    number: a.number,
    kind: a.kind,
    currency: a.currency,
    status: a.status === 'active' ? 'approved' : a.status,
    reason: a.reviewReason,
    decided_by: r.decidedBy,
    decided_at: a.decidedAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
  }));
}

export async function pendingAccountCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tradingAccounts).where(eq(tradingAccounts.status, 'pending'));
  return row?.n ?? 0;
}
