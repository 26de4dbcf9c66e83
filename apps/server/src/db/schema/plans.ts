import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountTypes, users } from './users.ts';

/** Rows of the plan comparison grid (migration 0600); plans hold their values in this order. */
export const planFeatures = pgTable('plan_features', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull(),
});

export const planAssetClasses = ['cryptos', 'stocks', 'indices', 'commodities', 'metals', 'forex'] as const;

/** The most leverage a plan allows on one asset class. */
export const planLeverage = pgTable(
  'plan_leverage',
  {
    planId: integer('plan_id').notNull().references(() => accountTypes.id, { onDelete: 'cascade' }),
    assetClass: text('asset_class', { enum: planAssetClasses }).notNull(),
    maxLeverage: integer('max_leverage').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.assetClass] })],
);

/** A customer's request to move to another plan; one pending per customer (partial unique index). */
export const planRequests = pgTable('plan_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  fromPlanId: integer('from_plan_id').notNull().references(() => accountTypes.id),
  toPlanId: integer('to_plan_id').notNull().references(() => accountTypes.id),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  reason: text('reason'),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
