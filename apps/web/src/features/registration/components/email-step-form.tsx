import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { emailStepSchema, messages, type EmailStep } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useCheckEmail } from '../api/check-email';
import { useSendEmailCode } from '../api/email-code';
import { messageOfFailure, outcomeOfAnswer, type EmailCheckOutcome } from '../lib/email-check-outcome';
import { saveEmailStep } from '../lib/registration-storage';
import { EmailCodeStep } from './email-code-step';
import { LoginHereLink } from './login-link';
import { useTranslation } from 'react-i18next';

export const COUNTRY_STEP_PATH = '/register/country-residence';

/** A sample address, the same in every language. */
const EMAIL_SAMPLE = 'you@example.com';

type Answers = EmailStep & { country: string };

/**
 * Registration step one (SPEC §2, §4, §8): validated on submit, then the email is checked; when
 * available a code is mailed to it, and once the code is right the answers are saved as
 * registration_data (with the proof) and the country step follows.
 */
export function EmailStepForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useCheckEmail();
  const sendCode = useSendEmailCode();
  const [awaiting, setAwaiting] = useState<Answers | null>(null);
  const { register, handleSubmit, formState } = useForm<EmailStep>({
    resolver: zodResolver(emailStepSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let outcome: EmailCheckOutcome;
    try {
      outcome = outcomeOfAnswer(await check.mutateAsync(values.email));
    } catch (error) {
      toast.error(messageOfFailure(error));
      return;
    }
    if (!outcome.ok) {
      toast.error(outcome.message);
      return;
    }
    try {
      await sendCode.mutateAsync(values.email);
    } catch (error) {
      toast.error(messageOfFailure(error));
      return;
    }
    setAwaiting({ ...values, country: outcome.country });
  });

  if (awaiting) {
    return (
      <EmailCodeStep
        email={awaiting.email}
        onBack={() => setAwaiting(null)}
        onVerified={(emailToken) => {
          saveEmailStep({ ...awaiting, email_token: emailToken });
          toast.success(messages.emailVerified);
          navigate(COUNTRY_STEP_PATH);
        }}
      />
    );
  }
  const busy = check.isPending || sendCode.isPending;

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('Sign up')}>
        <TextField label={t('Email')} type="email" autoComplete="email" placeholder={EMAIL_SAMPLE} error={formState.errors.email?.message} {...register('email')} />
        <TextField
          label={t('Password')}
          type="password"
          autoComplete="new-password"
          placeholder={t('At least 8 characters')}
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" size="lg" loading={busy} className="mt-1 w-full">
          {busy ? t('Checking email availability...') : t('Sign up now')}
        </Button>
      </form>
      <p className="text-center text-xs leading-relaxed text-muted">
        {t('By signing up you confirm that you have read the risk warning and want to open a live trading account.')}
      </p>
      <LoginHereLink />
    </div>
  );
}
