import { boolean, integer, jsonb, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tradingAccounts } from './accounts.ts';
import { users } from './users.ts';

const priceColumn = (name: string) => numeric(name, { precision: 30, scale: 10 });

/** Positions and pending orders (migration 0300). Volume is in units; money is numeric(20,2). */
export const trades = pgTable('trades', {
  id: serial('id').primaryKey(),
  tradeId: text('trade_id').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id').references((): AnyPgColumn => trades.id, { onDelete: 'set null' }),
  assetId: integer('asset_id').notNull(),
  assetSymbol: text('asset_symbol').notNull(),
  assetName: text('asset_name').notNull(),
  quoteCurrency: text('quote_currency').notNull().default('USD'),
  tradeType: text('trade_type', { enum: ['buy', 'sell'] }).notNull(),
  orderType: text('order_type', { enum: ['market', 'limit', 'stop'] }).notNull().default('market'),
  status: text('status', { enum: ['open', 'closed', 'pending', 'cancelled'] }).notNull(),
  volume: numeric('volume', { precision: 24, scale: 8 }).notNull(),
  lots: numeric('lots', { precision: 10, scale: 2 }).notNull(),
  contractSize: numeric('contract_size', { precision: 20, scale: 8 }).notNull(),
  margin: numeric('margin', { precision: 20, scale: 2 }).notNull().default('0'),
  leverage: integer('leverage').notNull(),
  openingPrice: priceColumn('opening_price'),
  closingPrice: priceColumn('closing_price'),
  takeProfit: priceColumn('take_profit'),
  stopLoss: priceColumn('stop_loss'),
  trailingStop: priceColumn('trailing_stop'),
  triggerPrice: priceColumn('trigger_price'),
  requestedPrice: priceColumn('requested_price'),
  filledPrice: priceColumn('filled_price'),
  slippage: priceColumn('slippage'),
  /** Ask − bid at the fill, and the quote-to-account rate then (migration 0800). */
  spread: priceColumn('spread'),
  fillConversion: priceColumn('fill_conversion'),
  /** The instrument's pip, null where it has none (see pipSizeOf). */
  pipSize: priceColumn('pip_size'),
  latencyMs: integer('latency_ms'),
  pnl: numeric('pnl', { precision: 20, scale: 2 }).notNull().default('0'),
  /** Swaps charged (negative) or paid so far (migration 0860). */
  swap: numeric('swap', { precision: 20, scale: 2 }).notNull().default('0'),
  /** Commission charged so far (negative); what closing all its lots will charge, fixed at the fill; whether it pays swaps (migration 0880). */
  commission: numeric('commission', { precision: 20, scale: 2 }).notNull().default('0'),
  closeCommission: numeric('close_commission', { precision: 20, scale: 2 }).notNull().default('0'),
  swapFree: boolean('swap_free').notNull().default(false),
  /** The group's markup the trade priced with, a price distance per side, fixed when it was placed (migration 0960). */
  markup: numeric('markup', { precision: 20, scale: 10 }).notNull().default('0'),
  closeReason: text('close_reason', { enum: ['manual', 'tp', 'sl', 'stop_out', 'trailing', 'no_margin'] }),
  openTime: timestamp('open_time', { withTimezone: true }),
  closeTime: timestamp('close_time', { withTimezone: true }),
  idempotencyKey: text('idempotency_key'),
  requestHash: text('request_hash'),
  /** The first answer to an idempotent order, replayed verbatim to retries. */
  firstResponse: jsonb('first_response'),
  /** The liquidity provider an A-book position was filled at and its symbol there; null for the house's own (migration 0850). */
  venue: text('venue'),
  venueSymbol: text('venue_symbol'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Orders sent to an execution venue, written before they are sent (migration 0850). */
export const venueOrders = pgTable('venue_orders', {
  id: serial('id').primaryKey(),
  clOrdId: text('cl_ord_id').notNull().unique(),
  venue: text('venue').notNull(),
  symbol: text('symbol').notNull(),
  purpose: text('purpose', { enum: ['open', 'close', 'flatten'] }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'set null' }),
  assetId: integer('asset_id').notNull(),
  quoteCurrency: text('quote_currency').notNull(),
  side: text('side', { enum: ['buy', 'sell'] }).notNull(),
  lots: numeric('lots', { precision: 10, scale: 2 }).notNull(),
  units: numeric('units', { precision: 24, scale: 8 }).notNull(),
  limitPrice: priceColumn('limit_price'),
  margin: numeric('margin', { precision: 20, scale: 2 }).notNull().default('0'),
  request: jsonb('request').notNull(),
  status: text('status', { enum: ['sent', 'filled', 'partial', 'rejected'] }).notNull().default('sent'),
  filledUnits: numeric('filled_units', { precision: 24, scale: 8 }),
  averagePrice: priceColumn('average_price'),
  text: text('text'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/** Differences reconciliation found between the house's net position at a venue and the provider's (migration 0850). */
export const venueBreaks = pgTable('venue_breaks', {
  id: serial('id').primaryKey(),
  venue: text('venue').notNull(),
  symbol: text('symbol').notNull(),
  ours: numeric('ours', { precision: 24, scale: 8 }).notNull(),
  theirs: numeric('theirs', { precision: 24, scale: 8 }).notNull(),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});
