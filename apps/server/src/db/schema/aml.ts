import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { moneyRequests } from './money.ts';
import { users } from './users.ts';

/** The sanctions lists imported, one row per source (migration 0980). */
export const sanctionsLists = pgTable('sanctions_lists', {
  source: text('source', { enum: ['eu', 'ofac'] }).primaryKey(),
  fileName: text('file_name').notNull(),
  entries: integer('entries').notNull(),
  names: integer('names').notNull(),
  importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A listed person or organisation. */
export const sanctionsEntries = pgTable('sanctions_entries', {
  id: serial('id').primaryKey(),
  source: text('source', { enum: ['eu', 'ofac'] })
    .notNull()
    .references(() => sanctionsLists.source, { onDelete: 'cascade' }),
  reference: text('reference').notNull(),
  kind: text('kind', { enum: ['person', 'entity'] }).notNull(),
  primaryName: text('primary_name').notNull(),
  programmes: text('programmes').notNull().default(''),
  birthDates: text('birth_dates').array().notNull().default([]),
});

/** Every name of a listed entry, with its normalised form. */
export const sanctionsNames = pgTable(
  'sanctions_names',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => sanctionsEntries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    normalised: text('normalised').notNull(),
  },
  (t) => [index('sanctions_names_entry_idx').on(t.entryId)],
);

/** The AML review queue: sanctions hits and flagged money requests. */
export const amlHits = pgTable('aml_hits', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['sanctions', 'velocity'] }).notNull(),
  status: text('status', { enum: ['open', 'cleared', 'confirmed'] }).notNull().default('open'),
  screenedName: text('screened_name'),
  screenedBirthDate: text('screened_birth_date'),
  source: text('source', { enum: ['eu', 'ofac'] }),
  entryReference: text('entry_reference'),
  matchedName: text('matched_name'),
  score: numeric('score', { precision: 5, scale: 4 }),
  rule: text('rule'),
  moneyRequestId: integer('money_request_id').references(() => moneyRequests.id, { onDelete: 'cascade' }),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  reason: text('reason'),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's source-of-funds declaration with its supporting document in the upload store (migration 0990). */
export const sourceOfFunds = pgTable('source_of_funds', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  source: text('source', { enum: ['salary', 'savings', 'investments', 'business_income', 'inheritance_gift', 'property_sale', 'other'] }).notNull(),
  otherSource: text('other_source'),
  description: text('description').notNull(),
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  reason: text('reason'),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
