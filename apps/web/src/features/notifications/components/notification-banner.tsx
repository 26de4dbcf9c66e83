import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { serverText } from '@/i18n/server-text';
import { useSession } from '@/stores/session-store';
import { markNotificationRead } from '../api/mark-notification-read';
import { alertVariant, firstUnread, isTemp } from '../lib/notification-rules';

function dropLocally(id: string | number) {
  const { user, setUser } = useSession.getState();
  if (user) setUser({ ...user, notifications: user.notifications.filter((n) => n.id !== id) });
}

/** Where the banner goes: in the flow of the client-area layout, floating over every other screen. */
export function bannerPlacement(pathname: string): 'layout' | 'overlay' {
  return pathname.startsWith('/main/') ? 'layout' : 'overlay';
}

/**
 * SPEC §2 global notification: the first unread one, coloured by type. Closing marks it read and
 * refreshes the user; a client-made ('temp-') one is only dismissed.
 */
export function NotificationBanner({ slot }: { slot: 'layout' | 'overlay' }) {
  const note = useSession((s) => firstUnread(s.user?.notifications));
  const { pathname } = useLocation();
  const { t } = useTranslation();
  if (!note || bannerPlacement(pathname) !== slot) return null;
  const floating = slot === 'overlay';

  const close = () => {
    dropLocally(note.id);
    if (isTemp(note.id)) return;
    markNotificationRead(note.id)
      .catch((error: unknown) => console.error('Failed to mark notification read', error))
      .finally(() => void useSession.getState().fetchUser());
  };

  const alert = (
    <Alert variant={alertVariant(note.color)} title={serverText(t, note.title_key, note.params, note.title)}
      titleDir={note.title_key ? undefined : 'auto'} onClose={close} className={floating ? 'pointer-events-auto w-full max-w-xl bg-panel shadow-xl shadow-black/40' : 'bg-panel'}>
      {/* A keyed text is in the reader's language and follows the page's direction; an operator's free text finds its own. */}
      <p dir={note.message_key ? undefined : 'auto'} className="whitespace-pre-wrap break-words">
        {serverText(t, note.message_key, note.params, note.message)}
      </p>
    </Alert>
  );
  return floating ? (
    <div className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-40 flex justify-center px-3" data-testid="notification-banner">
      {alert}
    </div>
  ) : (
    <div className="px-4 pt-4 md:px-6" data-testid="notification-banner">
      {alert}
    </div>
  );
}
