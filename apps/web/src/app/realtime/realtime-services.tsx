import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { channels, events } from '@bourse/contract';
import { isPublicPath } from '@/config/constants';
import { useAlertEvents } from '@/features/alerts/hooks/use-alert-events';
import { NotificationBanner } from '@/features/notifications/notification-banner';
import { useLiveNotifications } from '@/features/notifications/hooks/use-live-notifications';
import { connectRealtime, resetRealtime } from '@/lib/realtime';
import { tradesQueryRoot, usePrivateEvent, useUserId } from '@/lib/realtime-hooks';
import { useSession } from '@/stores/session-store';
import { useConnectionToasts } from './use-connection-toasts';
import { useHeartbeat } from './use-heartbeat';

/**
 * Everything a signed-in page keeps alive: the private connection and its toasts, the heartbeat,
 * the user's own channels (notifications, user, trades), and the notification banner where the
 * layout does not show it itself.
 */
export function RealtimeServices() {
  const token = useSession((s) => s.token);
  const userId = useUserId();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const active = userId !== null && !isPublicPath(pathname);

  useEffect(() => {
    if (active) void connectRealtime();
  }, [active]);
  useEffect(() => {
    if (!token) resetRealtime();
  }, [token]);

  useConnectionToasts();
  useHeartbeat(active);
  useLiveNotifications(active ? userId : null);
  useAlertEvents(active ? userId : null);
  usePrivateEvent(active ? channels.user(userId) : null, events.userUpdated, () => void useSession.getState().fetchUser());
  usePrivateEvent(active ? channels.trade(userId) : null, events.tradeUpdated, () => {
    void queryClient.invalidateQueries({ queryKey: tradesQueryRoot });
  });

  return active ? <NotificationBanner slot="overlay" /> : null;
}
