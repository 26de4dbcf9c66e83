import { useMemo } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { normaliseCountry, registerSchema, type RegisterForm } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { useRegisterSubmit } from '../hooks/use-register-submit';
import type { RegistrationData } from '../lib/registration-storage';
import { carriedValues } from '../lib/registration-variant';
import { EmailCodeStep } from './email-code-step';
import { RegisterFields } from './register-fields';
import { useTranslation } from 'react-i18next';
import { aroundSlot, SLOT } from '@/lib/message-slot';

export const ALL_FIELDS: (keyof RegisterForm)[] = ['first_name', 'last_name', 'username', 'email', 'phone', 'country', 'nationality', 'password', 'confirm_password'];

/** Empty form values; country_code is fixed to '+1' and both countries default to the saved guess (SPEC §9). */
export function registerDefaults(data: RegistrationData | null): RegisterForm {
  const country = normaliseCountry(data?.country);
  return {
    first_name: '', last_name: '', username: '', email: '', phone: '', country_code: '+1',
    country, nationality: country, password: '', confirm_password: '',
    ...carriedValues(data),
  };
}

/** Saved values the form does not show can still be wrong (an edited storage entry): say so rather than fail silently. */
export function toastHiddenErrors(errors: FieldErrors<RegisterForm>, hidden: ReadonlySet<keyof RegisterForm>) {
  const first = [...hidden].map((name) => errors[name]?.message).find(Boolean);
  if (first) toast.error(first);
}

/** The way back to the login page under the registration forms. */
export function LoginInstead() {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-muted">
      {t('Already registered?')}{' '}
      <Link to="/" className="font-semibold text-brand hover:underline">
        {t('Login')}
      </Link>
    </p>
  );
}

/** SPEC §2 full form; with saved answers the carried-over fields are hidden and their values sent. */
export function FullRegisterForm({ data }: { data: RegistrationData | null }) {
  const { t } = useTranslation();
  const hidden = useMemo(() => new Set(Object.keys(carriedValues(data)) as (keyof RegisterForm)[]), [data]);
  const visible = useMemo(() => new Set(ALL_FIELDS.filter((f) => !hidden.has(f))), [hidden]);
  const form = useForm<RegisterForm>({ resolver: zodResolver(registerSchema), defaultValues: registerDefaults(data) });
  const { submit, isPending, codeFor, onVerified, cancelCode } = useRegisterSubmit(form.setError, visible, data);
  const onSubmit = form.handleSubmit(submit, (errors) => toastHiddenErrors(errors, hidden));
  const [signingUpBefore, signingUpAfter] = aroundSlot(t('Signing up as {{email}}', { email: SLOT }));
  if (codeFor) return <EmailCodeStep email={codeFor} onVerified={onVerified} onBack={cancelCode} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={t('Registration')}>
      {data && (
        <p className="rounded-lg border border-line bg-panel-2/60 px-3.5 py-2.5 text-sm text-muted">
          {signingUpBefore}
          <strong className="text-fg">{data.email}</strong>
          {signingUpAfter}
        </p>
      )}
      <RegisterFields form={form} hidden={hidden} />
      <LoginInstead />
      <Button type="submit" size="lg" loading={isPending} className="w-full">
        {isPending ? t('Creating your account...') : t('Create account')}
      </Button>
    </form>
  );
}
