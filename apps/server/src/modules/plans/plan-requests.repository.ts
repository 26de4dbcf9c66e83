import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPlanRequest, PlanRequestStatus } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { accountTypes, planRequests, users } from '../../db/schema/index.ts';

const deciders = alias(users, 'deciders');
const fromPlans = alias(accountTypes, 'from_plans');
const toPlans = alias(accountTypes, 'to_plans');

/** Back office: plan requests newest first, with the customer, both plans and the decider. */
export async function listPlanRequests(db: DbOrTx, status?: PlanRequestStatus): Promise<AdminPlanRequest[]> {
  const rows = await db
    .select({
      id: planRequests.id,
      userId: planRequests.userId,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      fromPlan: fromPlans.title,
      toPlan: toPlans.title,
      status: planRequests.status,
      reason: planRequests.reason,
      decidedBy: deciders.email,
      decidedAt: planRequests.decidedAt,
      createdAt: planRequests.createdAt,
    })
    .from(planRequests)
    .innerJoin(users, eq(users.id, planRequests.userId))
    .innerJoin(fromPlans, eq(fromPlans.id, planRequests.fromPlanId))
    .innerJoin(toPlans, eq(toPlans.id, planRequests.toPlanId))
    .leftJoin(deciders, eq(deciders.id, planRequests.decidedBy))
    .where(status ? eq(planRequests.status, status) : undefined)
    .orderBy(desc(planRequests.createdAt), desc(planRequests.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    name: r.name,
    email: r.email,
    from_plan: r.fromPlan,
    to_plan: r.toPlan,
    status: r.status,
    reason: r.reason,
    decided_by: r.decidedBy,
    decided_at: r.decidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}
