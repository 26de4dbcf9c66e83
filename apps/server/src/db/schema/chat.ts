import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One message of a customer's conversation with support (`customer_id` names the conversation). */
export const chatMessages = pgTable('chat_messages', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  senderId: integer('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  isAdmin: boolean('is_admin').notNull(),
  message: text('message').notNull().default(''),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`date_trunc('milliseconds', clock_timestamp())`),
});

/** An uploaded file; unattached (`message_id` null) until a message is sent with it. */
export const chatAttachments = pgTable('chat_attachments', {
  id: serial('id').primaryKey(),
  uploaderId: integer('uploader_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id').references(() => users.id, { onDelete: 'cascade' }),
  messageId: integer('message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull().unique(),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  isImage: boolean('is_image').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
