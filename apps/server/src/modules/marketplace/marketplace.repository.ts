import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountTypes, eaPurchases, expertAdvisors, planExpertAdvisors, users } from '../../db/schema/index.ts';

export type ExpertAdvisorRow = typeof expertAdvisors.$inferSelect;
export type PurchaseRow = typeof eaPurchases.$inferSelect;

/** Published items, most downloaded first (SPEC §2 "Sorted by downloads"). */
export async function publishedItems(db: DbOrTx): Promise<ExpertAdvisorRow[]> {
  return db.select().from(expertAdvisors).where(eq(expertAdvisors.published, true)).orderBy(desc(expertAdvisors.downloads), expertAdvisors.id);
}

export async function publishedItem(db: DbOrTx, id: number): Promise<ExpertAdvisorRow | null> {
  const [row] = await db.select().from(expertAdvisors).where(and(eq(expertAdvisors.id, id), eq(expertAdvisors.published, true)));
  return row ?? null;
}

export type ItemPlan = { id: number; title: string };

/** The plans each item is restricted to, in the plans' order; items open to every plan are absent. */
export async function plansOfItems(db: DbOrTx, ids: number[]): Promise<Map<number, ItemPlan[]>> {
  const out = new Map<number, ItemPlan[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ eaId: planExpertAdvisors.eaId, id: accountTypes.id, title: accountTypes.title })
    .from(planExpertAdvisors)
    .innerJoin(accountTypes, eq(accountTypes.id, planExpertAdvisors.planId))
    .where(inArray(planExpertAdvisors.eaId, ids))
    .orderBy(asc(accountTypes.sort), asc(accountTypes.id));
  for (const r of rows) out.set(r.eaId, [...(out.get(r.eaId) ?? []), { id: r.id, title: r.title }]);
  return out;
}

/** The plan the user is on now. */
export async function planOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ planId: users.accountTypeId }).from(users).where(eq(users.id, userId));
  return row?.planId ?? null;
}

/** Ids of the items the user owns now. */
export async function ownedItemIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ eaId: eaPurchases.eaId })
    .from(eaPurchases)
    .where(and(eq(eaPurchases.userId, userId), eq(eaPurchases.status, 'active')))
    .orderBy(eaPurchases.eaId);
  return rows.map((r) => r.eaId);
}

/**
 * Ids of the owned items the user's plan lets them use (SPEC §3 User.eas, §6): an item with no
 * plan_expert_advisors rows is open to every plan. Read at call time, so a plan change counts at once.
 */
/** usableItemIds as a column of a query over `users` (GET /user reads it beside the user). */
export const usableItemIdsColumn = sql<number[]>`(SELECT coalesce(json_agg(p.ea_id ORDER BY p.ea_id), '[]') FROM ea_purchases p
  WHERE p.user_id = users.id AND p.status = 'active'
    AND (NOT EXISTS (SELECT 1 FROM plan_expert_advisors pe WHERE pe.ea_id = p.ea_id)
         OR EXISTS (SELECT 1 FROM plan_expert_advisors pe WHERE pe.ea_id = p.ea_id AND pe.plan_id = users.account_type_id)))`;

export async function usableItemIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ eaId: eaPurchases.eaId })
    .from(eaPurchases)
    .innerJoin(users, eq(users.id, eaPurchases.userId))
    .where(
      and(
        eq(eaPurchases.userId, userId),
        eq(eaPurchases.status, 'active'),
        sql`(NOT EXISTS (SELECT 1 FROM plan_expert_advisors pe WHERE pe.ea_id = ${eaPurchases.eaId})
          OR EXISTS (SELECT 1 FROM plan_expert_advisors pe WHERE pe.ea_id = ${eaPurchases.eaId} AND pe.plan_id = users.account_type_id))`,
      ),
    )
    .orderBy(eaPurchases.eaId);
  return rows.map((r) => r.eaId);
}

export async function purchaseByKey(db: DbOrTx, userId: number, key: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(eaPurchases).where(and(eq(eaPurchases.userId, userId), eq(eaPurchases.idempotencyKey, key)));
  return row ?? null;
}

export async function insertPurchase(tx: DbOrTx, values: typeof eaPurchases.$inferInsert): Promise<PurchaseRow> {
  const [row] = await tx.insert(eaPurchases).values(values).returning();
  return row!;
}

export async function countDownload(tx: DbOrTx, eaId: number): Promise<void> {
  await tx.update(expertAdvisors).set({ downloads: sql`${expertAdvisors.downloads} + 1` }).where(eq(expertAdvisors.id, eaId));
}

/**
 * Active monthly purchases due for renewal, locked for this transaction; rows another node is
 * renewing are skipped rather than waited for.
 */
export async function lockDueRenewals(tx: DbOrTx, now: Date, limit: number): Promise<PurchaseRow[]> {
  return tx
    .select()
    .from(eaPurchases)
    .where(and(eq(eaPurchases.status, 'active'), sql`${eaPurchases.renewsAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(eaPurchases.renewsAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function updatePurchase(tx: DbOrTx, id: number, patch: Partial<Pick<PurchaseRow, 'status' | 'renewsAt'>>): Promise<void> {
  await tx.update(eaPurchases).set(patch).where(eq(eaPurchases.id, id));
}
