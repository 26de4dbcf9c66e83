import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { autotraderMessages as msg, localized, notices, type AdminAutotraderRequest, type AutotraderRisk } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { autotraderRequests, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { tell } from '../preferences/preferences.service.ts';
import { audit } from '../audit/audit.service.ts';

/** SPEC §4: a customer asks for the Auto Trader at a risk level; one pending request at a time. */
export async function requestAutotrader(ctx: AppContext, userId: number, risk: AutotraderRisk): Promise<void> {
  const [user] = await ctx.db.select({ autotrader: users.autotrader }).from(users).where(eq(users.id, userId));
  if (user?.autotrader) throw conflict(msg.active);
  try {
    await ctx.db.insert(autotraderRequests).values({ userId, risk });
  } catch (error) {
    // The partial unique index refuses a second pending request, concurrent ones included.
    if (isUniqueViolation(error)) throw conflict(msg.pending);
    throw error;
  }
}

/** The customer switches a running Auto Trader off; a new request is needed to turn it on again. */
export async function switchOffAutotrader(ctx: AppContext, userId: number): Promise<void> {
  const done = await ctx.db
    .update(users)
    .set({ autotrader: false })
    .where(and(eq(users.id, userId), eq(users.autotrader, true)))
    .returning({ id: users.id });
  if (done.length === 0) throw conflict(msg.notActive);
  await publishUserUpdated(ctx, userId);
}

const deciders = alias(users, 'deciders');

export async function listRequests(ctx: AppContext, status?: AdminAutotraderRequest['status']): Promise<AdminAutotraderRequest[]> {
  const rows = await ctx.db
    .select({
      id: autotraderRequests.id,
      userId: autotraderRequests.userId,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      risk: autotraderRequests.risk,
      status: autotraderRequests.status,
      reason: autotraderRequests.reason,
      decidedBy: deciders.email,
      decidedAt: autotraderRequests.decidedAt,
      createdAt: autotraderRequests.createdAt,
    })
    .from(autotraderRequests)
    .innerJoin(users, eq(users.id, autotraderRequests.userId))
    .leftJoin(deciders, eq(deciders.id, autotraderRequests.decidedBy))
    .where(status ? eq(autotraderRequests.status, status) : undefined)
    .orderBy(desc(autotraderRequests.createdAt), desc(autotraderRequests.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    name: r.name,
    email: r.email,
    risk: r.risk,
    status: r.status,
    reason: r.reason,
    decided_by: r.decidedBy,
    decided_at: r.decidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Approves or rejects a pending request. The request's state and the user's flag change in one
 * transaction; a request decided already (by another operator too) is refused.
 */
export async function decideRequest(ctx: AppContext, adminId: number, id: number, decision: { approve: true } | { approve: false; reason: string }) {
  const decided = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(autotraderRequests)
      .set({ status: decision.approve ? 'approved' : 'rejected', reason: decision.approve ? null : decision.reason, decidedBy: adminId, decidedAt: new Date() })
      .where(and(eq(autotraderRequests.id, id), eq(autotraderRequests.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: autotraderRequests.id }).from(autotraderRequests).where(eq(autotraderRequests.id, id));
      throw exists ? conflict(msg.notPending) : notFound(msg.notFound);
    }
    if (decision.approve) await tx.update(users).set({ autotrader: true, autotraderRisk: row.risk }).where(eq(users.id, row.userId));
    await audit(tx, { userId: adminId, role: 'admin' }, {
      action: decision.approve ? 'autotrader.approved' : 'autotrader.rejected',
      subjectType: 'autotrader_request',
      subjectId: row.id,
      userId: row.userId,
      details: decision.approve ? { risk: row.risk } : { risk: row.risk, reason: decision.reason },
    });
    return row;
  });
  await tell(
    ctx,
    decided.userId,
    'account',
    decision.approve
      ? { title: localized(notices.autotraderApprovedTitle), message: localized(notices.autotraderApproved, { risk: { key: decided.risk } }), color: 'success' }
      : { title: localized(notices.autotraderRejectedTitle), message: localized(notices.autotraderRejected, { reason: decision.reason }), color: 'warning' },
  );
  await publishUserUpdated(ctx, decided.userId);
}
