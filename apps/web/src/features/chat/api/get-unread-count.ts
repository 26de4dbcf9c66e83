import { useQuery } from '@tanstack/react-query';
import { chatKeys, getUnreadCount } from '@/components/chat/chat-api';

async function fetchUnread(): Promise<number> {
  try {
    return await getUnreadCount();
  } catch (error) {
    // SPEC §8: unread count failures are logged only.
    console.error('Failed to fetch unread count', error);
    return 0;
  }
}

/** GET /chat/unread-count for the signed-in customer. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: chatKeys.unread(), queryFn: fetchUnread, enabled, staleTime: Infinity });
}
