import { boolean, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { assets } from './market.ts';
import { users } from './users.ts';

/** Customers' price alerts (migration 0790). */
export const priceAlerts = pgTable('price_alerts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  assetId: integer('asset_id').notNull().references(() => assets.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['level', 'move'] }).notNull(),
  direction: text('direction', { enum: ['above', 'below', 'up', 'down', 'either'] }).notNull(),
  level: doublePrecision('level'),
  percent: doublePrecision('percent'),
  windowMs: integer('window_ms'),
  repeat: boolean('repeat').notNull().default(false),
  cooldownSeconds: integer('cooldown_seconds').notNull().default(3600),
  emailOffline: boolean('email_offline').notNull().default(false),
  note: text('note'),
  status: text('status', { enum: ['active', 'paused', 'triggered', 'cancelled'] }).notNull().default('active'),
  cancelReason: text('cancel_reason'),
  triggerCount: integer('trigger_count').notNull().default(0),
  lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
  lastPrice: doublePrecision('last_price'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
