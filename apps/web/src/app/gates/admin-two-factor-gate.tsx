import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useProfile } from '@/features/personal/api/personal';
import { useSession } from '@/stores/session-store';
import { useSiteSettings } from '@/stores/settings-store';
import { RouteLoading } from './loading-screen';

/**
 * When the operator requires two-factor sign-in for administrators, an administrator without it
 * goes to Personal Details to turn it on (the server refuses the back office's calls meanwhile).
 */
export function AdminTwoFactorGate({ children }: { children: ReactNode }) {
  const required = useSiteSettings((s) => s.settings?.require_admin_2fa ?? false);
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  const applies = required && isAdmin;
  const profile = useProfile(applies);
  if (!applies) return <>{children}</>;
  if (profile.isPending) return <RouteLoading />;
  if (profile.data && !profile.data.two_factor_enabled) return <Navigate to="/main/personal" replace state={{ twoFactorRequired: true }} />;
  return <>{children}</>;
}
