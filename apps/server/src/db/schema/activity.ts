import { bigserial, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActivityActor, ActivityKind, CloseReason, OrderKind, TradeSide } from '@bourse/contract';
import { tradingAccounts } from './accounts.ts';

const priceColumn = (name: string) => numeric(name, { precision: 30, scale: 10 });

/** An account's activity log (migration 0810): append-only, one row per order event. */
export const accountActivity = pgTable('account_activity', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<ActivityKind>().notNull(),
  actor: text('actor').$type<ActivityActor>().notNull(),
  robotId: integer('robot_id'),
  tradeId: text('trade_id').notNull(),
  symbol: text('symbol').notNull(),
  side: text('side').$type<TradeSide>().notNull(),
  orderType: text('order_type').$type<OrderKind>().notNull(),
  lots: numeric('lots', { precision: 10, scale: 2 }).notNull(),
  price: priceColumn('price'),
  takeProfit: priceColumn('take_profit'),
  stopLoss: priceColumn('stop_loss'),
  reason: text('reason').$type<CloseReason>(),
  pnl: numeric('pnl', { precision: 20, scale: 2 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ActivityRow = typeof accountActivity.$inferSelect;
