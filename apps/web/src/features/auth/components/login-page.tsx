import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { loginRequest, type LoginRequest, isBackOffice, type User } from '@bourse/contract';
import { AuthShell } from '@/components/layout/auth-shell';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { TwoFactorStep } from './two-factor-step';
import { useTranslation } from 'react-i18next';

/** The login page at / and /login. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useLogin();
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });
  const from = (location.state as { from?: string } | null)?.from;
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = (user: User) => {
    toast.success(t('Welcome back, {{name}}', { name: user.first_name }));
    navigate(from ?? (isBackOffice(user.role) ? '/admin' : '/main'), { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await mutation.mutateAsync(values);
      if ('challenge' in data) return setChallenge(data.challenge);
      signedIn(data.user);
    } catch (error) {
      toast.error(errorMessage(error, t('An error occurred. Please try again.')));
    }
  });

  return (
    <AuthShell
      title={t('Log in')}
      subtitle={t('Welcome back. Log in to trade.')}
      footer={
        <>
          {t('New here?')}{' '}
          <Link to="/signup" className="font-medium text-brand hover:underline">
            {t('Open an account')}
          </Link>
        </>
      }
    >
      {challenge ? (
        <TwoFactorStep
          challenge={challenge}
          onDone={signedIn}
          onRestart={(message) => {
            setChallenge(null);
            if (message) toast.error(message);
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField label={t('Email')} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
          <TextField label={t('Password')} type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
          <div className="-mt-1 text-end text-sm">
            <Link to="/forgot-password" className="text-brand hover:underline">
              {t('Forgot password?')}
            </Link>
          </div>
          <Button type="submit" size="lg" loading={mutation.isPending}>
            {t('Log in')}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
