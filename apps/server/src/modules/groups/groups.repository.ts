import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerGroup, GroupTermsInput, PlanGroup } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { accountTypes, assets, customerGroups, tradingAccounts } from '../../db/schema/index.ts';

export type GroupRow = typeof customerGroups.$inferSelect;

/** Of these instrument symbols, those the catalogue does not have. */
export async function unknownSymbols(db: DbOrTx, symbols: string[]): Promise<string[]> {
  if (symbols.length === 0) return [];
  const known = new Set((await db.select({ symbol: assets.symbol }).from(assets).where(inArray(assets.symbol, symbols))).map((r) => r.symbol));
  return symbols.filter((s) => !known.has(s));
}

/** The default group: every account without another joins it, and it is never removed. */
export const DEFAULT_GROUP_ID = 1;

export function groupView(row: GroupRow, accounts: number): CustomerGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    commission_mode: row.commissionMode,
    commission_rate: row.commissionRate,
    commission_min: row.commissionMin,
    currency: row.currency,
    leverage: row.leverage,
    swap_free: row.swapFree,
    swap_free_days: row.swapFreeDays,
    swap_free_fee: row.swapFreeFee,
    execution: row.execution,
    margin_call_level: row.marginCallLevel,
    stop_out_level: row.stopOutLevel,
    allowed_classes: row.allowedClasses as CustomerGroup['allowed_classes'],
    allowed_symbols: row.allowedSymbols,
    markup: row.markup,
    accounts,
    is_default: row.id === DEFAULT_GROUP_ID,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every group with the number of accounts in it, by id. */
export async function allGroups(db: DbOrTx): Promise<CustomerGroup[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(customerGroups).orderBy(asc(customerGroups.id)),
    db.select({ groupId: tradingAccounts.groupId, n: count() }).from(tradingAccounts).groupBy(tradingAccounts.groupId),
  ]);
  const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
  return rows.map((r) => groupView(r, byGroup.get(r.id) ?? 0));
}

export async function groupById(db: DbOrTx, id: number): Promise<CustomerGroup | null> {
  const [row] = await db.select().from(customerGroups).where(eq(customerGroups.id, id));
  if (!row) return null;
  const [n] = await db.select({ n: count() }).from(tradingAccounts).where(eq(tradingAccounts.groupId, id));
  return groupView(row, n?.n ?? 0);
}

function columnsOf(g: GroupTermsInput, actor: number) {
  return {
    name: g.name,
    description: g.description,
    commissionMode: g.commission_mode,
    commissionRate: String(g.commission_rate),
    commissionMin: String(g.commission_min),
    currency: g.currency,
    leverage: g.leverage as Record<string, number>,
    swapFree: g.swap_free,
    swapFreeDays: g.swap_free_days,
    swapFreeFee: String(g.swap_free_fee),
    execution: g.execution,
    marginCallLevel: String(g.margin_call_level),
    stopOutLevel: String(g.stop_out_level),
    allowedClasses: g.allowed_classes,
    allowedSymbols: [...new Set(g.allowed_symbols)],
    markup: g.markup,
    updatedBy: actor,
  };
}

export async function insertGroup(tx: DbOrTx, g: GroupTermsInput, actor: number): Promise<number> {
  const [row] = await tx.insert(customerGroups).values(columnsOf(g, actor)).returning({ id: customerGroups.id });
  return row!.id;
}

export async function updateGroup(tx: DbOrTx, id: number, g: GroupTermsInput, actor: number): Promise<boolean> {
  const rows = await tx
    .update(customerGroups)
    .set({ ...columnsOf(g, actor), updatedAt: sql`now()` })
    .where(eq(customerGroups.id, id))
    .returning({ id: customerGroups.id });
  return rows.length > 0;
}

export async function deleteGroup(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(customerGroups).where(eq(customerGroups.id, id));
}

/** Moves an account to a group; returns the group it was in, null when there is no such account. */
export async function moveAccount(tx: DbOrTx, accountId: number, groupId: number): Promise<number | null> {
  const [before] = await tx.select({ groupId: tradingAccounts.groupId }).from(tradingAccounts).where(eq(tradingAccounts.id, accountId)).for('update');
  if (!before) return null;
  await tx.update(tradingAccounts).set({ groupId }).where(eq(tradingAccounts.id, accountId));
  return before.groupId;
}

/** The group row of an account, for the fills that happen outside an order's lock (pending orders, robots' closes). */
export async function groupOfAccount(db: DbOrTx, accountId: number): Promise<GroupRow | null> {
  const [row] = await db
    .select({ g: customerGroups })
    .from(tradingAccounts)
    .innerJoin(customerGroups, eq(customerGroups.id, tradingAccounts.groupId))
    .where(eq(tradingAccounts.id, accountId));
  return row?.g ?? null;
}

/** The group of each of these accounts, by account id (for the back office's view of a client). */
export async function groupsOfAccounts(db: DbOrTx, accountIds: number[]): Promise<Map<number, { id: number; name: string }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: tradingAccounts.id, id: customerGroups.id, name: customerGroups.name })
    .from(tradingAccounts)
    .innerJoin(customerGroups, eq(customerGroups.id, tradingAccounts.groupId))
    .where(inArray(tradingAccounts.id, accountIds));
  return new Map(rows.map((r) => [r.accountId, { id: r.id, name: r.name }]));
}

const planGroupColumns = { id: accountTypes.id, title: accountTypes.title, group_id: accountTypes.groupId };

/** Every plan with the group its customers' new accounts join, in the plans' order. */
export async function planGroups(db: DbOrTx): Promise<PlanGroup[]> {
  return db.select(planGroupColumns).from(accountTypes).orderBy(asc(accountTypes.sort), asc(accountTypes.id));
}

/** Points a plan at a group (null: the default); the plan as it was, null when there is no such plan. */
export async function setPlanGroup(tx: DbOrTx, planId: number, groupId: number | null): Promise<PlanGroup | null> {
  const [before] = await tx.select(planGroupColumns).from(accountTypes).where(eq(accountTypes.id, planId)).for('update');
  if (!before) return null;
  await tx.update(accountTypes).set({ groupId }).where(eq(accountTypes.id, planId));
  return before;
}

/** How many plans send their customers' new accounts to a group. */
export async function plansInGroup(db: DbOrTx, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accountTypes).where(eq(accountTypes.groupId, groupId));
  return row?.n ?? 0;
}
