import { integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import type { Drawing } from '@bourse/contract';
import { assets } from './market.ts';
import { users } from './users.ts';

/** Each customer's drawings on one instrument's chart (migration 0890). */
export const chartDrawings = pgTable(
  'chart_drawings',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id').notNull().references(() => assets.id, { onDelete: 'cascade' }),
    drawings: jsonb('drawings').$type<Drawing[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assetId] })],
);
