import type { AdminChatUser } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

export const USER_TABS = ['All', 'Online', 'Unread'] as const;
export type UserTab = (typeof USER_TABS)[number];
/** What each tab reads on screen (the tab names above are the filter's own values). */
export const USER_TAB_LABELS: Record<UserTab, string> = { All: msg('All'), Online: msg('Online'), Unread: msg('Unread') };

function matches(user: AdminChatUser, term: string): boolean {
  return [user.name, user.email, user.account_id].some((field) => field.toLowerCase().includes(term));
}

function newestFirst(a: AdminChatUser, b: AdminChatUser): number {
  const t = (b.last_message_at ? Date.parse(b.last_message_at) : 0) - (a.last_message_at ? Date.parse(a.last_message_at) : 0);
  return t !== 0 ? t : a.name.localeCompare(b.name);
}

/** The users a tab and a search show, latest conversations first. */
export function filterUsers(users: readonly AdminChatUser[], search: string, tab: UserTab): AdminChatUser[] {
  const term = search.trim().toLowerCase();
  return users
    .filter((u) => (tab === 'Online' ? u.is_online : tab === 'Unread' ? u.unread_count > 0 : true))
    .filter((u) => !term || matches(u, term))
    .sort(newestFirst);
}
