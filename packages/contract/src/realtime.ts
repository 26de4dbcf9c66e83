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
} as const;

export const events = {
  notification: 'notification.message',
  userUpdated: 'user.updated',
  tradeUpdated: 'trade.updated',
  messageSent: 'message.sent',
  messageRead: 'message.read',
  usersChanged: 'users.changed',
} as const;

/** Payloads of each event, one typed map for server and client. */
export type RealtimeEvents = {
  [events.notification]: { id: number; title: string; message: string; color: string };
  [events.userUpdated]: { id: number };
  [events.tradeUpdated]: { id?: number; reason: string };
  [events.messageSent]: { id: number; sender_id: number; customer_id: number };
  [events.messageRead]: { customer_id: number; reader_id: number; read_at: string; ids: number[] };
  [events.usersChanged]: { user_id: number };
};
