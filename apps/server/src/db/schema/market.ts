import { bigint, boolean, doublePrecision, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The instrument catalogue; live values are kept in memory by the market module. */
export const assets = pgTable('assets', {
  id: serial('id').primaryKey(),
  symbol: text('symbol').notNull().unique(),
  name: text('name').notNull(),
  symbolDisplay: text('symbol_display').notNull(),
  sy: text('sy').notNull(),
  type: text('type', { enum: ['forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals'] }).notNull(),
  category: text('category').notNull(),
  image: text('image'),
  tvSymbol: text('tv_symbol').notNull(),
  quoteCurrency: text('quote_currency').notNull(),
  digits: integer('digits').notNull(),
  contractSize: doublePrecision('contract_size').notNull(),
  leverage: integer('leverage').notNull(),
  buySpread: doublePrecision('buy_spread').notNull(),
  sellSpread: doublePrecision('sell_spread').notNull(),
  refPrice: doublePrecision('ref_price').notNull(),
  priceDerived: boolean('price_derived').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  rate: doublePrecision('rate'),
  rateAt: timestamp('rate_at', { withTimezone: true }),
  historyAnchor: timestamp('history_anchor', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const candles = pgTable(
  'candles',
  {
    assetId: integer('asset_id').notNull().references(() => assets.id, { onDelete: 'cascade' }),
    tf: text('tf', { enum: ['1m', '5m', '15m', '1h', '4h', '1D'] }).notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: doublePrecision('volume').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.tf, t.time] })],
);
