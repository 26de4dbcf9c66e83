import { boolean, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tradingAccounts } from './accounts.ts';
import { users } from './users.ts';

/** Operator-configured receiving addresses for crypto deposits (migration 0700). */
export const depositWallets = pgTable('deposit_wallets', {
  id: serial('id').primaryKey(),
  crypto: text('crypto', { enum: ['bitcoin', 'ethereum', 'usdt-trc20', 'usdt-erc20'] }).notNull(),
  address: text('address').notNull(),
  minAmount: numeric('min_amount', { precision: 20, scale: 2 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Deposits, withdrawals and transfers with their state (migration 0700). */
export const moneyRequests = pgTable('money_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['deposit', 'withdrawal', 'transfer'] }).notNull(),
  method: text('method', { enum: ['crypto', 'card', 'bank', 'demo', 'internal'] }).notNull(),
  accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  toAccountId: integer('to_account_id').references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  creditedAmount: numeric('credited_amount', { precision: 20, scale: 2 }),
  status: text('status', { enum: ['requested', 'approved', 'rejected', 'completed', 'cancelled'] }).notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  reason: text('reason'),
  idempotencyKey: text('idempotency_key'),
  decidedBy: integer('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
