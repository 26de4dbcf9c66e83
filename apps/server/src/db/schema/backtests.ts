import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const backtests = pgTable('backtests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  eaId: integer('ea_id'),
  strategy: text('strategy').notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  assetId: integer('asset_id').notNull(),
  timeframe: text('timeframe').notNull(),
  fromTime: timestamp('from_time', { withTimezone: true }).notNull(),
  toTime: timestamp('to_time', { withTimezone: true }).notNull(),
  initialBalance: numeric('initial_balance', { precision: 20, scale: 2 }).notNull().default('10000'),
  status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  report: jsonb('report'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
