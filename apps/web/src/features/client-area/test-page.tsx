import { useCallback, useEffect, useState } from 'react';
import { CheckCircle2, Volume2, XCircle } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { http } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { playNotificationSound } from '@/lib/notification-sound';
import { useConnectionStatus } from '@/lib/realtime-hooks';
import { useTranslation } from 'react-i18next';
import { DEFAULT_BRAND } from '@/config/constants';

type Check = { ok: boolean; text: string } | null;
type ServerCheck = { ok: true; ms: number } | { ok: false } | null;

function Row({ label, check }: { label: string; check: Check }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center justify-between gap-4 px-5 py-4 text-sm">
      <span className="font-medium">{label}</span>
      {check === null ? (
        <span className="text-muted">{t('Checking...')}</span>
      ) : (
        <span className={cn('flex items-center gap-1.5', check.ok ? 'text-up' : 'text-down')}>
          {check.ok ? <CheckCircle2 className="size-4" aria-hidden /> : <XCircle className="size-4" aria-hidden />}
          {check.text}
        </span>
      )}
    </li>
  );
}

/** SPEC /main/test: a harmless check of the connection to the server, live updates and sound. */
export function TestPage() {
  const { t } = useTranslation();
  const [api, setApi] = useState<ServerCheck>(null);
  const realtime = useConnectionStatus();
  const measure = useCallback(async () => {
    setApi(null);
    const started = performance.now();
    try {
      await http.get('/settings');
      setApi({ ok: true, ms: Math.round(performance.now() - started) });
    } catch {
      setApi({ ok: false });
    }
  }, []);
  useEffect(() => {
    void measure();
  }, [measure]);
  return (
    <>
      <PageHeader title={t('Test')} description={t('Check that your browser reaches {{brand}} and can play sounds.', { brand: DEFAULT_BRAND })} />
      <ul className="max-w-2xl divide-y divide-line rounded-xl border border-line bg-panel" aria-label={t('Connection checks')}>
        <Row label={t('Server')} check={api && (api.ok ? { ok: true, text: t('Reachable, {{ms}} ms', { ms: api.ms }) } : { ok: false, text: t('Not reachable') })} />
        <Row
          label={t('Live updates')}
          check={realtime === 'connected' ? { ok: true, text: t('Connected') } : realtime === 'connecting' ? null : { ok: false, text: t('Not connected') }}
        />
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void measure()}>
          {t('Check again')}
        </Button>
        <Button variant="secondary" onClick={playNotificationSound}>
          <Volume2 className="size-4" aria-hidden /> {t('Play test sound')}
        </Button>
      </div>
    </>
  );
}
