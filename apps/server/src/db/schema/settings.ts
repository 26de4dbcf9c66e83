import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value settings; the site settings live under key `site`. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
