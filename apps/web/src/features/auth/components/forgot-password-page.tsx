import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { forgotPasswordRequest, messages, resetPasswordRequest, type ResetPasswordRequest } from '@bourse/contract';
import { AuthShell } from '@/components/layout/auth-shell';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRequestPasswordReset, useResetPassword } from '../api/password-reset';
import { useTranslation } from 'react-i18next';

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="font-medium text-brand hover:underline">
      {t('Back to log in')}
    </Link>
  );
}

function RequestLinkForm() {
  const { t } = useTranslation();
  const mutation = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      setSent((await mutation.mutateAsync(email)).message);
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
    }
  });
  if (sent) {
    return (
      <Alert variant="success" title={t('Check your inbox')}>
        <span className="inline-flex items-start gap-2">
          <MailCheck className="mt-0.5 hidden size-4 shrink-0 sm:block" aria-hidden />
          <span>
            {sent} {t('The link is valid for 60 minutes.')}
          </span>
        </span>
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField label={t('Email')} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" loading={mutation.isPending}>
        {t('Send reset link')}
      </Button>
    </form>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const [linkError, setLinkError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { token, password: '', confirm_password: '' },
  });
  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const { message } = await mutation.mutateAsync(values);
        toast.success(message);
        navigate('/', { replace: true });
      } catch (error) {
        const tokenProblem = error instanceof ApiError ? error.field('token') : undefined;
        if (tokenProblem) setLinkError(tokenProblem);
        else toast.error(errorMessage(error, messages.genericError));
      }
    },
    (errors) => errors.token && setLinkError(t('This link is invalid or has expired.')),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {linkError && (
        <Alert variant="destructive" title={t('Link not valid')}>
          {linkError}{' '}
          <Link to="/forgot-password" className="font-medium underline" onClick={() => setLinkError(null)}>
            {t('Request a new link')}
          </Link>
        </Alert>
      )}
      <TextField label={t('New password')} type="password" autoComplete="new-password" error={formState.errors.password?.message} {...register('password')} />
      <TextField label={t('Confirm new password')} type="password" autoComplete="new-password" error={formState.errors.confirm_password?.message} {...register('confirm_password')} />
      <Button type="submit" size="lg" loading={mutation.isPending}>
        {t('Reset password')}
      </Button>
    </form>
  );
}

/** /forgot-password: asks for a reset link, or with ?token= sets a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <AuthShell key="reset" title={t('Choose a new password')} subtitle={t('Use at least 8 characters. Every device will be signed out.')} footer={<BackToLogin />}>
      <ResetForm token={token} />
    </AuthShell>
  ) : (
    <AuthShell key="request" title={t('Forgot your password?')} subtitle={t('Enter your email and we will send you a link to choose a new one.')} footer={<BackToLogin />}>
      <RequestLinkForm />
    </AuthShell>
  );
}
