import { bigint, bigserial, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Every change of a marketing consent (migration 0900); the newest row of a purpose is its state. */
export const consents = pgTable('consents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['marketing_email', 'marketing_sms', 'marketing_phone'] }).notNull(),
  granted: boolean('granted').notNull(),
  source: text('source', { enum: ['client_area', 'erasure'] }).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's copy of their data, a ZIP in the upload store until it expires (migration 0900). */
export const dataExports = pgTable('data_exports', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['building', 'ready', 'failed'] }).notNull().default('building'),
  storageKey: text('storage_key').unique(),
  size: bigint('size', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
