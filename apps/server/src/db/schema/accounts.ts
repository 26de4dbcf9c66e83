import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A customer group: the trading terms of a set of accounts (migration 0880). */
export const customerGroups = pgTable('customer_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  commissionMode: text('commission_mode', { enum: ['none', 'per_lot', 'per_million'] }).notNull().default('none'),
  commissionRate: numeric('commission_rate', { precision: 14, scale: 4 }).notNull().default('0'),
  commissionMin: numeric('commission_min', { precision: 14, scale: 4 }).notNull().default('0'),
  currency: text('currency'),
  leverage: jsonb('leverage').$type<Record<string, number>>().notNull().default({}),
  swapFree: boolean('swap_free').notNull().default(false),
  swapFreeDays: integer('swap_free_days').notNull().default(0),
  swapFreeFee: numeric('swap_free_fee', { precision: 14, scale: 4 }).notNull().default('0'),
  execution: text('execution', { enum: ['route', 'b_book', 'a_book'] }).notNull().default('route'),
  marginCallLevel: numeric('margin_call_level', { precision: 6, scale: 2 }).notNull().default('100'),
  stopOutLevel: numeric('stop_out_level', { precision: 6, scale: 2 }).notNull().default('50'),
  allowedClasses: text('allowed_classes').array().notNull().default([]),
  /** When any are named, the group trades only these instruments (migration 0985). */
  allowedSymbols: text('allowed_symbols').array().notNull().default([]),
  /** Points added on each side of the quote, by asset class or instrument symbol (migration 0960). */
  markup: jsonb('markup').$type<Record<string, number>>().notNull().default({}),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A trading account; `balance` always equals the sum of its journal entries. */
export const tradingAccounts = pgTable('trading_accounts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  kind: text('kind', { enum: ['demo', 'live'] }).notNull(),
  currency: text('currency').notNull().default('USD'),
  balance: numeric('balance', { precision: 20, scale: 2 }).notNull().default('0'),
  credit: numeric('credit', { precision: 20, scale: 2 }).notNull().default('0'),
  /** The kill switch: while on, the account's robots are stopped and cannot start (migration 0610). */
  robotsHalted: boolean('robots_halted').notNull().default(false),
  /** Whether the account may be used (migration 0770): a live account may wait for an operator's approval. */
  status: text('status', { enum: ['active', 'pending', 'rejected'] }).notNull().default('active'),
  /** Why the operator rejected the account. */
  reviewReason: text('review_reason'),
  decidedBy: integer('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** Its customer group; an insert without one takes the owner's plan's group, else the default (migration 0880). */
  groupId: integer('group_id').notNull().default(sql`null`).references(() => customerGroups.id),
  /** When the account last reached its group's margin-call level; null while above it (migration 0885). */
  marginCallAt: timestamp('margin_call_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const journalKinds = ['deposit', 'withdrawal', 'realised_pnl', 'purchase', 'fee', 'correction', 'transfer', 'swap', 'commission', 'dividend'] as const;

export const journalEntries = pgTable('journal_entries', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: journalKinds }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 20, scale: 2 }).notNull(),
  reference: text('reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An account's equity at the start of an hour (migration 0771); an hour without a row changed nothing. */
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    balance: numeric('balance', { precision: 20, scale: 2 }).notNull(),
    equity: numeric('equity', { precision: 20, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.hour] })],
);
