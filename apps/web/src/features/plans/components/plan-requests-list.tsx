import type { AdminPlanRequest } from '@bourse/contract';
import { RequestDecisionControls, RequestOutcome } from '@/components/request-decision';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useDecidePlanRequest, usePlanRequests } from '../api/plans';

const statusClass: Record<AdminPlanRequest['status'], string> = { pending: 'text-brand', approved: 'text-up', rejected: 'text-down' };

function PlanRequestRow({ request }: { request: AdminPlanRequest }) {
  const decide = useDecidePlanRequest();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-panel p-3" data-testid="plan-request">
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate font-medium">{request.name}</p>
        <p className="truncate text-xs text-muted">
          {request.email} · {new Date(request.created_at).toLocaleString()}
        </p>
      </div>
      <span className="text-sm">
        {request.from_plan} → <span className="font-medium">{request.to_plan}</span>
      </span>
      <span className={cn('text-sm font-medium capitalize', statusClass[request.status])}>{request.status}</span>
      {request.status === 'pending' ? (
        <RequestDecisionControls who={request.email} busy={decide.isPending} onDecide={(d) => decide.mutateAsync({ id: request.id, ...d })} />
      ) : (
        <RequestOutcome status={request.status} decidedBy={request.decided_by} decidedAt={request.decided_at} reason={request.reason} />
      )}
    </li>
  );
}

/** Back office: customers asking for another plan, pending first; approval moves them at once. */
export function PlanRequestsList() {
  const requests = usePlanRequests();
  const rows = [...(requests.data ?? [])].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
  return (
    <section aria-labelledby="plan-requests-title" className="space-y-3">
      <h2 id="plan-requests-title" className="text-base font-semibold">
        Plan upgrades
      </h2>
      {requests.isPending && <Spinner />}
      {requests.isError && (
        <Alert variant="destructive" title="Failed to load the plan requests">
          <Button variant="secondary" size="sm" onClick={() => void requests.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {requests.data && rows.length === 0 && <p className="text-sm text-muted">No plan requests yet.</p>}
      {rows.length > 0 && (
        <ul className="space-y-2">
          {rows.map((r) => (
            <PlanRequestRow key={r.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
