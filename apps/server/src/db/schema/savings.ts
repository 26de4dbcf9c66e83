import { date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tradingAccounts } from './accounts.ts';
import { users } from './users.ts';

/** A customer's savings balance (migration 0740). */
export const savingsAccounts = pgTable('savings_accounts', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull().default('USD'),
  balance: numeric('balance', { precision: 20, scale: 2 }).notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a savings balance: moves in and out, and one interest row per day. */
export const savingsEntries = pgTable('savings_entries', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => savingsAccounts.userId, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['deposit', 'withdrawal', 'interest'] }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 20, scale: 2 }).notNull(),
  accountId: integer('account_id').references(() => tradingAccounts.id, { onDelete: 'set null' }),
  accrualDate: date('accrual_date'),
  ratePct: numeric('rate_pct', { precision: 6, scale: 3 }),
  idempotencyKey: text('idempotency_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
