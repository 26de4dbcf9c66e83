import { asc, eq, inArray } from 'drizzle-orm';
import type { AssetCategory } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { accountTypes, planFeatures, planLeverage } from '../../db/schema/index.ts';

export type PlanRow = typeof accountTypes.$inferSelect;
export type LeverageCaps = Partial<Record<AssetCategory, number>>;

/** Every plan in the operator's order; the first is the default for new customers. */
export function allPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(accountTypes).orderBy(asc(accountTypes.sort), asc(accountTypes.id));
}

export async function planById(db: DbOrTx, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(accountTypes).where(eq(accountTypes.id, id));
  return row ?? null;
}

/** The names of the comparison grid's rows, in order. */
export async function featureNames(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ name: planFeatures.name }).from(planFeatures).orderBy(asc(planFeatures.sort), asc(planFeatures.id));
  return rows.map((r) => r.name);
}

/** Leverage ceilings per asset class of each plan asked for, keyed by plan id. */
export async function leverageCapsOf(db: DbOrTx, planIds: number[]): Promise<Map<number, LeverageCaps>> {
  const caps = new Map<number, LeverageCaps>(planIds.map((id) => [id, {}]));
  if (planIds.length === 0) return caps;
  const rows = await db.select().from(planLeverage).where(inArray(planLeverage.planId, planIds));
  for (const r of rows) {
    const plan = caps.get(r.planId);
    if (plan) plan[r.assetClass] = r.maxLeverage;
  }
  return caps;
}
