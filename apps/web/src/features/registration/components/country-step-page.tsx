import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { countryStepSchema, messages } from '@bourse/contract';
import { RiskPercentSentence } from '@/components/risk-warning';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DEFAULT_BRAND } from '@/config/constants';
import { useSiteSettings } from '@/stores/settings-store';
import { useRequiredRegistrationData } from '../hooks/use-registration-data';
import { countryDefaults, saveCountryStep, type RegistrationData } from '../lib/registration-storage';
import { CountrySelect } from './country-select';
import { PrivacyCheckbox } from './privacy-checkbox';
import { RegistrationShell } from './registration-shell';
import { StepProgress } from './step-progress';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { aroundSlot, SLOT } from '@/lib/message-slot';

export const CFD_RISK = msg(
  'CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage. {{percent}} You should consider whether you understand how CFDs work and whether you can afford to take the high risk of losing your money.',
);

function CountryStepForm({ data }: { data: RegistrationData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(() => countryDefaults(data));
  const [agree, setAgree] = useState(false);
  const [privacyError, setPrivacyError] = useState<string>();
  const [processing, setProcessing] = useState(false);

  const onAgree = (value: boolean) => {
    setAgree(value);
    setPrivacyError(value ? undefined : messages.privacy);
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = countryStepSchema.safeParse({ ...values, agreePrivacy: agree });
    if (!parsed.success) {
      setPrivacyError(parsed.error.issues.find((i) => i.path[0] === 'agreePrivacy')?.message ?? messages.privacy);
      return;
    }
    setProcessing(true);
    saveCountryStep(parsed.data);
    navigate('/register');
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <CountrySelect label={t('Country of Residence')} value={values.countryOfResidence} onChange={(e) => setValues((v) => ({ ...v, countryOfResidence: e.target.value }))} />
        <CountrySelect label={t('Nationality')} value={values.nationality} onChange={(e) => setValues((v) => ({ ...v, nationality: e.target.value }))} />
      </div>
      <PrivacyCheckbox checked={agree} onChange={onAgree} error={privacyError} />
      <Button type="submit" size="lg" disabled={!agree || processing} className="w-full">
        {processing ? (
          <>
            <Loader2 className="size-4 animate-spin" aria-hidden /> {t('Processing...')}
          </>
        ) : (
          t('Continue')
        )}
      </Button>
    </form>
  );
}

/** /register/country-residence: registration step two (SPEC §2 "Country step"). */
export function CountryStepPage() {
  const { t } = useTranslation();
  const data = useRequiredRegistrationData();
  const siteName = useSiteSettings((s) => s.settings?.name) || DEFAULT_BRAND;
  const [onboardingBefore, onboardingAfter] = aroundSlot(
    t('Your trading account will be opened with {{company}}, the regulated company responsible for client onboarding, identity checks and safeguarding client funds on this platform.', {
      company: SLOT,
    }),
  );
  // ESMA's wording: the firm's figure sits between the warning's two sentences.
  const [riskBefore, riskAfter] = aroundSlot(t(CFD_RISK, { percent: SLOT }));
  return (
    <RegistrationShell>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-12">
        <StepProgress current={0} />
        <section className="rounded-2xl border border-line bg-panel p-5 shadow-2xl shadow-black/30 sm:p-8" aria-labelledby="country-title">
          <h1 id="country-title" className="text-2xl font-bold tracking-tight">
            {t("Let's get you set up!")}
          </h1>
          <p className="mt-1 mb-6 text-sm text-muted">{t('Tell us where you live and your nationality. We use this to open your account under the right rules.')}</p>
          {data && <CountryStepForm data={data} />}
        </section>
        <Alert variant="warning" title={t('Risk warning')}>
          {riskBefore}
          <RiskPercentSentence />
          {riskAfter}
        </Alert>
        <Alert title={t('Who opens your account')}>
          <span data-testid="onboarding-notice">
            {onboardingBefore}
            <strong className="text-fg">{siteName}</strong>
            {onboardingAfter}
          </span>
        </Alert>
      </div>
    </RegistrationShell>
  );
}
