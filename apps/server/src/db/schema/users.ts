import { bigint, boolean, date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const accountTypes = pgTable('account_types', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  color: text('color').notNull(),
  icon: text('icon'),
  image: text('image'),
  leverage: integer('leverage').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  sort: integer('sort').notNull().default(0),
  /** The customer group new accounts of the plan's customers join; null: the default group (migration 0880). */
  groupId: integer('group_id'),
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
  role: text('role', { enum: ['customer', 'support', 'admin', 'dealer'] }).notNull().default('customer'),
  status: text('status', { enum: ['active', 'pending', 'deactivated'] }).notNull().default('pending'),
  avatar: text('avatar'),
  accountId: text('account_id').notNull().unique(),
  accountTypeId: integer('account_type_id').notNull().references(() => accountTypes.id),
  autotrader: boolean('autotrader').notNull().default(false),
  autotraderRisk: text('autotrader_risk', { enum: ['low', 'medium', 'high'] }),
  /** Retail, or professional once the back office approved the customer's request (migration 0930). */
  clientCategory: text('client_category', { enum: ['retail', 'professional'] }).notNull().default('retail'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  /** The customer's settings (migration 0750); read through preferencesSchema for the defaults. */
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  addressLine1: text('address_line1').notNull().default(''),
  addressLine2: text('address_line2').notNull().default(''),
  city: text('city').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  /** Two-factor sign-in (migration 0720): the secret is pending until `twoFactorEnabledAt` is set. */
  totpSecret: text('totp_secret'),
  twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** When the customer's personal data were erased (migration 0900); the row stays, pseudonymised. */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  userAgent: text('user_agent'),
  ip: text('ip'),
  /** When a second factor was given for this session (migration 0780); null: not proved. */
  twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
});

/** Single-use tokens for password reset and one-time login links. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['reset', 'login', 'email_change', 'two_factor'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** What the token carries: the new address of an email change. */
  payload: text('payload'),
  attempts: integer('attempts').notNull().default(0),
});
