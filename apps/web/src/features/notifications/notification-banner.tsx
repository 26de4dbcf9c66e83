import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { serverText } from '@/i18n/server-text';
import { useSession } from '@/stores/session-store';
import { markNotificationRead } from './api/mark-notification-read';
import { alertVariant, firstUnread, isTemp } from './lib/notification-rules';

function dropLocally(id: string | number) {
  const { user, setUser } = useSession.getState();
  if (user) setUser({ ...user, notifications: user.notifications.filter((n) => n.id !== id) });
}

type Slot = 'layout' | 'room' | 'overlay';

/**
 * Where the banner goes: in the flow of the client-area layout and of the trading room (floating
 * there, it would cover the order buttons on a phone), floating over every other screen.
 */
export function bannerPlacement(pathname: string): Slot {
  if (pathname.startsWith('/main/')) return 'layout';
  return pathname === '/mt4' ? 'room' : 'overlay';
}

const alertLook: Record<Slot, string> = {
  layout: 'bg-panel',
  // Compact: the room's chart keeps as much of a phone's height as it can.
  room: 'bg-panel px-3 py-2',
  overlay: 'pointer-events-auto w-full max-w-xl bg-panel shadow-xl shadow-black/40',
};

/**
 * SPEC §2 global notification: the first unread one, coloured by type. Closing marks it read and
 * refreshes the user; a client-made ('temp-') one is only dismissed.
 */
export function NotificationBanner({ slot }: { slot: Slot }) {
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
      titleDir={note.title_key ? undefined : 'auto'} onClose={close} className={alertLook[slot]}>
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
    <div className={slot === 'room' ? 'shrink-0 border-b border-line bg-panel p-2' : 'px-4 pt-4 md:px-6'} data-testid="notification-banner">
      {alert}
    </div>
  );
}
