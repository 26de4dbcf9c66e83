import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Hourglass, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FullScreenMessage } from '@/components/full-screen-message';
import { isPublicPath } from '@/config/constants';
import { useSession } from '@/stores/session-store';
import { useSiteSettings } from '@/stores/settings-store';
import { useLogout } from '@/app/use-logout';
import { useTranslation } from 'react-i18next';

/** Where a pending customer sends the documents that get them approved, so the gate lets it through. */
const VERIFICATION_PATH = '/main/verification';

/** SPEC §4 account gate on non-public routes: deactivated blocks; pending blocks when verification is required. */
export function AccountGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const isLoading = useSession((s) => s.isLoading);
  const fetchUser = useSession((s) => s.fetchUser);
  const mustVerify = useSiteSettings((s) => s.settings?.must_verify_account ?? false);
  const logout = useLogout();
  const { t } = useTranslation();

  if (isPublicPath(pathname) || !user) return <>{children}</>;
  if (user.status === 'deactivated') {
    return (
      <FullScreenMessage
        icon={<UserX className="size-7" />}
        tone="danger"
        title={t('Account Currently Disabled')}
        action={<Button loading={isLoading} onClick={() => void fetchUser()}>{t('Check Status')}</Button>}
      >
        <p>{t('Your account is currently disabled, please contact support.')}</p>
      </FullScreenMessage>
    );
  }
  if (user.status === 'pending' && mustVerify && pathname !== VERIFICATION_PATH) {
    return (
      <FullScreenMessage
        icon={<Hourglass className="size-7" />}
        tone="warning"
        title={t('Awaiting Approval')}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Button variant="secondary" loading={isLoading} onClick={() => void fetchUser()}>{t('Check Status')}</Button>
            <Button variant="secondary" onClick={() => void navigate(VERIFICATION_PATH)}>{t('Verify identity')}</Button>
            <Button onClick={() => void logout()}>{t('Logout')}</Button>
          </div>
        }
      >
        <p>{t('Your account is awaiting approval from the Client Management Team')}</p>
      </FullScreenMessage>
    );
  }
  return <>{children}</>;
}
