import { useQueryClient } from '@tanstack/react-query';
import { channels, events } from '@bourse/contract';
import { playNotificationSound } from '@/lib/notification-sound';
import { usePrivateEvent } from '@/lib/realtime-hooks';
import { adminChatKeys, applyUserChanges } from '../api/get-chat-users';

/** Keeps the user list live from the admin channel; chimes when a customer writes. */
export function useAdminFeed() {
  const queryClient = useQueryClient();
  usePrivateEvent(channels.admin(), events.usersChanged, ({ users }) => {
    const { moreUnread, unknown } = applyUserChanges(queryClient, users);
    if (moreUnread) playNotificationSound();
    if (unknown) void queryClient.invalidateQueries({ queryKey: adminChatKeys.users() });
  });
}
