import { Alert } from '@/components/ui/alert';
import { useSession } from '@/stores/session-store';
import { markNotificationRead } from '../api/mark-notification-read';
import { alertVariant, firstUnread, isTemp } from '../lib/notification-rules';

function dropLocally(id: string | number) {
  const { user, setUser } = useSession.getState();
  if (user) setUser({ ...user, notifications: user.notifications.filter((n) => n.id !== id) });
}

/**
 * SPEC §2 global notification: the first unread one, coloured by type. Closing marks it read and
 * refreshes the user; a client-made ('temp-') one is only dismissed.
 */
export function NotificationBanner() {
  const note = useSession((s) => firstUnread(s.user?.notifications));
  if (!note) return null;

  const close = () => {
    dropLocally(note.id);
    if (isTemp(note.id)) return;
    markNotificationRead(note.id)
      .catch((error: unknown) => console.error('Failed to mark notification read', error))
      .finally(() => void useSession.getState().fetchUser());
  };

  return (
    <div className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-40 flex justify-center px-3" data-testid="notification-banner">
      <Alert variant={alertVariant(note.color)} title={note.title} onClose={close} className="pointer-events-auto w-full max-w-xl bg-panel shadow-xl shadow-black/40">
        <p className="whitespace-pre-wrap break-words">{note.message}</p>
      </Alert>
    </div>
  );
}
