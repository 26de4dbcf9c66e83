import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const accountTypes = pgTable('account_types', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  color: text('color').notNull(),
  icon: text('icon'),
  image: text('image'),
  leverage: integer('leverage').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  sort: integer('sort').notNull().default(0),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  username: text('username').notNull(),
  phone: text('phone').notNull().default(''),
  countryCode: text('country_code').notNull().default('+1'),
  country: text('country').notNull().default('united-states'),
  nationality: text('nationality').notNull().default('united-states'),
  role: text('role', { enum: ['customer', 'admin'] }).notNull().default('customer'),
  status: text('status', { enum: ['active', 'pending', 'deactivated'] }).notNull().default('pending'),
  avatar: text('avatar'),
  accountId: text('account_id').notNull().unique(),
  accountTypeId: integer('account_type_id').notNull().references(() => accountTypes.id),
  autotrader: boolean('autotrader').notNull().default(false),
  autotraderRisk: text('autotrader_risk', { enum: ['low', 'medium', 'high'] }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use tokens for password reset and one-time login links. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['reset', 'login'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
