import { channels, events, type Notification } from '@bourse/contract';
import { playNotificationSound } from '@/lib/notification-sound';
import { useChannelReady, usePrivateEvent } from '@/lib/realtime-hooks';
import { useSession } from '@/stores/session-store';
import { TEMP_PREFIX } from '../lib/notification-rules';

const colors: readonly string[] = ['danger', 'success', 'warning', 'info'];

/** `notification.message` on `notification.{userId}`: show it at once, chime, then refresh the user. */
export function useLiveNotifications(userId: number | null) {
  const channel = userId === null ? null : channels.notification(userId);
  // A notification sent while the channel was subscribing came as no event: the user's list has it.
  useChannelReady(channel, () => void useSession.getState().fetchUser());
  usePrivateEvent(channel, events.notification, (data) => {
    playNotificationSound();
    const { user, setUser, fetchUser } = useSession.getState();
    if (user) {
      const note: Notification = {
        id: data.id ?? `${TEMP_PREFIX}${Date.now()}`,
        title: data.title,
        message: data.message,
        title_key: data.title_key,
        message_key: data.message_key,
        params: data.params,
        color: colors.includes(data.color) ? (data.color as Notification['color']) : 'info',
        read: false,
      };
      setUser({ ...user, notifications: [note, ...user.notifications.filter((n) => n.id !== note.id)] });
    }
    void fetchUser();
  });
}
