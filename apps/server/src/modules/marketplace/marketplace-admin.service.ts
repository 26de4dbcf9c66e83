import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { AdminEaInput } from '@bourse/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accountTypes } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { allItems, insertItem, itemById, planIdsByItem, replacePlans, sales, salesTotals, updateItem } from './marketplace-admin.repository.ts';
import type { ExpertAdvisorRow } from './marketplace.repository.ts';

function adminView(row: ExpertAdvisorRow, planIds: number[]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    author: row.author,
    image: row.image,
    type: row.type,
    strategy: row.strategy as AdminEaInput['strategy'],
    default_params: row.defaultParams,
    features: row.features,
    amount: row.amount,
    billing: row.billing,
    published: row.published,
    plan_ids: planIds,
    translations: row.translations,
    rating: Number(row.rating),
    downloads: row.downloads,
  };
}

export async function adminItems(db: DbOrTx) {
  const rows = await allItems(db);
  const plans = await planIdsByItem(db, rows.map((r) => r.id));
  return rows.map((r) => adminView(r, plans.get(r.id) ?? []));
}

async function checkInput(db: DbOrTx, input: AdminEaInput): Promise<void> {
  if (input.type === 'expert_advisor' && !input.strategy) throw invalid('strategy', 'An Expert Advisor needs a strategy.');
  if (input.plan_ids.length === 0) return;
  const found = await db.select({ id: accountTypes.id }).from(accountTypes).where(inArray(accountTypes.id, input.plan_ids));
  if (found.length !== new Set(input.plan_ids).size) throw invalid('plan_ids', 'Unknown plan.');
}

const slugOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60)}-${randomUUID().slice(0, 8)}`;

export async function createItem(db: Db, input: AdminEaInput) {
  await checkInput(db, input);
  const row = await db.transaction(async (tx) => {
    const created = await insertItem(tx, input, slugOf(input.name));
    await replacePlans(tx, created.id, input.plan_ids);
    return created;
  });
  return adminView(row, input.plan_ids);
}

export async function editItem(db: Db, id: number, input: AdminEaInput) {
  if (!(await itemById(db, id))) throw notFound('Expert Advisor not found');
  await checkInput(db, input);
  const row = await db.transaction(async (tx) => {
    const updated = await updateItem(tx, id, input);
    await replacePlans(tx, id, input.plan_ids);
    return updated;
  });
  if (!row) throw notFound('Expert Advisor not found');
  return adminView(row, input.plan_ids);
}

export async function salesList(db: DbOrTx) {
  const [rows, totals] = await Promise.all([sales(db), salesTotals(db)]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      email: r.email,
      account_id: r.accountId,
      ea_id: r.eaId,
      ea_name: r.eaName,
      amount: r.amount,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
    totals,
  };
}
