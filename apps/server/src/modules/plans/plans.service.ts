import { and, desc, eq } from 'drizzle-orm';
import { localized, notices, planMessages as msg, type OwnPlanRequest, type Plan, type PlansResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { planRequests, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { tell } from '../preferences/preferences.service.ts';
import { allPlans, featureNames, leverageCapsOf, planById, type PlanRow } from './plans.repository.ts';
import { audit } from '../audit/audit.service.ts';

type RequestRow = typeof planRequests.$inferSelect;

function ownRequestView(r: RequestRow): OwnPlanRequest {
  return { id: r.id, to_plan_id: r.toPlanId, status: r.status, reason: r.reason, created_at: r.createdAt.toISOString() };
}

/** The plans in order with their leverage ceilings (SPEC §3 Plan). */
export async function planViews(db: DbOrTx): Promise<Plan[]> {
  const plans = await allPlans(db);
  const caps = await leverageCapsOf(
    db,
    plans.map((p) => p.id),
  );
  return plans.map((p: PlanRow) => ({
    id: p.id,
    title: p.title,
    color: p.color,
    icon: p.icon,
    leverage: p.leverage,
    features: p.features,
    max_leverage: caps.get(p.id) ?? {},
  }));
}

/** GET /plans: every plan, the grid's feature names, and the caller's latest request. */
export async function plansFor(db: DbOrTx, userId: number): Promise<PlansResponse> {
  const [data, features, [latest]] = await Promise.all([
    planViews(db),
    featureNames(db),
    db.select().from(planRequests).where(eq(planRequests.userId, userId)).orderBy(desc(planRequests.createdAt), desc(planRequests.id)).limit(1),
  ]);
  return { data, plan_features: features, request: latest ? ownRequestView(latest) : null };
}

/**
 * POST /plans/request: asks an operator to move the caller to another plan. Refused for the plan
 * the caller has, and while another request waits (the partial unique index decides, so two
 * concurrent requests cannot both pass).
 */
export async function requestPlan(ctx: AppContext, userId: number, planId: number): Promise<OwnPlanRequest> {
  const target = await planById(ctx.db, planId);
  if (!target) throw invalid('plan_id', msg.notFound);
  const [user] = await ctx.db.select({ planId: users.accountTypeId }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.planId === planId) throw conflict(msg.samePlan);
  try {
    const [row] = await ctx.db.insert(planRequests).values({ userId, fromPlanId: user.planId, toPlanId: planId }).returning();
    return ownRequestView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg.pending);
    throw error;
  }
}

export type PlanDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approves or rejects a pending request. The request's state and, on approval, the user's plan
 * change in one transaction, so leverage and advisor access follow the plan from the next call.
 */
export async function decidePlanRequest(ctx: AppContext, adminId: number, id: number, decision: PlanDecision): Promise<void> {
  const decided = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(planRequests)
      .set({ status: decision.approve ? 'approved' : 'rejected', reason: decision.approve ? null : decision.reason, decidedBy: adminId, decidedAt: new Date() })
      .where(and(eq(planRequests.id, id), eq(planRequests.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: planRequests.id }).from(planRequests).where(eq(planRequests.id, id));
      throw exists ? conflict(msg.notPending) : notFound(msg.requestNotFound);
    }
    if (decision.approve) await tx.update(users).set({ accountTypeId: row.toPlanId }).where(eq(users.id, row.userId));
    await audit(tx, { userId: adminId, role: 'admin' }, {
      action: decision.approve ? 'plan.approved' : 'plan.rejected',
      subjectType: 'plan_request',
      subjectId: row.id,
      userId: row.userId,
      details: decision.approve ? { plan_id: row.toPlanId } : { plan_id: row.toPlanId, reason: decision.reason },
    });
    return row;
  });
  const plan = (await planById(ctx.db, decided.toPlanId))?.title ?? 'the new';
  await tell(
    ctx,
    decided.userId,
    'account',
    decision.approve
      ? { title: localized(notices.planUpgradedTitle), message: localized(notices.planUpgraded, { plan }), color: 'success' }
      : { title: localized(notices.planRejectedTitle), message: localized(notices.planRejected, { plan, reason: decision.reason }), color: 'warning' },
  );
  await publishUserUpdated(ctx, decided.userId);
}
