import { useTranslation } from 'react-i18next';
import type { AutotraderRisk } from '@bourse/contract';
import { RequestQueue } from '@/components/request-queue';
import { msg } from '@/i18n/i18n';
import { useAutotraderRequests, useDecideAutotraderRequest } from './api/autotrader';

/** The risk as the queue shows it (lower case, capitalised by the style). */
const riskNames: Record<AutotraderRisk, string> = { low: msg('low'), medium: msg('medium'), high: msg('high') };

/** The Auto Trader requests, pending first, each approved or rejected with a reason. */
export function AutotraderRequestsList() {
  const { t } = useTranslation();
  return (
    <RequestQueue
      requests={useAutotraderRequests()}
      decide={useDecideAutotraderRequest()}
      detail={(r) => (
        <>
          {t('Risk:')} <span className="font-medium capitalize">{t(riskNames[r.risk])}</span>
        </>
      )}
      empty={t('No Auto Trader requests yet.')}
      failed={t('Failed to load the requests')}
      testId="autotrader-request"
    />
  );
}
