import { and, asc, count, desc, eq, getTableColumns, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AssetCategory, ClientCategory } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { placeholders, statement } from '../../db/statement.ts';
import { accountActivity, tradingAccounts, trades } from '../../db/schema/index.ts';
import type { TradingAccountRow } from '../accounts/accounts.repository.ts';
import { ACTIVITY_COLUMNS, type ActivityLine } from '../activity/activity.repository.ts';
import type { GroupJson } from '../groups/groups.service.ts';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;
type TradeStatus = TradeRow['status'];

/**
 * Locks the account row for the rest of the transaction. Every trading transaction takes this lock
 * first, so orders, closes and stop-outs on one account run one at a time and never deadlock.
 */
export async function lockAccount(tx: DbOrTx, accountId: number): Promise<TradingAccountRow | null> {
  const [row] = await lockAccountStatement(tx, { accountId });
  return row ?? null;
}
const lockAccountStatement = statement('lock_account', (db) =>
  db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, sql.placeholder('accountId') as never))
    .for('update'),
);

/** The user's account `accountId`, or their first account when none is named. */
export async function accountOfUser(db: DbOrTx, userId: number, accountId?: number): Promise<TradingAccountRow | null> {
  const where = accountId === undefined ? eq(tradingAccounts.userId, userId) : and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.id, accountId));
  const [row] = await db.select().from(tradingAccounts).where(where).orderBy(asc(tradingAccounts.id)).limit(1);
  return row ?? null;
}

/**
 * Writes stamp `updated_at` with clock_timestamp(), not now(): the account lock orders writes to an
 * account, and only the statement's own clock keeps the stamps in that order, which is what lets
 * the risk engine on another node tell which changes it has not seen.
 */
const stamp = sql`clock_timestamp()`;

/** What an order's transaction starts from (see lockForOrder). */
export type OrderLock = {
  account: TradingAccountRow;
  /** The leverage of the user's plan, and its ceilings per asset class (plan_leverage). */
  planLeverage: number;
  planCaps: Partial<Record<AssetCategory, number>>;
  exposures: Exposure[];
  tradeId: number;
  now: Date;
  /** The account's customer group (its terms as `to_jsonb` gives them). */
  terms: GroupJson;
  /** The user's client category: the regulatory leverage ceiling applies to retail clients. */
  clientCategory: ClientCategory;
};

/**
 * An order's account lock: the user's account `accountId` (their first when none is named) locked
 * as lockAccount does, with the user's plan, the new trade's id, the transaction's clock and the
 * account's open exposure (as exposuresOf), in one round trip (the `order_lock` function, whose
 * comment says why it is a function). Null when the user has no such account.
 */
export async function lockForOrder(tx: DbOrTx, userId: number, accountId?: number): Promise<OrderLock | null> {
  const [row] = await lockForOrderStatement(tx, { userId, accountId: accountId ?? null });
  return row ? { ...row, now: new Date(row.now) } : null;
}
/** A table's columns read from `r.<composite>`, a row of it a function returned, each decoded as the table's column. */
function compositeColumns<T extends PgTable>(table: T, composite: string) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`(r.${sql.raw(composite)}).${sql.identifier(column.name)}`.mapWith(column)]),
  ) as { [K in keyof T['$inferSelect']]: SQL<T['$inferSelect'][K]> };
}
const lockForOrderStatement = statement('lock_for_order', (db) =>
  db
    .select({
      account: compositeColumns(tradingAccounts, 'account'),
      planLeverage: sql<number>`r.plan_leverage`,
      planCaps: sql<Partial<Record<AssetCategory, number>>>`r.plan_caps`,
      tradeId: sql<number>`r.trade_id`,
      now: sql<string>`r.now_at`,
      exposures: sql<Exposure[]>`r.exposures`,
      terms: sql<GroupJson>`r.terms`,
      clientCategory: sql<ClientCategory>`r.client_category`,
    })
    .from(sql`order_lock(${sql.placeholder('userId')}, ${sql.placeholder('accountId')}) r`),
);

/** What a change to one of a user's trades starts from (see lockForTrade). */
export type TradeLock = { account: TradingAccountRow; trade: TradeRow };

/**
 * The account of the user's trade `tradeId` locked as lockAccount does, and the trade as it is
 * under that lock, in one round trip (the `trade_lock` function). Null when the user has no such trade.
 */
export async function lockForTrade(tx: DbOrTx, userId: number, tradeId: number): Promise<TradeLock | null> {
  const [row] = await lockForTradeStatement(tx, { userId, tradeId });
  return row ?? null;
}
const lockForTradeStatement = statement('lock_for_trade', (db) =>
  db
    .select({ account: compositeColumns(tradingAccounts, 'account'), trade: compositeColumns(trades, 'trade') })
    .from(sql`trade_lock(${sql.placeholder('userId')}, ${sql.placeholder('tradeId')}) r`),
);

/** Every column an order writes (null where unused), so its insert is built once. */
const ORDER_COLUMNS = [
  'id', 'tradeId', 'userId', 'accountId', 'assetId', 'assetSymbol', 'assetName', 'quoteCurrency', 'tradeType', 'orderType', 'status',
  'volume', 'lots', 'contractSize', 'margin', 'leverage', 'openingPrice', 'takeProfit', 'stopLoss', 'trailingStop', 'triggerPrice',
  'requestedPrice', 'filledPrice', 'slippage', 'spread', 'fillConversion', 'pipSize', 'latencyMs', 'openTime', 'idempotencyKey',
  'requestHash', 'firstResponse', 'venue', 'venueSymbol', 'commission', 'closeCommission', 'swapFree', 'markup', 'createdAt',
] as const;
export type OrderTrade = { [K in (typeof ORDER_COLUMNS)[number]]: NewTrade[K] };
/** The trade and its activity line in one statement: the line goes in as a data-modifying WITH. */
const insertOrderStatement = statement('insert_order_trade', (db) => {
  const line = db.$with('order_activity').as(db.insert(accountActivity).values(placeholders(ACTIVITY_COLUMNS, 'activity.')) as never);
  return (
    db
      .with(line)
      .insert(trades)
      // drizzle's timestamp encoder cannot take null, so a pending order's open time goes to the driver as it is.
      .values({ ...placeholders(ORDER_COLUMNS), openTime: sql`${sql.placeholder('openTime')}`, updatedAt: stamp })
      .returning()
  );
});

/** A new order's trade, with its id taken by lockForOrder and its first answer, and the line of the account's activity log for it. */
export async function insertOrderTrade(tx: DbOrTx, values: OrderTrade, activity: ActivityLine): Promise<TradeRow> {
  const params: Record<string, unknown> = { ...values };
  for (const column of ACTIVITY_COLUMNS) params[`activity.${column}`] = activity[column];
  const [row] = await insertOrderStatement(tx, params);
  return row!;
}

export async function insertTrade(tx: DbOrTx, values: NewTrade): Promise<TradeRow> {
  const [row] = await tx.insert(trades).values({ ...values, updatedAt: stamp }).returning();
  return row!;
}

export async function tradeByKey(db: DbOrTx, userId: number, key: string): Promise<TradeRow | null> {
  const [row] = await db.select().from(trades).where(and(eq(trades.userId, userId), eq(trades.idempotencyKey, key))).limit(1);
  return row ?? null;
}

export async function tradeOfUser(db: DbOrTx, userId: number, id: number): Promise<TradeRow | null> {
  const [row] = await db.select().from(trades).where(and(eq(trades.id, id), eq(trades.userId, userId))).limit(1);
  return row ?? null;
}

export async function tradeById(db: DbOrTx, id: number): Promise<TradeRow | null> {
  const [row] = await db.select().from(trades).where(eq(trades.id, id)).limit(1);
  return row ?? null;
}

export function tradesByIds(db: DbOrTx, ids: number[]): Promise<TradeRow[]> {
  return ids.length ? db.select().from(trades).where(inArray(trades.id, ids)) : Promise.resolve([]);
}

export function tradesOfAccount(db: DbOrTx, accountId: number, statuses: TradeStatus[]): Promise<TradeRow[]> {
  return db.select().from(trades).where(and(eq(trades.accountId, accountId), inArray(trades.status, statuses))).orderBy(asc(trades.id));
}

/**
 * Changes a trade only if it is still in status `from`; returns null when another request got there
 * first. This conditional write is what makes a close racing its own stop-loss settle once.
 */
export async function updateTradeIf(tx: DbOrTx, id: number, from: TradeStatus, set: Partial<NewTrade>): Promise<TradeRow | null> {
  const [row] = await tx
    .update(trades)
    .set({ ...set, updatedAt: stamp })
    .where(and(eq(trades.id, id), eq(trades.status, from)))
    .returning();
  return row ?? null;
}

/**
 * updateTradeIf for one set of columns, built once (see statement()): for the changes every close
 * and modify makes.
 */
function updateTradeIfStatement<const C extends readonly (keyof NewTrade & string)[]>(name: string, columns: C) {
  const update = statement(name, (db) =>
    db
      .update(trades)
      .set({ ...placeholders(columns), updatedAt: stamp })
      .where(and(eq(trades.id, sql.placeholder('id')), eq(trades.status, sql.placeholder('from'))))
      .returning(),
  );
  return async (tx: DbOrTx, id: number, from: TradeStatus, set: { [K in C[number]]: NewTrade[K] }): Promise<TradeRow | null> => {
    const [row] = await update(tx, { ...set, id, from });
    return row ?? null;
  };
}

/** Marks an open trade closed (see updateTradeIf). */
export const closeTradeIf = updateTradeIfStatement('close_trade', ['status', 'closingPrice', 'pnl', 'closeReason', 'closeTime', 'commission', 'closeCommission']);

/** Sets a trade's take-profit, stop-loss, trailing stop and entry (see updateTradeIf). */
export const setTradeLevelsIf = updateTradeIfStatement('set_trade_levels', ['takeProfit', 'stopLoss', 'trailingStop', 'openingPrice', 'triggerPrice', 'requestedPrice']);

export async function pageTrades(db: DbOrTx, accountId: number, statuses: TradeStatus[], page: number, size: number) {
  const where = and(eq(trades.accountId, accountId), inArray(trades.status, statuses));
  const order = statuses.includes('closed') ? [desc(trades.closeTime), desc(trades.id)] : [desc(trades.id)];
  const [rows, [total]] = await Promise.all([
    db.select().from(trades).where(where).orderBy(...order).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(trades).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A page of one of the user's lists (`accountId`, or their first account) with its account and the
 * list's total on every row: what GET /open/trades and its siblings answer with, in one round trip.
 * No rows means no such account, an empty list or a page past its end (see listTrades). The total
 * is a subquery on the index rather than `count(*) OVER ()`, which made PostgreSQL build every
 * joined row of the list before the page: the open list served 0.75 of the peer's rate, now 1.08.
 */
function listPage(name: string, order: SQL[]) {
  const firstAccount = sql`(SELECT a.id FROM trading_accounts a WHERE a.user_id = ${sql.placeholder('userId')}
    AND (${sql.placeholder('accountId')}::int IS NULL OR a.id = ${sql.placeholder('accountId')}::int) ORDER BY a.id LIMIT 1)`;
  return statement<{ trade: TradeRow; account: TradingAccountRow; total: number }[], { userId: number; accountId: number | null; status: TradeStatus; limit: number; offset: number }>(
    name,
    (db) =>
      db
        .select({
          trade: trades,
          account: tradingAccounts,
          total: sql<number>`(SELECT count(*) FROM trades t WHERE t.account_id = ${firstAccount} AND t.status = ${sql.placeholder('status')})`.mapWith(Number),
        })
        .from(trades)
        .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.accountId))
        .where(and(eq(trades.accountId, firstAccount), eq(trades.status, sql.placeholder('status'))))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
  );
}
/** Open trades and pending orders newest first; closed trades by when they closed. */
export const pageOfList = { byId: listPage('trades_page_by_id', [desc(trades.id)]), byCloseTime: listPage('trades_page_by_close', [desc(trades.closeTime), desc(trades.id)]) };

/** An account's open positions summed per instrument, side and quote currency. */
export type Exposure = { assetId: number; side: 'buy' | 'sell'; quoteCurrency: string; units: string; cost: string; margin: string };

/**
 * Open exposure of an account (the `account_exposures` function, which order_lock reads too), so
 * the free-margin check costs the same however many positions the account holds.
 */
export async function exposuresOf(db: DbOrTx, accountId: number): Promise<Exposure[]> {
  const [row] = await exposuresStatement(db, { accountId });
  return row?.exposures ?? [];
}
const exposuresStatement = statement('account_exposures', (db) =>
  db.select({ exposures: sql<Exposure[]>`e.exposures` }).from(sql`account_exposures(${sql.placeholder('accountId')}) AS e(exposures)`),
);

/** Sum of realised P&L of the account's closed trades (the summary's lifetimePnl). */
export async function realisedPnl(db: DbOrTx, accountId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${trades.pnl}), 0)::text` })
    .from(trades)
    .where(and(eq(trades.accountId, accountId), eq(trades.status, 'closed')));
  return row?.total ?? '0';
}

/** Every open position and pending order, for the risk engine's start. */
export function liveTrades(db: DbOrTx): Promise<TradeRow[]> {
  return db.select().from(trades).where(inArray(trades.status, ['open', 'pending'])).orderBy(asc(trades.id));
}

/** Accounts whose trades changed after `since`, with their latest change (to spot other nodes' writes). */
export function accountsChangedSince(db: DbOrTx, since: Date): Promise<{ id: number; at: Date }[]> {
  return db
    .select({ id: trades.accountId, at: sql<Date>`max(${trades.updatedAt})`.mapWith(trades.updatedAt) })
    .from(trades)
    .where(gt(trades.updatedAt, since))
    .groupBy(trades.accountId);
}

/** Writes a trailing stop the engine moved; it only ever tightens (rises for a buy, falls for a sell). */
export async function tightenStop(db: DbOrTx, tradeId: number, side: 'buy' | 'sell', stop: number): Promise<TradeRow | null> {
  const tighter = side === 'buy' ? sql`greatest(${trades.stopLoss}, ${String(stop)}::numeric)` : sql`least(${trades.stopLoss}, ${String(stop)}::numeric)`;
  const [row] = await db
    .update(trades)
    .set({ stopLoss: tighter, updatedAt: stamp })
    .where(and(eq(trades.id, tradeId), eq(trades.status, 'open')))
    .returning();
  return row ?? null;
}

export async function balancesOf(db: DbOrTx, accountIds: number[]): Promise<{ id: number; balance: string; currency: string; groupId: number }[]> {
  if (accountIds.length === 0) return [];
  return db
    .select({ id: tradingAccounts.id, balance: tradingAccounts.balance, currency: tradingAccounts.currency, groupId: tradingAccounts.groupId })
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.id, accountIds));
}
