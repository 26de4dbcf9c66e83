import { PRIVATE_PREFIX, type Role, channels, isDesk, isStaff } from '@bourse/contract';

const OWN_CHANNEL = /^private-(notification|user|trade)\.(\d{1,10})$/;
const CHAT_CHANNEL = /^private-chat\.customer\.(\d{1,10})$/;
const ADMIN_CHANNEL = `${PRIVATE_PREFIX}admin`;
const DESK_CHANNEL = `${PRIVATE_PREFIX}${channels.desk()}`;

/**
 * Whether `caller` may subscribe to `channel` (full protocol name, with `private-`): their own
 * notification, user, trade and chat channels; staff also any customer's chat and the admin channel;
 * admins and dealers the dealing desk's.
 */
export function mayAuthorise(caller: { userId: number; role: Role }, channel: string): boolean {
  const own = OWN_CHANNEL.exec(channel);
  if (own) return Number(own[2]) === caller.userId;
  const chat = CHAT_CHANNEL.exec(channel);
  if (chat) return isStaff(caller.role) || Number(chat[1]) === caller.userId;
  if (channel === DESK_CHANNEL) return isDesk(caller.role);
  return channel === ADMIN_CHANNEL && isStaff(caller.role);
}

/**
 * The user a subscription proves present: only the owner can be signed for their notification,
 * user and trade channels, so a socket on one of them belongs to that user.
 */
export function ownerOf(channel: string): number | null {
  const own = OWN_CHANNEL.exec(channel);
  return own ? Number(own[2]) : null;
}
