import { boolean, date, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tradingAccounts } from './accounts.ts';
import { trades } from './trading.ts';
import { users } from './users.ts';

/** Swap terms per instrument symbol (migration 0860); an instrument without a row has no swap. */
export const swapRates = pgTable('swap_rates', {
  symbol: text('symbol').primaryKey(),
  longRate: numeric('long_rate', { precision: 14, scale: 6 }).notNull().default('0'),
  shortRate: numeric('short_rate', { precision: 14, scale: 6 }).notNull().default('0'),
  unit: text('unit', { enum: ['percent', 'points'] }).notNull().default('percent'),
  /** ISO weekday charged three nights; null: none, every calendar day charged once. */
  tripleDay: smallint('triple_day'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Rollovers before `chargedFrom` are never charged (the feature's installation). */
export const swapSettings = pgTable('swap_settings', {
  id: boolean('id').primaryKey().default(true),
  chargedFrom: timestamp('charged_from', { withTimezone: true }).notNull().defaultNow(),
});

/** One charge per position per rollover day (the primary key makes it once). */
export const swapCharges = pgTable(
  'swap_charges',
  {
    tradeId: integer('trade_id').notNull().references(() => trades.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    accountId: integer('account_id').notNull().references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    units: numeric('units', { precision: 24, scale: 8 }).notNull(),
    rate: numeric('rate', { precision: 14, scale: 6 }).notNull(),
    unit: text('unit').notNull(),
    nights: smallint('nights').notNull(),
    price: numeric('price', { precision: 30, scale: 10 }),
    conversion: numeric('conversion', { precision: 30, scale: 12 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tradeId, t.day] })],
);

/** Rollover days that charged every position due. */
export const swapRollovers = pgTable('swap_rollovers', {
  day: date('day').primaryKey(),
  rolloverAt: timestamp('rollover_at', { withTimezone: true }).notNull(),
  charged: integer('charged').notNull().default(0),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});
