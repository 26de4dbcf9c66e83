import { integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { expertAdvisors } from './marketplace.ts';
import { users } from './users.ts';

/** A course's lessons in reading order (migration 0840). */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: serial('id').primaryKey(),
    eaId: integer('ea_id').notNull().references(() => expertAdvisors.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [unique().on(t.eaId, t.position)],
);

/** The lessons each customer has finished. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').notNull().references(() => courseLessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);
