import { bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The append-only audit log (migration 0650): who did what to whom, and when. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: integer('actor_id'),
  actorRole: text('actor_role', { enum: ['customer', 'admin', 'support', 'dealer', 'system'] }).notNull(),
  action: text('action').notNull(),
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id'),
  userId: integer('user_id'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The chain (migration 0870): the entry before's hash, and this one's over that and its fields; set by the database. */
  prevHash: text('prev_hash'),
  hash: text('hash'),
});
