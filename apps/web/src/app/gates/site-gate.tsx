import { useEffect, type ReactNode } from 'react';
import { CloudOff, Wrench } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FullScreenMessage } from '@/components/full-screen-message';
import { useSession } from '@/stores/session-store';
import { useSiteSettings } from '@/stores/settings-store';
import { LoadingScreen } from './loading-screen';
import { isStaff } from '@bourse/contract';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

export const DEFAULT_MAINTENANCE = msg('This site is currently unavailable. Please check back later.');

/**
 * SPEC §4 site gate: loading → unreachable | maintenance | the app. Settings are fetched on every load.
 * A signed-in admin passes the maintenance screen, or nobody could switch the site back on.
 */
export function SiteGate({ children }: { children: ReactNode }) {
  const { settings, isLoading, error, initialized, fetchSettings } = useSiteSettings();
  const isAdmin = useSession((s) => Boolean(s.token) && isStaff(s.user?.role));
  const { t } = useTranslation();
  useEffect(() => {
    void fetchSettings();
  }, [fetchSettings]);

  if (isLoading && !initialized) return <LoadingScreen siteName={settings?.name} />;
  if (error || !settings) {
    return (
      <FullScreenMessage
        icon={<CloudOff className="size-7" />}
        tone="danger"
        title={t('Site Unreachable')}
        action={<Button loading={isLoading} onClick={() => void fetchSettings()}>{t('Try Again')}</Button>}
      >
        <p>{t("We're having trouble connecting to the server. This could be due to network issues or the server might be undergoing maintenance.")}</p>
      </FullScreenMessage>
    );
  }
  if (settings.status === 'disabled' && !isAdmin) {
    return (
      <FullScreenMessage
        icon={<Wrench className="size-7" />}
        tone="warning"
        title={t('Site Temporarily Disabled')}
        action={<Button loading={isLoading} onClick={() => void fetchSettings()}>{t('Check Status')}</Button>}
      >
        <p>{settings.maintenanceMessage || t(DEFAULT_MAINTENANCE)}</p>
        {settings.contactEmail && (
          <p>
            {t('If you need immediate assistance, please contact us at')}{' '}
            <a className="text-brand underline" href={`mailto:${settings.contactEmail}`}>
              {settings.contactEmail}
            </a>
          </p>
        )}
      </FullScreenMessage>
    );
  }
  return <>{children}</>;
}
