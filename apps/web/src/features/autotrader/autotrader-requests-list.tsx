import type { AdminAutotraderRequest } from '@bourse/contract';
import { RequestDecisionControls, RequestOutcome } from '@/components/request-decision';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useAutotraderRequests, useDecideAutotraderRequest } from './api/autotrader';

const statusClass: Record<AdminAutotraderRequest['status'], string> = { pending: 'text-brand', approved: 'text-up', rejected: 'text-down' };

function RequestRow({ request }: { request: AdminAutotraderRequest }) {
  const decide = useDecideAutotraderRequest();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-panel p-3" data-testid="autotrader-request">
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate font-medium">{request.name}</p>
        <p className="truncate text-xs text-muted">
          {request.email} · {new Date(request.created_at).toLocaleString()}
        </p>
      </div>
      <span className="text-sm">
        Risk: <span className="font-medium capitalize">{request.risk}</span>
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

/** The Auto Trader requests, pending first, each approved or rejected with a reason. */
export function AutotraderRequestsList() {
  const requests = useAutotraderRequests();
  const rows = [...(requests.data ?? [])].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
  return (
    <>
      {requests.isPending && <Spinner />}
      {requests.isError && (
        <Alert variant="destructive" title="Failed to load the requests">
          <Button variant="secondary" size="sm" onClick={() => void requests.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {requests.data && rows.length === 0 && <p className="text-sm text-muted">No Auto Trader requests yet.</p>}
      {rows.length > 0 && (
        <ul className="space-y-2">
          {rows.map((r) => (
            <RequestRow key={r.id} request={r} />
          ))}
        </ul>
      )}
    </>
  );
}
