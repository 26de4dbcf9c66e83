import { Monitor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DateTime } from '@/components/date-time';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, serverWords } from '@/lib/api-client';
import { aroundSlot, SLOT } from '@/lib/message-slot';
import { useEndSessions, useSessions } from '../api/personal';
import { deviceName } from './device-name';
import { Section } from './section';

/** Where the account is signed in, with sign-out of one or all other sessions. */
export function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const { one, others } = useEndSessions();
  const otherCount = sessions.data?.filter((s) => !s.current).length ?? 0;
  const done = (res: { message: string }) => toast.success(serverWords(res.message));
  const failed = (error: unknown) => toast.error(errorMessage(error, t('Could not sign that session out')));

  const [signedInBefore, signedInAfter] = aroundSlot(t('Signed in {{date}}', { date: SLOT }));
  const [activeBefore, activeAfter] = aroundSlot(t('Last active {{date}}', { date: SLOT }));

  return (
    <Section
      title={t('Signed-in devices')}
      description={t('Sign out anything you do not recognise, then change your password.')}
      actions={
        otherCount > 0 && (
          <Button variant="secondary" size="sm" loading={others.isPending} onClick={() => others.mutate(undefined, { onSuccess: done, onError: failed })}>
            {t('Sign out all others')}
          </Button>
        )
      }
    >
      {sessions.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" /> {t('Loading sessions...')}
        </p>
      ) : sessions.isError ? (
        <p className="text-sm text-muted">
          {t('Sessions could not be loaded.')}{' '}
          <button type="button" className="text-brand hover:underline" onClick={() => void sessions.refetch()}>
            {t('Retry')}
          </button>
        </p>
      ) : (
        <ul className="divide-y divide-line" aria-label={t('Sessions')}>
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Monitor className="size-5 shrink-0 text-muted" aria-hidden />
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {deviceName(s.user_agent, t)}
                  {s.current && <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs text-brand">{t('This device')}</span>}
                </p>
                <p className="text-xs text-muted">
                  {s.ip ? `${s.ip} · ` : ''}
                  {signedInBefore}
                  <DateTime iso={s.created_at} withYear />
                  {signedInAfter}
                  {s.last_used_at && (
                    <>
                      {' '}
                      · {activeBefore}
                      <DateTime iso={s.last_used_at} />
                      {activeAfter}
                    </>
                  )}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('Sign out {{device}}', { device: deviceName(s.user_agent, t) })}
                  loading={one.isPending && one.variables === s.id}
                  onClick={() => one.mutate(s.id, { onSuccess: done, onError: failed })}
                >
                  {t('Sign out')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
