import { useQuery, type QueryClient } from '@tanstack/react-query';
import { adminChatUsersResponse, type AdminChatUser, type RealtimeEvents } from '@bourse/contract';
import { ADMIN_USERS_REFRESH_MS, RETRY_MS } from '@/config/constants';
import { http } from '@/lib/api-client';

export const adminChatKeys = {
  users: () => ['admin-chat', 'users'] as const,
  summary: (id: number) => ['admin-chat', 'summary', id] as const,
};

async function getChatUsers(): Promise<AdminChatUser[]> {
  return adminChatUsersResponse.parse(await http.get<unknown>('/admin/users')).data;
}

/** GET /admin/users, refreshed every 30 s (SPEC §9) and patched live from the admin channel. */
export function useChatUsers() {
  return useQuery({
    queryKey: adminChatKeys.users(),
    queryFn: getChatUsers,
    refetchInterval: ADMIN_USERS_REFRESH_MS,
    retry: true,
    retryDelay: RETRY_MS,
  });
}

type Changes = RealtimeEvents['users.changed']['users'];

/**
 * Applies a `users.changed` event to the cached list. Returns whether any unread count went up and
 * whether a user was not in the list (then the list should be fetched again).
 */
export function applyUserChanges(queryClient: QueryClient, changes: Changes): { moreUnread: boolean; unknown: boolean } {
  const result = { moreUnread: false, unknown: false };
  queryClient.setQueryData<AdminChatUser[]>(adminChatKeys.users(), (users) => {
    if (!users) return users;
    const byId = new Map(changes.map((c) => [c.id, c]));
    const seen = new Set<number>();
    const next = users.map((u) => {
      const change = byId.get(u.id);
      if (!change) return u;
      seen.add(u.id);
      if (change.unread_count > u.unread_count) result.moreUnread = true;
      return { ...u, ...change };
    });
    result.unknown = changes.some((c) => !seen.has(c.id));
    return next;
  });
  return result;
}

/** Clears a customer's unread badge at once when the admin opens their conversation. */
export function clearUnread(queryClient: QueryClient, id: number) {
  queryClient.setQueryData<AdminChatUser[]>(adminChatKeys.users(), (users) => users?.map((u) => (u.id === id ? { ...u, unread_count: 0 } : u)));
}
