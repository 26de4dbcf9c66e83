import { PageHeader } from '@/components/page-header';
import { AutotraderRequestsList } from '@/features/autotrader/autotrader-requests-list';
import { PlanRequestsList } from '@/features/plans/components/plan-requests-list';

/** Back office: the queues of customer requests that need an operator, plans and Auto Trader. */
export function AdminRequestsPage() {
  return (
    <div className="space-y-8">
      <PageHeader title="Requests" description="Plan upgrades and Auto Trader requests waiting for a decision, with the ones already decided." />
      <PlanRequestsList />
      <section aria-labelledby="autotrader-requests-title" className="space-y-3">
        <h2 id="autotrader-requests-title" className="text-base font-semibold">
          Auto Trader
        </h2>
        <AutotraderRequestsList />
      </section>
    </div>
  );
}
