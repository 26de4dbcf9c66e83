import type { AdminChatUser, ChatMessage } from './chat.ts';
import type { MessageParams } from './localized.ts';

// No zod here: the client's first page load needs these names; the connection's schemas are in
// realtime-connection.ts.

/**
 * Private channels and their events (SPEC §7 "Realtime"). Channel names are given without the
 * `private-` prefix the Pusher protocol adds; events are broadcast with these exact names.
 */
export const channels = {
  notification: (userId: number) => `notification.${userId}`,
  user: (userId: number) => `user.${userId}`,
  trade: (userId: number) => `trade.${userId}`,
  chat: (customerId: number) => `chat.customer.${customerId}`,
  /** Admins only: presence and unread changes for the admin chat's user list. */
  admin: () => 'admin',
  /** Admins and dealers: the dealing desk's exposure and hedges changed. */
  desk: () => 'desk',
} as const;

export const events = {
  notification: 'notification.message',
  userUpdated: 'user.updated',
  tradeUpdated: 'trade.updated',
  messageSent: 'message.sent',
  messageRead: 'message.read',
  usersChanged: 'users.changed',
  alertChanged: 'alert.changed',
  deskChanged: 'desk.changed',
} as const;

/** Payloads of each event, one typed map for server and client. */
export type RealtimeEvents = {
  [events.notification]: { id: number; title: string; message: string; color: string; title_key: string | null; message_key: string | null; params: MessageParams };
  [events.userUpdated]: { id: number };
  [events.tradeUpdated]: { id?: number; reason: string };
  /** The full message, as GET /chat/messages returns it. */
  [events.messageSent]: ChatMessage;
  /** `ids` are the messages of the other side that `reader_id` has just read. */
  [events.messageRead]: { customer_id: number; reader_id: number; read_at: string; ids: number[] };
  /** Customers whose online state, unread count or last message changed (coalesced). */
  [events.usersChanged]: { users: Pick<AdminChatUser, 'id' | 'is_online' | 'unread_count' | 'last_message_at'>[] };
  /** On `notification.{userId}`: a price alert fired or was cancelled; the text is the notification's. */
  /** On `desk`: positions of these instruments changed (`trades`) or a hedge was sent or settled (`hedges`); the desk refetches. */
  [events.deskChanged]: { reason: 'trades' | 'hedges'; asset_ids: number[] };
  [events.alertChanged]: { id: number; asset_id: number; reason: 'triggered' | 'cancelled'; title: string; message: string; title_key: string | null; message_key: string | null; params: MessageParams };
};

/** The Pusher protocol prefix of a private channel name. */
export const PRIVATE_PREFIX = 'private-';
