import { integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A trading account; `balance` always equals the sum of its journal entries. */
export const tradingAccounts = pgTable('trading_accounts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  kind: text('kind', { enum: ['demo', 'live'] }).notNull(),
  currency: text('currency').notNull().default('USD'),
  balance: numeric('balance', { precision: 20, scale: 2 }).notNull().default('0'),
  credit: numeric('credit', { precision: 20, scale: 2 }).notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const journalKinds = ['deposit', 'withdrawal', 'realised_pnl', 'purchase', 'fee', 'correction'] as const;

export const journalEntries = pgTable('journal_entries', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: journalKinds }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 20, scale: 2 }).notNull(),
  reference: text('reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
