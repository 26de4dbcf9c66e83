import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Codes mailed to a sign-up's address and the proofs they are exchanged for (migration 0835). */
export const emailVerifications = pgTable('email_verifications', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  proofHash: text('proof_hash').unique(),
  proofUsedAt: timestamp('proof_used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
