import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { countryStepSchema, messages, registerSchema, type RegisterForm } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { useRegisterSubmit } from '../hooks/use-register-submit';
import type { RegistrationData } from '../lib/registration-storage';
import { ALL_FIELDS, LoginInstead, registerDefaults } from './full-register-form';
import { PrivacyCheckbox } from './privacy-checkbox';
import { EmailCodeStep } from './email-code-step';
import { RegisterFields } from './register-fields';
import { useTranslation } from 'react-i18next';

const everyField = new Set(ALL_FIELDS);
const privacyRule = countryStepSchema.shape.agreePrivacy;

/**
 * The "td" variant: every answer of the three steps on one screen, with all their validations,
 * sent in one call (the server checks the email).
 */
export function CompactRegisterForm({ data }: { data: RegistrationData | null }) {
  const { t } = useTranslation();
  const form = useForm<RegisterForm>({ resolver: zodResolver(registerSchema), defaultValues: { ...registerDefaults(null), ...(data ? { email: data.email } : {}) } });
  const { submit, isPending, codeFor, onVerified, cancelCode } = useRegisterSubmit(form.setError, everyField, data);
  const [agree, setAgree] = useState(false);
  const [privacyError, setPrivacyError] = useState<string>();

  const onSubmit = (event: React.FormEvent) => {
    const ok = privacyRule.safeParse(agree).success;
    setPrivacyError(ok ? undefined : messages.privacy);
    return form.handleSubmit((values) => (ok ? submit(values) : undefined))(event);
  };

  if (codeFor) return <EmailCodeStep email={codeFor} onVerified={onVerified} onBack={cancelCode} />;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={t('Registration')}>
      <RegisterFields form={form} />
      <PrivacyCheckbox
        checked={agree}
        onChange={(value) => {
          setAgree(value);
          if (value) setPrivacyError(undefined);
        }}
        error={privacyError}
      />
      <LoginInstead />
      <Button type="submit" size="lg" loading={isPending} className="w-full">
        {isPending ? t('Creating your account...') : t('Open my account')}
      </Button>
    </form>
  );
}
