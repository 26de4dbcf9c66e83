import { PageHeader } from '@/components/page-header';
import { AccountRequestsList } from '@/features/accounts/account-requests-list';
import { AutotraderRequestsList } from '@/features/autotrader/autotrader-requests-list';
import { ProfessionalRequestsList } from '@/features/client-category/professional-requests-list';
import { PlanRequestsList } from '@/features/plans/components/plan-requests-list';
import { useTranslation } from 'react-i18next';

/** Back office: the queues of customer requests that need an operator: new live accounts, plans, professional treatment and Auto Trader. */
export function AdminRequestsPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <PageHeader title={t('Requests')} description={t('New live accounts, plan upgrades, requests to be treated as professional and Auto Trader requests waiting for a decision, with the ones already decided.')} />
      <AccountRequestsList />
      <PlanRequestsList />
      <ProfessionalRequestsList />
      <section aria-labelledby="autotrader-requests-title" className="space-y-3">
        <h2 id="autotrader-requests-title" className="text-base font-semibold">
          {t('Auto Trader')}
        </h2>
        <AutotraderRequestsList />
      </section>
    </div>
  );
}
