import { CHAT_PAGE_SIZE, channels, chatMessages, events, type ChatMessage, isStaff, type Role } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { avatarLink } from '../../lib/avatar-links.ts';
import { findUserById } from '../users/users.repository.ts';
import { announceUserChanged } from './admin-feed.ts';
import { pushSupportReply } from '../push/push.service.ts';
import {
  attachmentsOfMessages,
  claimAttachments,
  insertMessage,
  markConversationRead,
  messagesAfter,
  pageOfMessages,
  unreadByAdmins,
  unreadByCustomer,
  type AttachmentRow,
  type MessageRow,
} from './chat.repository.ts';
import { attachmentIdOf, signedDownloadUrl } from '../../lib/signed-urls.ts';

export type Caller = { userId: number; role: Role };

/** Most messages one `after=` poll returns; a client that is further behind reloads page 1. */
const POLL_LIMIT = 200;

/**
 * The conversation a call is about: a customer's own (they may not name another), or for an admin
 * the customer they name (required).
 */
export async function conversationFor(ctx: AppContext, caller: Caller, customerId: number | undefined): Promise<number> {
  if (!isStaff(caller.role)) {
    if (customerId !== undefined && customerId !== caller.userId) throw forbidden(chatMessages.otherConversation);
    return caller.userId;
  }
  if (customerId === undefined) throw invalid('customer_id', chatMessages.customerRequired);
  const customer = await findUserById(ctx.db, customerId);
  if (customer?.role !== 'customer') throw notFound('Customer not found.');
  return customerId;
}

/** Builds the SPEC §3 message shape, with freshly signed download URLs for the attachments. */
export async function messageViews(ctx: AppContext, rows: MessageRow[], withFiles = true): Promise<ChatMessage[]> {
  const files = withFiles ? await attachmentsOfMessages(ctx.db, rows.map((r) => r.id)) : [];
  const byMessage = new Map<number, AttachmentRow[]>();
  for (const f of files) byMessage.set(f.messageId!, [...(byMessage.get(f.messageId!) ?? []), f]);
  return rows.map((r) => ({
    id: r.id,
    customer_id: r.customerId,
    sender_id: r.senderId,
    sender: { first_name: r.sender.firstName, name: `${r.sender.firstName} ${r.sender.lastName}`, avatar: avatarLink(ctx.config.uploads, r.sender.avatar) },
    is_admin: r.isAdmin,
    message: r.message,
    attachments: (byMessage.get(r.id) ?? []).map((f) => attachmentView(ctx, f)),
    created_at: r.createdAt.toISOString(),
    read_at: r.readAt?.toISOString() ?? null,
  }));
}

export function attachmentView(ctx: AppContext, f: AttachmentRow) {
  return {
    id: f.id,
    file_name: f.fileName,
    download_url: signedDownloadUrl(ctx.config.uploads, f.id),
    is_image: f.isImage,
    mime_type: f.mimeType,
    size: f.size,
  };
}

/**
 * A page of a conversation (or what came after `after`). Reading it marks the other side's
 * messages read and tells the conversation's channel which ones.
 */
export async function listMessages(ctx: AppContext, caller: Caller, q: { page: number; customer_id?: number; after?: string }) {
  const customerId = await conversationFor(ctx, caller, q.customer_id);
  await markRead(ctx, caller, customerId);
  if (q.after) {
    const rows = await messagesAfter(ctx.db, customerId, new Date(q.after), POLL_LIMIT);
    return { data: await messageViews(ctx, rows), current_page: 1, next_page_url: null };
  }
  const { rows, hasMore } = await pageOfMessages(ctx.db, customerId, q.page, CHAT_PAGE_SIZE);
  const customerParam = isStaff(caller.role) ? `&customer_id=${customerId}` : '';
  return {
    data: await messageViews(ctx, rows),
    current_page: q.page,
    next_page_url: hasMore ? `/api/v1/chat/messages?page=${q.page + 1}${customerParam}` : null,
  };
}

async function markRead(ctx: AppContext, caller: Caller, customerId: number): Promise<void> {
  const readerIsAdmin = isStaff(caller.role);
  const { ids, readAt } = await markConversationRead(ctx.db, customerId, readerIsAdmin);
  if (ids.length === 0 || !readAt) return;
  await ctx.broadcaster.publish(channels.chat(customerId), events.messageRead, {
    customer_id: customerId,
    reader_id: caller.userId,
    read_at: readAt.toISOString(),
    ids,
  });
  if (readerIsAdmin) announceUserChanged(ctx, customerId);
}

/** Stores a message with its uploads, then pushes it to the conversation and the admin list. */
export async function sendMessage(
  ctx: AppContext,
  caller: Caller,
  body: { message: string; attachments: string[]; customer_id?: number },
): Promise<ChatMessage> {
  const customerId = await conversationFor(ctx, caller, body.customer_id);
  const text = body.message.trim();
  const fileIds = [...new Set(body.attachments.map(attachmentIdOf))];
  if (fileIds.some((id) => id === null)) throw invalid('attachments', chatMessages.badAttachment);
  if (!text && fileIds.length === 0) throw invalid('message', chatMessages.empty);
  const values = { customerId, senderId: caller.userId, isAdmin: isStaff(caller.role), message: text };
  const ids = fileIds as number[];
  // A plain message is one statement; one with files binds them in the same transaction or not at all.
  const row =
    ids.length === 0
      ? await insertMessage(ctx.db, values)
      : await ctx.db.transaction(async (tx) => {
          const message = await insertMessage(tx, values);
          const bound = await claimAttachments(tx, ids, { uploaderId: caller.userId, customerId, messageId: message.id });
          if (bound !== ids.length) throw invalid('attachments', chatMessages.badAttachment);
          return message;
        });
  const [view] = await messageViews(ctx, [row], fileIds.length > 0);
  await ctx.broadcaster.publish(channels.chat(customerId), events.messageSent, view);
  announceUserChanged(ctx, customerId);
  if (values.isAdmin) void pushSupportReply(ctx, customerId, text).catch((error: unknown) => ctx.log.warn({ err: error, customerId }, 'chat push not sent'));
  return view!;
}

/** Unread messages for the caller: a customer's from support; an admin's from every customer. */
export async function unreadCountFor(db: DbOrTx, caller: Caller): Promise<number> {
  return isStaff(caller.role) ? unreadByAdmins(db) : unreadByCustomer(db, caller.userId);
}

/** Who may fetch an attachment with their bearer token: admins, its uploader, its conversation's customer. */
export function mayDownload(caller: Caller, file: AttachmentRow): boolean {
  return isStaff(caller.role) || file.uploaderId === caller.userId || file.customerId === caller.userId;
}
