import { boolean, date, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A hedging rule per instrument (migration 0910): armed until it fires, re-armed once back under the threshold. */
export const hedgeRules = pgTable('hedge_rules', {
  assetId: integer('asset_id').primaryKey(),
  assetSymbol: text('asset_symbol').notNull(),
  thresholdLots: numeric('threshold_lots', { precision: 12, scale: 2 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  armed: boolean('armed').notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Hedges from a rule or by hand: an order at a venue, or a ticket where the instrument has none (migration 0910). */
export const hedges = pgTable('hedges', {
  id: serial('id').primaryKey(),
  assetId: integer('asset_id').notNull(),
  assetSymbol: text('asset_symbol').notNull(),
  origin: text('origin', { enum: ['rule', 'manual'] }).notNull(),
  side: text('side', { enum: ['buy', 'sell'] }).notNull(),
  lots: numeric('lots', { precision: 12, scale: 2 }).notNull(),
  units: numeric('units', { precision: 24, scale: 8 }).notNull(),
  exposureLots: numeric('exposure_lots', { precision: 12, scale: 2 }),
  thresholdLots: numeric('threshold_lots', { precision: 12, scale: 2 }),
  venue: text('venue'),
  venueSymbol: text('venue_symbol'),
  clOrdId: text('cl_ord_id').unique(),
  status: text('status', { enum: ['ticket', 'sent', 'filled', 'partial', 'rejected'] }).notNull(),
  filledUnits: numeric('filled_units', { precision: 24, scale: 8 }),
  averagePrice: numeric('average_price', { precision: 30, scale: 10 }),
  text: text('text'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/** A UTC day whose end-of-day snapshot was taken, with the open exposure then (migration 0910). */
export const deskDays = pgTable('desk_days', {
  day: date('day').primaryKey(),
  exposure: jsonb('exposure').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A day's P&L by group, instrument and account currency, as the snapshot kept it (migration 0910). */
export const deskDayPnl = pgTable(
  'desk_day_pnl',
  {
    day: date('day').notNull(),
    groupId: integer('group_id').notNull(),
    groupName: text('group_name').notNull(),
    assetId: integer('asset_id').notNull(),
    assetSymbol: text('asset_symbol').notNull(),
    currency: text('currency').notNull(),
    trades: integer('trades').notNull(),
    lots: numeric('lots', { precision: 14, scale: 2 }).notNull(),
    spreadIncome: numeric('spread_income', { precision: 20, scale: 2 }).notNull(),
    commissions: numeric('commissions', { precision: 20, scale: 2 }).notNull(),
    swaps: numeric('swaps', { precision: 20, scale: 2 }).notNull(),
    realisedPnl: numeric('realised_pnl', { precision: 20, scale: 2 }).notNull(),
    housePnl: numeric('house_pnl', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.groupId, t.assetId, t.currency] })],
);
