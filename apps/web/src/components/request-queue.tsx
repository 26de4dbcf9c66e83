import type { ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Requester } from '@/components/requester';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { type RequestDecision, RequestDecisionControls, RequestOutcome } from './request-decision';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

/** What every back-office request queue shows of a request. */
export type QueuedRequest = {
  id: number;
  name: string;
  email: string;
  created_at: string;
  status: 'pending' | 'approved' | 'rejected';
  decided_by: string | null;
  decided_at: string | null;
  reason: string | null;
};

const statusClass: Record<QueuedRequest['status'], string> = { pending: 'text-brand', approved: 'text-up', rejected: 'text-down' };
/** Lower case as the server names them; the badge capitalises the first letter. */
const statusLabel: Record<QueuedRequest['status'], string> = { pending: msg('pending'), approved: msg('approved'), rejected: msg('rejected') };

type Props<T extends QueuedRequest> = {
  requests: UseQueryResult<T[]>;
  decide: UseMutationResult<{ message: string }, Error, { id: number } & RequestDecision>;
  /** What the customer asks for, shown beside who asked. */
  detail: (request: T) => ReactNode;
  empty: string;
  failed: string;
  testId: string;
};

/**
 * A back-office queue of requests, pending first: who asked and when, what they asked for, and
 * Approve / Reject with a reason, or the decision once made.
 */
export function RequestQueue<T extends QueuedRequest>({ requests, decide, detail, empty, failed, testId }: Props<T>) {
  const { t } = useTranslation();
  const rows = [...(requests.data ?? [])].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
  return (
    <>
      {requests.isPending && <Spinner />}
      {requests.isError && (
        <Alert variant="destructive" title={failed}>
          <Button variant="secondary" size="sm" onClick={() => void requests.refetch()}>
            {t('Retry')}
          </Button>
        </Alert>
      )}
      {requests.data && rows.length === 0 && <p className="text-sm text-muted">{empty}</p>}
      {rows.length > 0 && (
        <ul className="space-y-2">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-panel p-3" data-testid={testId}>
              <div className="min-w-0 flex-1 basis-56">
                <Requester name={r.name} email={r.email} at={r.created_at} />
              </div>
              <div className="text-sm">{detail(r)}</div>
              <span className={cn('text-sm font-medium capitalize', statusClass[r.status])}>{t(statusLabel[r.status])}</span>
              {r.status === 'pending' ? (
                <RequestDecisionControls who={r.email} busy={decide.isPending} onDecide={(d) => decide.mutateAsync({ id: r.id, ...d })} />
              ) : (
                <RequestOutcome status={r.status} decidedBy={r.decided_by} decidedAt={r.decided_at} reason={r.reason} />
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
