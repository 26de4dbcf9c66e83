import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { MessageParams } from '@bourse/contract';
import { users } from './users.ts';

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  message: text('message').notNull(),
  color: text('color', { enum: ['danger', 'success', 'warning', 'info'] }).notNull().default('info'),
  read: boolean('read').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  titleKey: text('title_key'),
  messageKey: text('message_key'),
  params: jsonb('params').$type<MessageParams>().notNull().default({}),
});
