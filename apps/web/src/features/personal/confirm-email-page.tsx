import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, MailX } from 'lucide-react';
import { FullScreenMessage } from '@/components/full-screen-message';
import { Spinner } from '@/components/ui/spinner';
import { msg } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';
import { confirmEmail } from './api/personal';

const INVALID_LINK = msg('This link is invalid or has expired.');

/** /confirm-email?token=…: applies an email change from the link sent to the new address. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const signedIn = useSession((s) => Boolean(s.token));
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ done: string } | { error: string } | null>(token ? null : { error: t(INVALID_LINK) });
  // The link works once: a second call (React's development double effects) would fail.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmEmail(token)
      .then((res) => {
        setState({ done: res.message });
        if (useSession.getState().token) {
          void useSession.getState().fetchUser();
          void queryClient.invalidateQueries({ queryKey: ['personal'] });
        }
      })
      .catch((e: unknown) => setState({ error: e instanceof ApiError && e.status > 0 ? (e.body?.message ?? t(INVALID_LINK)) : t('Could not reach the server. Please try again.') }));
  }, [token, queryClient, t]);

  const next = (
    <Link to={signedIn ? '/main/personal' : '/'} className="rounded-md bg-brand-solid px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong">
      {signedIn ? t('Back to Personal Details') : t('Go to log in')}
    </Link>
  );
  if (!state) {
    return (
      <main className="flex min-h-full flex-col items-center justify-center gap-4 p-6" aria-busy="true">
        <Spinner className="size-8 text-brand" label={t('Confirming your email')} />
        <p className="text-sm text-muted">{t('Confirming your new email...')}</p>
      </main>
    );
  }
  return 'done' in state ? (
    <FullScreenMessage icon={<MailCheck className="size-7" />} title={t('Email confirmed')} action={next}>
      <p>{state.done}</p>
      <p>{t('Use it the next time you log in.')}</p>
    </FullScreenMessage>
  ) : (
    <FullScreenMessage icon={<MailX className="size-7" />} tone="danger" title={t('Email not changed')} action={next}>
      <p>{state.error}</p>
      <p>{t('Confirmation links work once and expire after an hour. Ask for a new one on the Personal Details page.')}</p>
    </FullScreenMessage>
  );
}
