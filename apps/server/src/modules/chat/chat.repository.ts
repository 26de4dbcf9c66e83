import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { placeholders, statement } from '../../db/statement.ts';
import { chatAttachments, chatMessages, users } from '../../db/schema/index.ts';
import { isOnline } from '../users/presence.ts';

export type AttachmentRow = typeof chatAttachments.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect & {
  sender: { firstName: string; lastName: string; avatar: string | null };
};

const messageColumns = {
  id: chatMessages.id,
  customerId: chatMessages.customerId,
  senderId: chatMessages.senderId,
  isAdmin: chatMessages.isAdmin,
  message: chatMessages.message,
  readAt: chatMessages.readAt,
  createdAt: chatMessages.createdAt,
  sender: { firstName: users.firstName, lastName: users.lastName, avatar: users.avatar },
};

function messagesWithSender(db: DbOrTx) {
  return db.select(messageColumns).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.senderId));
}

/** Inserts a message and reads it back with its sender, in one statement (built once, see statement()). */
export async function insertMessage(
  db: DbOrTx,
  m: { customerId: number; senderId: number; isAdmin: boolean; message: string },
): Promise<MessageRow> {
  const [row] = await insertMessageStatement(db, m);
  return row!;
}
const insertMessageStatement = statement('insert_chat_message', (db) => {
  const inserted = db.$with('inserted').as(db.insert(chatMessages).values(placeholders(['customerId', 'senderId', 'isAdmin', 'message'])).returning());
  return db
    .with(inserted)
    .select({
      id: inserted.id,
      customerId: inserted.customerId,
      senderId: inserted.senderId,
      isAdmin: inserted.isAdmin,
      message: inserted.message,
      readAt: inserted.readAt,
      createdAt: inserted.createdAt,
      sender: messageColumns.sender,
    })
    .from(inserted)
    .innerJoin(users, eq(users.id, inserted.senderId));
});

/**
 * Binds uploads to a message: only the sender's own, not yet sent, uploaded for this conversation
 * (or for none yet). Returns how many were bound.
 */
export async function claimAttachments(
  tx: DbOrTx,
  ids: number[],
  to: { uploaderId: number; customerId: number; messageId: number },
): Promise<number> {
  const rows = await tx
    .update(chatAttachments)
    .set({ messageId: to.messageId, customerId: to.customerId })
    .where(
      and(
        inArray(chatAttachments.id, ids),
        eq(chatAttachments.uploaderId, to.uploaderId),
        isNull(chatAttachments.messageId),
        or(isNull(chatAttachments.customerId), eq(chatAttachments.customerId, to.customerId)),
      ),
    )
    .returning({ id: chatAttachments.id });
  return rows.length;
}

/** Page `page` counted from the newest, returned oldest first; `hasMore` when older ones exist. */
export async function pageOfMessages(db: DbOrTx, customerId: number, page: number, size: number) {
  const rows = await messagesWithSender(db)
    .where(eq(chatMessages.customerId, customerId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  return { rows: rows.slice(0, size).reverse(), hasMore: rows.length > size };
}

/** Messages created after `after`, oldest first (polling while the realtime connection is down). */
export function messagesAfter(db: DbOrTx, customerId: number, after: Date, limit: number): Promise<MessageRow[]> {
  return messagesWithSender(db)
    .where(and(eq(chatMessages.customerId, customerId), gt(chatMessages.createdAt, after)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(limit);
}

/** Marks the other side's unread messages of a conversation read; returns which and when. */
export async function markConversationRead(db: DbOrTx, customerId: number, readerIsAdmin: boolean) {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(chatMessages.customerId, customerId), eq(chatMessages.isAdmin, !readerIsAdmin), isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id, readAt: chatMessages.readAt });
  return { ids: rows.map((r) => r.id).sort((a, b) => a - b), readAt: rows[0]?.readAt ?? null };
}

/** Admin messages the customer has not read. */
export async function unreadByCustomer(db: DbOrTx, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.customerId, customerId), eq(chatMessages.isAdmin, true), isNull(chatMessages.readAt)));
  return row?.n ?? 0;
}

/**
 * unreadCountFor as a column of a query over `users` (GET /user reads it beside the user): staff
 * count customer messages no admin has read, a customer the admin messages they have not read.
 */
export const unreadCountColumn = sql<number>`(CASE WHEN users.role IN ('admin', 'support')
  THEN (SELECT count(*)::int FROM chat_messages m WHERE m.is_admin = false AND m.read_at IS NULL)
  ELSE (SELECT count(*)::int FROM chat_messages m WHERE m.customer_id = users.id AND m.is_admin = true AND m.read_at IS NULL) END)`;

/** Customer messages no admin has read, across every conversation. */
export async function unreadByAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatMessages).where(and(eq(chatMessages.isAdmin, false), isNull(chatMessages.readAt)));
  return row?.n ?? 0;
}

export function attachmentsOfMessages(db: DbOrTx, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db.select().from(chatAttachments).where(inArray(chatAttachments.messageId, messageIds)).orderBy(asc(chatAttachments.id));
}

export async function insertAttachment(db: DbOrTx, a: typeof chatAttachments.$inferInsert): Promise<AttachmentRow> {
  const [row] = await db.insert(chatAttachments).values(a).returning();
  return row!;
}

export async function findAttachment(db: DbOrTx, id: number): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.id, id)).limit(1);
  return row ?? null;
}

/** Uploads never sent with a message, older than `before`. */
export function orphanAttachments(db: DbOrTx, before: Date, limit: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(chatAttachments)
    .where(and(isNull(chatAttachments.messageId), lt(chatAttachments.createdAt, before)))
    .limit(limit);
}

export async function deleteAttachment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(chatAttachments).where(eq(chatAttachments.id, id));
}

// Written out qualified: drizzle renders a lone column without its table, which inside these
// subqueries would bind to chat_messages instead of the outer users row.
const outerUserId = sql`"users"."id"`;
const unreadFromCustomer = sql<number>`(select count(*) from chat_messages m where m.customer_id = ${outerUserId} and not m.is_admin and m.read_at is null)`.mapWith(Number);
const lastMessageAt = sql<Date | null>`(select max(m.created_at) from chat_messages m where m.customer_id = ${outerUserId})`.mapWith(chatMessages.createdAt);

/** Every customer with their chat state, the most recent conversations first. */
export async function chatUsers(db: DbOrTx) {
  const rows = await db
    .select({ user: users, unread: unreadFromCustomer, lastMessageAt: lastMessageAt.as('last_message_at') })
    .from(users)
    .where(eq(users.role, 'customer'))
    .orderBy(sql`last_message_at desc nulls last`, desc(users.id));
  return rows;
}

/** The fields of the admin list that change: for `users.changed`. */
export async function chatUserStates(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, lastSeenAt: users.lastSeenAt, unread: unreadFromCustomer, lastMessageAt })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'customer')));
  return rows.map((r) => ({
    id: r.id,
    is_online: isOnline(r.lastSeenAt),
    unread_count: r.unread,
    last_message_at: r.lastMessageAt?.toISOString() ?? null,
  }));
}
