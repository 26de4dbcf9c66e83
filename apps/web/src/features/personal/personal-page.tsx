import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/stores/session-store';
import { useSiteSettings } from '@/stores/settings-store';
import { useProfile } from './api/personal';
import { AvatarCard } from './components/avatar-card';
import { ConsentsCard } from './components/consents-card';
import { DataExportCard } from './components/data-export-card';
import { ErasureCard } from './components/erasure-card';
import { EmailForm } from './components/email-form';
import { PasswordForm } from './components/password-form';
import { ProfileForm } from './components/profile-form';
import { SessionsList } from './components/sessions-list';
import { TwoFactorCard } from './components/two-factor-card';

/** /main/personal: the customer's details, photo, email, password, two-factor sign-in, devices, and their data rights (copy, marketing consents, erasure). */
export function PersonalPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  // Staff accounts are not erased on request: only a customer's data are theirs to erase.
  const isCustomer = useSession((s) => s.user?.role === 'customer');
  const adminsNeed2fa = useSiteSettings((s) => s.settings?.require_admin_2fa ?? false);

  return (
    <>
      <PageHeader title={t('Personal Details')} description={t('Your profile, sign-in and security.')} />
      {profile.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" /> {t('Loading your details...')}
        </p>
      ) : profile.isError ? (
        <div className="flex flex-col items-start gap-3 text-sm text-muted">
          <p>{t('Your details could not be loaded.')}</p>
          <Button size="sm" variant="secondary" onClick={() => void profile.refetch()}>
            {t('Retry')}
          </Button>
        </div>
      ) : (
        <div className="flex max-w-6xl flex-col gap-5">
          <AvatarCard profile={profile.data} />
          <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <ProfileForm key={JSON.stringify(profile.data)} profile={profile.data} />
            <div className="flex min-w-0 flex-col gap-5">
              <TwoFactorCard profile={profile.data} required={isAdmin && adminsNeed2fa} />
              <PasswordForm />
              <EmailForm profile={profile.data} />
            </div>
          </div>
          <SessionsList />
          <div className="grid items-start gap-5 lg:grid-cols-2">
            <DataExportCard />
            <ConsentsCard />
          </div>
          {isCustomer && <ErasureCard />}
        </div>
      )}
    </>
  );
}
