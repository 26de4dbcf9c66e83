import { date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AppropriatenessAnswerRecord } from '@bourse/contract';
import { users } from './users.ts';

/** A questionnaire of the appropriateness test as answered (migration 0940); a customer's newest is their standing. */
export const appropriatenessAssessments = pgTable('appropriateness_assessments', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<AppropriatenessAnswerRecord[]>().notNull(),
  score: integer('score').notNull(),
  maxScore: integer('max_score').notNull(),
  passScore: integer('pass_score').notNull(),
  outcome: text('outcome', { enum: ['passed', 'warned', 'refused'] }).notNull(),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One quarter's percentage of retail accounts that lost money over the twelve months to `periodEnd` (migration 0940). */
export const riskWarningPeriods = pgTable('risk_warning_periods', {
  periodEnd: date('period_end').primaryKey(),
  periodStart: date('period_start').notNull(),
  accountsCounted: integer('accounts_counted').notNull(),
  accountsLost: integer('accounts_lost').notNull(),
  percent: integer('percent'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
