import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@/stores/session-store';
import { NotFoundPage } from './routes/not-found';
import { isBackOffice } from '@bourse/contract';

/** Signed-in users only; others go to the login page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to="/" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** The dealing desk: the one page of the back office a dealer sees. */
export const DEALER_HOME = '/admin/dealing';

/**
 * The back office's people only (staff and dealers); everyone else sees the not-found page (the
 * server refuses them too). A dealer is kept on the Dealing page.
 */
export function AdminRoute({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const { pathname } = useLocation();
  if (!token) return <Navigate to="/" replace />;
  if (!isBackOffice(user?.role)) return <NotFoundPage />;
  if (user?.role === 'dealer' && pathname !== DEALER_HOME) return <Navigate to={DEALER_HOME} replace />;
  return <>{children}</>;
}

/** SPEC §2: a logged-in user (user and token present) visiting registration screens goes to /main. */
export function GuestRoute({ children }: { children: ReactNode }) {
  const signedIn = useSession((s) => Boolean(s.user && s.token));
  const isAdmin = useSession((s) => isBackOffice(s.user?.role));
  if (signedIn) return <Navigate to={isAdmin ? '/admin' : '/main'} replace />;
  return <>{children}</>;
}
