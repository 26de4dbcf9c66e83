import { useSiteSettings } from '@/stores/settings-store';
import { useRegistrationData } from '../hooks/use-registration-data';
import { registerVariant } from '../lib/registration-variant';
import { CompactRegisterForm } from './compact-register-form';
import { FullRegisterForm } from './full-register-form';
import { RegistrationShell } from './registration-shell';
import { SignupCard } from './signup-page';
import { StepProgress } from './step-progress';
import { useTranslation } from 'react-i18next';

function FormCard({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-panel p-5 shadow-2xl shadow-black/30 sm:p-8" aria-labelledby="register-title">
      <h1 id="register-title" className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="mt-1 mb-6 text-sm text-muted">{subtitle}</p>
      {children}
    </section>
  );
}

/** /register: the screen depends on the operator's `r_page` setting (SPEC §2). */
export function RegisterPage() {
  const { t } = useTranslation();
  const rPage = useSiteSettings((s) => s.settings?.r_page);
  const data = useRegistrationData();
  const variant = registerVariant(rPage, data);
  return (
    <RegistrationShell>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-12">
        {variant === 'email-step' && (
          <div className="mx-auto w-full max-w-[460px]">
            <SignupCard />
          </div>
        )}
        {variant === 'full' && (
          <>
            <StepProgress current={0} />
            <FormCard title={t('Create your trading account')} subtitle={t('A few more details and your account is ready.')}>
              <FullRegisterForm data={data} />
            </FormCard>
          </>
        )}
        {variant === 'compact' && (
          <FormCard title={t('Open a live trading account')} subtitle={t('Everything on one page. It takes about 2 minutes.')}>
            <CompactRegisterForm data={data} />
          </FormCard>
        )}
      </div>
    </RegistrationShell>
  );
}
