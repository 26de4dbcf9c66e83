import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { toast } from 'sonner';
import { isBackOffice, type User } from '@bourse/contract';
import { FullScreenMessage } from '@/components/full-screen-message';
import { AuthShell } from '@/components/layout/auth-shell';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAutoLogin } from '../api/login';
import { TwoFactorStep } from './two-factor-step';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

const INVALID_LINK = msg('This sign-in link is invalid or has expired.');

/**
 * /auto-login?token=…: signs in with a one-time link and lands on /main. With two-factor on, the
 * link replaces the password only: the page asks for the code, as the login page does.
 */
export function AutoLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useAutoLogin();
  const [error, setError] = useState<string | null>(token ? null : INVALID_LINK);
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = useCallback(
    (user: User) => {
      queryClient.clear();
      toast.success(t('Welcome, {{name}}', { name: user.first_name }));
      navigate(isBackOffice(user.role) ? '/admin' : '/main', { replace: true });
    },
    [navigate, queryClient, t],
  );
  // The token works once: a second call (React's development double effects) would fail.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutation
      .mutateAsync(token)
      .then(({ data }) => {
        if ('challenge' in data) setChallenge(data.challenge);
        else signedIn(data.user);
      })
      .catch((e: unknown) => setError(e instanceof ApiError && e.status > 0 ? (e.field('token') ?? errorMessage(e, INVALID_LINK)) : INVALID_LINK));
  }, [token, mutation, signedIn]);

  if (error) {
    return (
      <FullScreenMessage
        icon={<LinkIcon className="size-7" />}
        tone="danger"
        title={t('Sign-in link not valid')}
        action={
          <Link to="/" className="rounded-md bg-brand-solid px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong">
            {t('Go to log in')}
          </Link>
        }
      >
        <p>{error === INVALID_LINK ? t(INVALID_LINK) : error}</p>
        <p>{t('Sign-in links work once and expire after 15 minutes. Ask support for a new one, or log in with your email and password.')}</p>
      </FullScreenMessage>
    );
  }
  if (challenge) {
    return (
      <AuthShell title={t('Log in')} subtitle={t('Your account uses two-factor sign-in.')}>
        <TwoFactorStep
          challenge={challenge}
          onDone={signedIn}
          onRestart={(message) => (message ? setError(message) : navigate('/', { replace: true }))}
        />
      </AuthShell>
    );
  }
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-6" aria-busy="true">
      <Spinner className="size-8 text-brand" label={t('Signing you in')} />
      <p className="text-sm text-muted">{t('Signing you in...')}</p>
    </main>
  );
}
