import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { channels, events } from '@bourse/contract';
import { playNotificationSound } from '@/lib/notification-sound';
import { usePrivateEvent } from '@/lib/realtime-hooks';
import { serverText } from '@/i18n/server-text';
import { alertsKey } from '../api/alerts';
import { showBrowserNotification } from '../lib/browser-notifications';

/**
 * `alert.changed` on `notification.{userId}`: a price alert fired or was cancelled. Refreshes the
 * alert list, chimes, and shows a browser notification (the in-app one arrives on its own event).
 */
export function useAlertEvents(userId: number | null) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  usePrivateEvent(userId === null ? null : channels.notification(userId), events.alertChanged, (data) => {
    void queryClient.invalidateQueries({ queryKey: alertsKey });
    playNotificationSound();
    showBrowserNotification(serverText(t, data.title_key, data.params, data.title), serverText(t, data.message_key, data.params, data.message), `alert-${data.id}`);
  });
}
