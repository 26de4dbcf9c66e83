import { boolean, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A customer's request to be treated as a professional client (migration 0930). */
export const professionalRequests = pgTable('professional_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  tradesPerQuarter: numeric('trades_per_quarter', { precision: 12, scale: 2 }).notNull(),
  portfolioEur: numeric('portfolio_eur', { precision: 20, scale: 2 }).notNull(),
  sectorYears: numeric('sector_years', { precision: 4, scale: 1 }).notNull(),
  sectorRole: text('sector_role').notNull().default(''),
  tradesMet: boolean('trades_met').notNull(),
  portfolioMet: boolean('portfolio_met').notNull(),
  experienceMet: boolean('experience_met').notNull(),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
  reason: text('reason'),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The evidence files of a professional request, in the upload store. */
export const professionalEvidence = pgTable('professional_evidence', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id').notNull().references(() => professionalRequests.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull().unique(),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  isImage: boolean('is_image').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
