import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { AdminEaInput } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { eaPurchases, expertAdvisors, journalEntries, planExpertAdvisors, tradingAccounts, users } from '../../db/schema/index.ts';
import type { ExpertAdvisorRow } from './marketplace.repository.ts';

export async function allItems(db: DbOrTx): Promise<ExpertAdvisorRow[]> {
  return db.select().from(expertAdvisors).orderBy(desc(expertAdvisors.downloads), expertAdvisors.id);
}

export async function itemById(db: DbOrTx, id: number): Promise<ExpertAdvisorRow | null> {
  const [row] = await db.select().from(expertAdvisors).where(eq(expertAdvisors.id, id));
  return row ?? null;
}

/** Plan ids per item; items open to every plan are absent. */
export async function planIdsByItem(db: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  const rows = await db.select().from(planExpertAdvisors).where(inArray(planExpertAdvisors.eaId, ids)).orderBy(planExpertAdvisors.planId);
  for (const r of rows) out.set(r.eaId, [...(out.get(r.eaId) ?? []), r.planId]);
  return out;
}

function columns(input: AdminEaInput) {
  return {
    name: input.name,
    description: input.description,
    author: input.author,
    image: input.image,
    type: input.type,
    strategy: input.type === 'expert_advisor' ? input.strategy : null,
    defaultParams: input.default_params,
    features: input.features,
    amount: input.amount,
    billing: input.billing,
    published: input.published,
    translations: input.translations,
  };
}

export async function insertItem(tx: DbOrTx, input: AdminEaInput, slug: string): Promise<ExpertAdvisorRow> {
  const [row] = await tx.insert(expertAdvisors).values({ ...columns(input), slug }).returning();
  return row!;
}

export async function updateItem(tx: DbOrTx, id: number, input: AdminEaInput): Promise<ExpertAdvisorRow | null> {
  const [row] = await tx
    .update(expertAdvisors)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(expertAdvisors.id, id))
    .returning();
  return row ?? null;
}

export async function replacePlans(tx: DbOrTx, eaId: number, planIds: number[]): Promise<void> {
  await tx.delete(planExpertAdvisors).where(eq(planExpertAdvisors.eaId, eaId));
  if (planIds.length > 0) await tx.insert(planExpertAdvisors).values(planIds.map((planId) => ({ planId, eaId })));
}

// Demo money is play money: what was taken on a demo account is neither a sale nor revenue.
const liveAccount = and(eq(tradingAccounts.id, eaPurchases.accountId), eq(tradingAccounts.kind, 'live'));

/** Every purchase from a live account, newest first, with the buyer's email and the item's name. */
export async function sales(db: DbOrTx) {
  return db
    .select({
      id: eaPurchases.id,
      userId: eaPurchases.userId,
      email: users.email,
      accountId: eaPurchases.accountId,
      eaId: eaPurchases.eaId,
      eaName: expertAdvisors.name,
      amount: eaPurchases.amount,
      status: eaPurchases.status,
      createdAt: eaPurchases.createdAt,
    })
    .from(eaPurchases)
    .innerJoin(tradingAccounts, liveAccount)
    .innerJoin(users, eq(users.id, eaPurchases.userId))
    .innerJoin(expertAdvisors, eq(expertAdvisors.id, eaPurchases.eaId))
    .orderBy(desc(eaPurchases.createdAt), desc(eaPurchases.id))
    .limit(500);
}

/**
 * Sale and ownership counts from the live accounts' purchases; revenue from their ledger, where
 * first payments and monthly renewals alike are `purchase` entries referencing the item (`ea:{id}`,
 * `ea:{id}:renewal:…`).
 */
export async function salesTotals(db: DbOrTx) {
  const [counts, revenue] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`,
        active: sql<number>`count(*) filter (where ${eaPurchases.status} = 'active')::int`,
      })
      .from(eaPurchases)
      .innerJoin(tradingAccounts, liveAccount),
    db
      .select({ amount: sql<string>`coalesce(-sum(${journalEntries.amount}), 0)::numeric(20, 2)::text` })
      .from(journalEntries)
      .innerJoin(tradingAccounts, and(eq(tradingAccounts.id, journalEntries.accountId), eq(tradingAccounts.kind, 'live')))
      .where(and(eq(journalEntries.kind, 'purchase'), like(journalEntries.reference, 'ea:%'))),
  ]);
  return { ...counts[0]!, amount: revenue[0]!.amount };
}
