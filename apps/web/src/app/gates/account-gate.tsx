import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Hourglass, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FullScreenMessage } from '@/components/full-screen-message';
import { isPublicPath } from '@/config/constants';
import { useSession } from '@/stores/session-store';
import { useSiteSettings } from '@/stores/settings-store';
import { useLogout } from '@/app/use-logout';

/** SPEC §4 account gate on non-public routes: deactivated blocks; pending blocks when verification is required. */
export function AccountGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const isLoading = useSession((s) => s.isLoading);
  const fetchUser = useSession((s) => s.fetchUser);
  const mustVerify = useSiteSettings((s) => s.settings?.must_verify_account ?? false);
  const logout = useLogout();

  if (isPublicPath(pathname) || !user) return <>{children}</>;
  if (user.status === 'deactivated') {
    return (
      <FullScreenMessage
        icon={<UserX className="size-7" />}
        tone="danger"
        title="Account Currently Disabled"
        action={<Button loading={isLoading} onClick={() => void fetchUser()}>Check Status</Button>}
      >
        <p>Your account is currently disabled, please contact support.</p>
      </FullScreenMessage>
    );
  }
  if (user.status === 'pending' && mustVerify) {
    return (
      <FullScreenMessage
        icon={<Hourglass className="size-7" />}
        tone="warning"
        title="Awaiting Approval"
        action={
          <div className="flex gap-3">
            <Button variant="secondary" loading={isLoading} onClick={() => void fetchUser()}>Check Status</Button>
            <Button onClick={() => void logout()}>Logout</Button>
          </div>
        }
      >
        <p>Your account is awaiting approval from the Client Management Team</p>
      </FullScreenMessage>
    );
  }
  return <>{children}</>;
}
