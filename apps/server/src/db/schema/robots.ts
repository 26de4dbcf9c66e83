import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tradingAccounts } from './accounts.ts';
import { expertAdvisors } from './marketplace.ts';
import { users } from './users.ts';

/** Expert Advisors running on the server (migrations 0510, 0610). */
export const robots = pgTable('robots', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  eaId: integer('ea_id').notNull().references(() => expertAdvisors.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  assetId: integer('asset_id').notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
  maxPositions: integer('max_positions').notNull().default(3),
  maxLots: numeric('max_lots', { precision: 10, scale: 2 }).notNull().default('1'),
  dailyLossLimit: numeric('daily_loss_limit', { precision: 20, scale: 2 }),
  status: text('status', { enum: ['running', 'stopped'] }).notNull().default('stopped'),
  lastAction: text('last_action'),
  lastActionAt: timestamp('last_action_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
