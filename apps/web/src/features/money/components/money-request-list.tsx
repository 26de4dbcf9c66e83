import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { MoneyRequest } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useCancelRequest, useMoneyRequests } from '../api/money';
import { useSourceOfFunds } from '../api/source-of-funds';
import { methodLine, statusLabels, statusTone } from '../money-labels';
import { LoadError } from '@/components/load-error';

/** The customer's deposits or withdrawals with their state; a waiting one can be cancelled. */
export function MoneyRequestList({ kind, title }: { kind: MoneyRequest['kind']; title: string }) {
  const { t } = useTranslation();
  const requests = useMoneyRequests(kind);
  // A deposit past the source-of-funds threshold waits for the declaration until one is approved.
  const sourceOfFunds = useSourceOfFunds();
  const awaitingDeclaration = (r: MoneyRequest) => r.status === 'requested' && r.details.source_of_funds_hold === true && sourceOfFunds.data?.declaration?.status !== 'approved';
  const cancel = useCancelRequest();
  const [asked, setAsked] = useState<MoneyRequest | null>(null);
  const onCancel = async (id: number) => {
    try {
      const res = await cancel.mutateAsync({ body: { id } });
      toast.success(res.message ?? t('Request cancelled.'));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not cancel the request')));
    } finally {
      setAsked(null);
    }
  };
  // min-w-0: as a grid item the list would otherwise widen to its longest line and scroll the page sideways.
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-line bg-panel">
      <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">{title}</h2>
      {requests.isPending ? (
        <p className="flex items-center justify-center gap-2 p-6 text-sm text-muted">
          <Spinner className="size-4" /> {t('Loading...')}
        </p>
      ) : requests.isError ? (
        <LoadError text={t('Your history could not be loaded.')} onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted">{t('Nothing yet.')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {requests.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="money-request">
              <div className="min-w-0 flex-1">
                <p className="font-medium tabular-nums">{formatMoney(r.credited_amount ?? r.amount, r.currency)}</p>
                <p className="truncate text-xs text-muted">
                  {methodLine(r, t)} · {r.account_number} · <DateTime iso={r.created_at} />
                </p>
                {r.reason && <p className="text-xs text-down">{r.reason}</p>}
                {awaitingDeclaration(r) && (
                  <p className="text-xs font-medium text-amber-500" data-testid="sof-needed">
                    {t('Source of funds needed')}
                  </p>
                )}
              </div>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[r.status])}>{t(statusLabels[r.status])}</span>
              {r.status === 'requested' && (
                <Button size="sm" variant="ghost" onClick={() => setAsked(r)} disabled={cancel.isPending}>
                  {t('Cancel')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {asked && (
        <Dialog open onOpenChange={(open) => !open && setAsked(null)} title={kind === 'withdrawal' ? t('Cancel this withdrawal?') : t('Cancel this deposit?')} className="max-w-sm">
          <p className="text-sm text-muted">
            {kind === 'withdrawal'
              ? t('{{amount}} goes back to account {{account}} at once.', { amount: formatMoney(asked.amount, asked.currency), account: asked.account_number })
              : t('The deposit of {{amount}} will no longer be credited.', { amount: formatMoney(asked.amount, asked.currency) })}
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setAsked(null)}>
              {t('Keep it')}
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => void onCancel(asked.id)}>
              {t('Cancel request')}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
