import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { channels, events } from '@bourse/contract';
import { chatKeys } from '@/components/chat/chat-api';
import { playNotificationSound } from '@/lib/notification-sound';
import { useChannelReady, usePrivateEvent, useUserId } from '@/lib/realtime-hooks';
import { useSession } from '@/stores/session-store';
import { useUnreadCount } from '../api/get-unread-count';
import { unreadAlertText } from '../lib/unread-text';
import { useTranslation } from 'react-i18next';

export const CHAT_PATH = '/main/chat';

/**
 * SPEC §2 unread alert: a red banner leading to the chat, hidden on the chat itself, once clicked,
 * or with nothing unread. The count is read on load and on each message from someone else.
 */
export function UnreadAlert() {
  const { t } = useTranslation();
  const userId = useUserId();
  const isCustomer = useSession((s) => s.user?.role === 'customer');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const { data: count = 0 } = useUnreadCount(userId !== null && isCustomer);

  const channel = userId !== null && isCustomer ? channels.chat(userId) : null;
  usePrivateEvent(channel, events.messageSent, (message) => {
    if (message.sender_id === userId) return;
    setDismissed(false);
    playNotificationSound();
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  });
  usePrivateEvent(channel, events.messageRead, (e) => {
    if (e.reader_id === userId) void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  });
  useChannelReady(channel, () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread() }));

  if (count <= 0 || dismissed || pathname.startsWith(CHAT_PATH)) return null;
  return (
    <button
      type="button"
      onClick={() => {
        setDismissed(true);
        navigate(CHAT_PATH);
      }}
      className="flex w-full items-center justify-center gap-2 bg-down-solid px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
      data-testid="unread-alert"
    >
      <MessageCircle className="size-4 shrink-0" aria-hidden />
      {unreadAlertText(count, (key, options) => t(key, options))}
    </button>
  );
}
