import { useTranslation } from 'react-i18next';
import { RequestQueue } from '@/components/request-queue';
import { useDecidePlanRequest, usePlanRequests } from '../api/plans';

/** Back office: customers asking for another plan, pending first; approval moves them at once. */
export function PlanRequestsList() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="plan-requests-title" className="space-y-3">
      <h2 id="plan-requests-title" className="text-base font-semibold">
        {t('Plan upgrades')}
      </h2>
      <RequestQueue
        requests={usePlanRequests()}
        decide={useDecidePlanRequest()}
        detail={(r) => (
          <>
            {r.from_plan} <span className="inline-block rtl:rotate-180">→</span> <span className="font-medium">{r.to_plan}</span>
          </>
        )}
        empty={t('No plan requests yet.')}
        failed={t('Failed to load the plan requests')}
        testId="plan-request"
      />
    </section>
  );
}
