import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminAutotraderRequest } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { type Decision, useAutotraderRequests, useDecideAutotraderRequest } from './api/autotrader';

const statusClass: Record<AdminAutotraderRequest['status'], string> = { pending: 'text-brand', approved: 'text-up', rejected: 'text-down' };

function Decide({ request }: { request: AdminAutotraderRequest }) {
  const decide = useDecideAutotraderRequest();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const send = async (d: Decision) => {
    try {
      toast.success((await decide.mutateAsync(d)).message);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the decision'));
    }
  };
  if (rejecting) {
    return (
      <form
        className="flex w-full flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void send({ id: request.id, approve: false, reason });
        }}
      >
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} className="min-w-48 flex-1" required maxLength={500} autoFocus />
        <Button type="submit" variant="danger" disabled={decide.isPending || reason.trim() === ''}>
          Reject
        </Button>
        <Button variant="ghost" onClick={() => setRejecting(false)}>
          Cancel
        </Button>
      </form>
    );
  }
  return (
    <div className="flex gap-2">
      <Button variant="buy" size="sm" disabled={decide.isPending} onClick={() => void send({ id: request.id, approve: true })} aria-label={`Approve ${request.email}`}>
        Approve
      </Button>
      <Button variant="secondary" size="sm" disabled={decide.isPending} onClick={() => setRejecting(true)} aria-label={`Reject ${request.email}`}>
        Reject
      </Button>
    </div>
  );
}

function RequestRow({ request }: { request: AdminAutotraderRequest }) {
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
        <Decide request={request} />
      ) : (
        <p className="basis-full text-xs text-muted">
          {request.status === 'approved' ? 'Approved' : 'Rejected'} by {request.decided_by ?? 'an operator'}
          {request.decided_at ? ` on ${new Date(request.decided_at).toLocaleString()}` : ''}
          {request.status === 'rejected' && `. Reason: ${request.reason}`}
        </p>
      )}
    </li>
  );
}

/** Back office: the Auto Trader requests, pending first, each approved or rejected with a reason. */
export function AutotraderRequestsPage() {
  const requests = useAutotraderRequests();
  const rows = [...(requests.data ?? [])].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
  return (
    <div>
      <PageHeader title="Auto Trader requests" description="Customers asking for the Auto Trader, with the risk level they chose." />
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
    </div>
  );
}
