import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { ChartLayout } from '@bourse/contract';
import { users } from './users.ts';

/** Each customer's chart layout of the trading room (migration 0950). */
export const chartLayouts = pgTable('chart_layouts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  layout: jsonb('layout').$type<ChartLayout>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
