import { z } from 'zod';
import { money, userStatus } from './user.ts';

/** Longest chat message text, in characters. */
export const CHAT_MESSAGE_MAX = 5000;
/** Most attachments one message may carry. */
export const CHAT_ATTACHMENTS_MAX = 10;
/** Messages per page of GET /chat/messages. */
export const CHAT_PAGE_SIZE = 30;
/** Largest accepted upload (bytes); bigger files are answered with 413. */
export const CHAT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Texts of the chat calls' refusals. */
export const chatMessages = {
  empty: 'The message cannot be empty.',
  tooLong: `The message may not be greater than ${CHAT_MESSAGE_MAX} characters.`,
  customerRequired: 'The customer id field is required.',
  otherConversation: 'You may only read and write your own conversation.',
  badAttachment: 'The attachment is not a file you uploaded for this conversation.',
  fileRequired: 'The file field is required.',
  fileType: 'The file must be an image (PNG, JPEG, GIF, WebP), a PDF, a Word or an Excel document.',
  fileTooLarge: 'The file may not be greater than 10 MB.',
  linkExpired: 'This download link is invalid or has expired.',
} as const;

/** A file attached to a chat message (SPEC §3 Attachment). `download_url` is signed and short-lived. */
export const chatAttachmentSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  download_url: z.string(),
  is_image: z.boolean(),
  mime_type: z.string(),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** A chat message (SPEC §3 Chat message); `message` is plain text, never HTML. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  sender_id: z.number().int(),
  sender: z.object({ first_name: z.string(), name: z.string(), avatar: z.string().nullable() }),
  is_admin: z.boolean(),
  message: z.string(),
  attachments: z.array(chatAttachmentSchema),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /chat/messages: `page` 1 is the newest; `after` (ISO time) lists what came since, for polling. */
export const chatMessagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  customer_id: z.coerce.number().int().positive().optional(),
  after: z.iso.datetime({ offset: true }).optional(),
});

/** One page of a conversation, oldest to newest; `next_page_url` leads to older messages. */
export const chatMessagesPage = z.object({
  data: z.array(chatMessageSchema),
  current_page: z.number().int(),
  next_page_url: z.string().nullable(),
});

export const sendChatMessageBody = z.object({
  message: z
    .string()
    .max(CHAT_MESSAGE_MAX, chatMessages.tooLong)
    .refine((s) => !s.includes('\u0000'), 'The message contains an invalid character.')
    .default(''),
  attachments: z.array(z.string().max(2000)).max(CHAT_ATTACHMENTS_MAX).default([]),
  customer_id: z.coerce.number().int().positive().optional(),
});
export type SendChatMessage = z.input<typeof sendChatMessageBody>;

export const chatMessageResponse = z.object({ data: chatMessageSchema });

/** POST /chat/upload: `url` is what POST /chat/messages takes in `attachments`. */
export const chatUploadResponse = z.object({
  url: z.string(),
  id: z.number().int(),
  file_name: z.string(),
  is_image: z.boolean(),
  mime_type: z.string(),
  size: z.number().int(),
});

export const unreadCountResponse = z.object({ unread_count: z.number().int() });

/** A customer as the admin chat lists them (SPEC §2 Admin chat). */
export const adminChatUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  account_id: z.string(),
  avatar: z.string().nullable(),
  status: userStatus,
  is_online: z.boolean(),
  /** Messages from this customer that no admin has read. */
  unread_count: z.number().int(),
  last_message_at: z.string().nullable(),
});
export type AdminChatUser = z.infer<typeof adminChatUserSchema>;
export const adminChatUsersResponse = z.object({ data: z.array(adminChatUserSchema) });

/** Account summary shown in the admin chat header. */
export const adminUserSummarySchema = z.object({
  user_id: z.number().int(),
  status: userStatus,
  account_id: z.string(),
  currency: z.string(),
  balance: money,
  credit: money,
  equity: money,
  /** Unrealised P&L of the open positions. */
  pnl: money,
  margin: money,
  open_positions: z.number().int(),
  is_online: z.boolean(),
});
export const adminUserSummaryResponse = z.object({ data: adminUserSummarySchema });
