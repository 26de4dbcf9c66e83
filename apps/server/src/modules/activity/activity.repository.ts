import { and, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Activity, ActivityActor, ActivityKind } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { placeholders, statement } from '../../db/statement.ts';
import { accountActivity, type ActivityRow } from '../../db/schema/index.ts';
import { placedBy } from '../trading/trade-view.ts';
import type { TradeRow } from '../trading/trades.repository.ts';

/** The price an event happened at, as the trade row holds it right after. */
function priceOf(kind: ActivityKind, row: TradeRow): string | null {
  if (kind === 'closed') return row.closingPrice;
  if (kind === 'opened' || kind === 'filled') return row.filledPrice ?? row.openingPrice;
  if (kind === 'modified' && row.status === 'open') return null;
  return row.openingPrice;
}

/** Every column of an activity line, so its insert can be built once (see statement()). */
export const ACTIVITY_COLUMNS = ['accountId', 'kind', 'actor', 'robotId', 'tradeId', 'symbol', 'side', 'orderType', 'lots', 'price', 'takeProfit', 'stopLoss', 'reason', 'pnl'] as const;
export type ActivityLine = { [K in (typeof ACTIVITY_COLUMNS)[number]]: (typeof accountActivity.$inferInsert)[K] };
const insertActivity = statement('insert_activity', (db) => db.insert(accountActivity).values(placeholders(ACTIVITY_COLUMNS)));

/**
 * The line of the account's activity log for `row` right after `kind` happened to it. `system`
 * marks what the risk engine did (triggers, stop-out, a fill without margin); otherwise the
 * order's own key says who placed it.
 */
export function activityLine(kind: ActivityKind, row: TradeRow, by?: 'system'): ActivityLine {
  const placed = placedBy(row.idempotencyKey);
  const actor: ActivityActor = by ?? placed.placed_by;
  return {
    accountId: row.accountId,
    kind,
    actor,
    robotId: placed.robot_id,
    tradeId: row.tradeId,
    symbol: row.assetSymbol,
    side: row.tradeType,
    orderType: row.orderType,
    lots: row.lots,
    price: priceOf(kind, row),
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    reason: kind === 'closed' || kind === 'cancelled' ? row.closeReason : null,
    pnl: kind === 'closed' ? row.pnl : null,
  };
}

/** Writes the activity line (see activityLine) in the caller's transaction. A new order's line goes in with its trade (insertOrderTrade). */
export async function recordActivity(tx: DbOrTx, kind: ActivityKind, row: TradeRow, by?: 'system'): Promise<void> {
  await insertActivity(tx, activityLine(kind, row, by));
}

/** Newest first, at most `limit`, before the id `before`; `search` matches words of the row. */
export function activityOf(db: DbOrTx, accountId: number, opts: { search?: string; before?: number; limit: number }): Promise<ActivityRow[]> {
  const conditions: (SQL | undefined)[] = [eq(accountActivity.accountId, accountId)];
  if (opts.before) conditions.push(lt(accountActivity.id, opts.before));
  if (opts.search) {
    const pattern = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const columns = [accountActivity.symbol, accountActivity.tradeId, accountActivity.kind, accountActivity.actor, accountActivity.reason, accountActivity.side, accountActivity.orderType];
    conditions.push(or(...columns.map((column) => ilike(column, pattern))));
  }
  return db
    .select()
    .from(accountActivity)
    .where(and(...conditions))
    .orderBy(desc(accountActivity.id))
    .limit(opts.limit);
}

const num = (value: string | null) => (value === null ? null : Number(value));

export function activityView(row: ActivityRow): Activity {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: row.kind,
    actor: row.actor,
    robot_id: row.robotId,
    trade_id: row.tradeId,
    symbol: row.symbol,
    side: row.side,
    order_type: row.orderType,
    lots: Number(row.lots),
    price: num(row.price),
    take_profit: num(row.takeProfit),
    stop_loss: num(row.stopLoss),
    reason: row.reason,
    pnl: row.pnl,
  };
}
