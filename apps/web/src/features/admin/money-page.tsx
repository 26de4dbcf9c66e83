import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminMoneyRequest } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCanDecide } from '@/hooks/use-can-decide';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-client';
import { type MoneyFilter, type MoneyKind, useMoneyCounts, useMoneyQueue } from './api/money-admin';
import { DepositWallets } from './money/deposit-wallets';
import { type MoneyAction, MoneyDecisionDialog } from './money/money-decision-dialog';
import { MoneyQueue } from './money/money-queue';

const kinds: { value: MoneyKind; label: string }[] = [
  { value: 'deposit', label: msg('Deposits') },
  { value: 'withdrawal', label: msg('Withdrawals') },
];
const filters: { value: MoneyFilter; label: string }[] = [
  { value: 'waiting', label: msg('Waiting') },
  { value: 'completed', label: msg('Completed') },
  { value: 'rejected', label: msg('Rejected') },
  { value: 'cancelled', label: msg('Cancelled') },
  { value: 'all', label: msg('All') },
];
const isKind = (v: string | null): v is MoneyKind => v === 'deposit' || v === 'withdrawal';
const isFilter = (v: string | null): v is MoneyFilter => filters.some((f) => f.value === v);

function StatusFilter({ value, onChange }: { value: MoneyFilter; onChange: (v: MoneyFilter) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-1.5">
      <legend className="sr-only">{t('Filter by status')}</legend>
      {filters.map((f) => (
        <button
          key={f.value}
          type="button"
          aria-pressed={value === f.value}
          onClick={() => onChange(f.value)}
          className={cn(
            'h-9 shrink-0 rounded-full border px-3.5 text-sm transition-colors',
            value === f.value ? 'border-brand bg-brand/15 text-fg' : 'border-line text-muted hover:bg-panel-2 hover:text-fg',
          )}
        >
          {t(f.label)}
        </button>
      ))}
    </fieldset>
  );
}

function QueueState({ kind, filter, canDecide, onAction }: { kind: MoneyKind; filter: MoneyFilter; canDecide: boolean; onAction: (request: AdminMoneyRequest, action: MoneyAction) => void }) {
  const { t } = useTranslation();
  const queue = useMoneyQueue(kind, filter);
  if (queue.isPending) {
    return (
      <div className="flex justify-center rounded-xl border border-line bg-panel py-16">
        <Spinner className="size-6" label={t('Loading the requests')} />
      </div>
    );
  }
  if (queue.isError) {
    return (
      <Alert variant="destructive" title={t('Failed to load the requests')}>
        <span className="flex flex-wrap items-center gap-3">
          {errorMessage(queue.error, t('The server did not answer.'))}
          <Button size="sm" variant="secondary" onClick={() => void queue.refetch()}>
            {t('Retry')}
          </Button>
        </span>
      </Alert>
    );
  }
  if (queue.data.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-panel/50 px-6 py-14 text-center">
        <Inbox className="size-8 text-muted" aria-hidden />
        <p className="font-medium">{filter === 'waiting' ? t('Nothing waiting') : kind === 'deposit' ? t('No deposits here') : t('No withdrawals here')}</p>
        <p className="text-sm text-muted">
          {filter !== 'waiting' ? t('Try another status.') : kind === 'deposit' ? t('New deposit requests appear here.') : t('New withdrawal requests appear here.')}
        </p>
      </div>
    );
  }
  return (
    <div className={cn(queue.isFetching && 'opacity-80 transition-opacity')}>
      <MoneyQueue rows={queue.data.data} canDecide={canDecide} onAction={onAction} />
    </div>
  );
}

/** The list, and the decision being made; the dialog outlives the row when the list refreshes under it. */
function QueuePanel(props: { kind: MoneyKind; filter: MoneyFilter; canDecide: boolean }) {
  const [open, setOpen] = useState<{ request: AdminMoneyRequest; action: MoneyAction } | null>(null);
  return (
    <>
      <QueueState {...props} onAction={(request, action) => setOpen({ request, action })} />
      {open && <MoneyDecisionDialog key={`${open.request.id}-${open.action}`} request={open.request} action={open.action} onClose={() => setOpen(null)} />}
    </>
  );
}

/** Back office: the deposit and withdrawal queues with their decisions, and the receiving wallets. */
export function MoneyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind = isKind(params.get('kind')) ? (params.get('kind') as MoneyKind) : 'deposit';
  const filter = isFilter(params.get('status')) ? (params.get('status') as MoneyFilter) : 'waiting';
  const counts = useMoneyCounts();
  // Support staff see the queues; only admins move money.
  const canDecide = useCanDecide();
  const update = (next: { kind?: MoneyKind; status?: MoneyFilter }) =>
    setParams(
      (p) => {
        const merged = new URLSearchParams(p);
        if (next.kind) merged.set('kind', next.kind);
        if (next.status) merged.set('status', next.status);
        return merged;
      },
      { replace: true },
    );
  return (
    <div className="space-y-10">
      <div>
        <PageHeader title={t('Payments')} description={t('Crypto deposits to confirm with the amount that arrived, and withdrawals to approve and pay out.')} />
        <Tabs.Root value={kind} onValueChange={(v) => update({ kind: v as MoneyKind })}>
          <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <Tabs.List aria-label={t('Kind of request')} className="inline-flex self-start rounded-lg border border-line bg-panel p-1">
              {kinds.map((k) => (
                <Tabs.Trigger
                  key={k.value}
                  value={k.value}
                  className="inline-flex h-9 items-center gap-2 rounded-md px-4 text-sm text-muted transition-colors hover:text-fg data-[state=active]:bg-brand/15 data-[state=active]:text-brand"
                >
                  {t(k.label)}
                  <span className="rounded-full bg-panel-2 px-1.5 text-xs tabular-nums text-fg">
                    {counts.data?.[k.value] ?? '–'}
                    <span className="sr-only"> {t('waiting')}</span>
                  </span>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <StatusFilter value={filter} onChange={(status) => update({ status })} />
          </div>
          {kinds.map((k) => (
            <Tabs.Content key={k.value} value={k.value} className="focus-visible:outline-none">
              <QueuePanel kind={k.value} filter={filter} canDecide={canDecide} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
      <DepositWallets canEdit={canDecide} />
    </div>
  );
}
