import { boolean, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tradingAccounts } from './accounts.ts';
import { accountTypes, users } from './users.ts';

/** Marketplace items (migration 0400): advisors run `strategy` with `defaultParams`; 'other' items do not trade. */
export const expertAdvisors = pgTable('expert_advisors', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  author: text('author').notNull(),
  image: text('image').notNull(),
  type: text('type', { enum: ['expert_advisor', 'other'] }).notNull(),
  strategy: text('strategy'),
  defaultParams: jsonb('default_params').$type<Record<string, unknown>>().notNull().default({}),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  /** Name and description per language code (migration 0841). */
  translations: jsonb('translations').$type<Partial<Record<string, { name: string; description: string }>>>().notNull().default({}),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull().default('0'),
  billing: text('billing', { enum: ['one_time', 'monthly'] }).notNull().default('one_time'),
  rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('0'),
  downloads: integer('downloads').notNull().default(0),
  published: boolean('published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Plans that may use an advisor; an advisor with no rows is open to every plan. */
export const planExpertAdvisors = pgTable(
  'plan_expert_advisors',
  {
    planId: integer('plan_id').notNull().references(() => accountTypes.id, { onDelete: 'cascade' }),
    eaId: integer('ea_id').notNull().references(() => expertAdvisors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.eaId] })],
);

/** Ownership: an `active` row per customer and item; monthly items carry their next renewal. */
export const eaPurchases = pgTable('ea_purchases', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
  eaId: integer('ea_id').notNull().references(() => expertAdvisors.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['active', 'lapsed'] }).notNull().default('active'),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  renewsAt: timestamp('renews_at', { withTimezone: true }),
  idempotencyKey: text('idempotency_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
