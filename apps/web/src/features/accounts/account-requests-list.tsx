import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RequestQueue } from '@/components/request-queue';
import { useAccountRequests, useDecideAccountRequest, useWaitingAccountCount } from './api/account-requests';

const liveInUse = (t: TFunction, n: number) => (n === 0 ? t('no live account in use') : t('{{count}} live accounts in use', { count: n }));

/** Back office: new live accounts waiting for approval, pending first, with the customer they belong to. */
export function AccountRequestsList() {
  const { t } = useTranslation();
  const waiting = useWaitingAccountCount().data;
  return (
    <section aria-labelledby="account-requests-title" className="space-y-3">
      <h2 id="account-requests-title" className="flex items-center gap-2 text-base font-semibold">
        {t('Live accounts')}
        {waiting !== undefined && (
          <span className="rounded-full bg-panel-2 px-2 text-xs font-medium tabular-nums text-fg" data-testid="account-requests-count">
            {t('{{n}} waiting', { n: waiting })}
          </span>
        )}
      </h2>
      <RequestQueue
        requests={useAccountRequests()}
        decide={useDecideAccountRequest()}
        detail={(r) => (
          <span className="flex flex-col text-xs text-muted sm:text-sm">
            <span className="text-fg">
              {t('Live')} <span className="font-medium tabular-nums">{r.number}</span> · {r.currency}
            </span>
            <span>
              {t('Client ID {{id}}', { id: r.client_id })} · {t('client {{status}}', { status: r.customer_status })} · {liveInUse(t, r.active_live_accounts)}
            </span>
          </span>
        )}
        empty={t('No live accounts waiting for approval.')}
        failed={t('Failed to load the live accounts')}
        testId="account-request"
      />
    </section>
  );
}
