import { useTranslation } from 'react-i18next';
import type { AdminMoneyRequest } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { Button } from '@/components/ui/button';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { statusLabels, statusTone } from '@/features/money/money-labels';
import type { MoneyAction } from './money-decision-dialog';
import { MoneyMethod } from './money-method';

type Open = (request: AdminMoneyRequest, action: MoneyAction) => void;
type Props = { rows: AdminMoneyRequest[]; canDecide: boolean; onAction: Open };

/** The decisions a request allows in the state it is in. */
function actionsOf(r: AdminMoneyRequest): { action: MoneyAction; label: string; variant: 'buy' | 'secondary' }[] {
  if (r.kind === 'deposit') {
    return r.method === 'crypto' && r.status === 'requested'
      ? [
          { action: 'confirm', label: msg('Confirm'), variant: 'buy' },
          { action: 'reject', label: msg('Reject'), variant: 'secondary' },
        ]
      : [];
  }
  if (r.status === 'requested') {
    return [
      { action: 'approve', label: msg('Approve'), variant: 'buy' },
      { action: 'reject', label: msg('Reject'), variant: 'secondary' },
    ];
  }
  if (r.status === 'approved') {
    return [
      { action: 'paid', label: msg('Mark as paid'), variant: 'buy' },
      { action: 'reject', label: msg('Reject'), variant: 'secondary' },
    ];
  }
  return [];
}

function Actions({ request, onAction, stacked }: { request: AdminMoneyRequest; onAction: Open; stacked?: boolean }) {
  const { t } = useTranslation();
  const actions = actionsOf(request);
  if (request.kind === 'deposit' && request.method === 'card' && request.status === 'requested') {
    return <span className="text-xs text-muted">{t('Waiting for the card issuer')}</span>;
  }
  if (actions.length === 0) return null;
  return (
    <div className={stacked ? 'grid gap-2' : 'flex flex-wrap gap-2'}>
      {actions.map((a) => (
        <Button
          key={a.action}
          size="sm"
          variant={a.variant}
          className="whitespace-nowrap"
          onClick={() => onAction(request, a.action)}
          aria-label={
            request.kind === 'deposit'
              ? t('{{action}} deposit #{{id}} of {{name}}', { action: t(a.label), id: request.id, name: request.customer.name })
              : t('{{action}} withdrawal #{{id}} of {{name}}', { action: t(a.label), id: request.id, name: request.customer.name })
          }
        >
          {t(a.label)}
        </Button>
      ))}
    </div>
  );
}

export function MoneyStatus({ request }: { request: AdminMoneyRequest }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col items-start gap-1">
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[request.status])}>{t(statusLabels[request.status])}</span>
      {request.status === 'rejected' && request.reason && <span className="max-w-48 text-xs text-muted">{request.reason}</span>}
    </span>
  );
}

function Amount({ request }: { request: AdminMoneyRequest }) {
  const { t } = useTranslation();
  const credited = request.kind === 'deposit' && request.credited_amount !== null && request.credited_amount !== request.amount;
  return (
    <span className="flex flex-col items-end tabular-nums">
      <span className={cn('font-medium', credited && 'text-muted line-through')}>{formatMoney(request.amount, request.currency)}</span>
      {credited && <span className="text-xs">{t('{{amount}} received', { amount: formatMoney(request.credited_amount!, request.currency) })}</span>}
    </span>
  );
}

function Customer({ request }: { request: AdminMoneyRequest }) {
  const { t } = useTranslation();
  return (
    <span className="block min-w-0">
      <span className="block truncate font-medium">{request.customer.name}</span>
      <span className="block truncate text-xs text-muted">{request.customer.email}</span>
      <span className="block font-mono text-xs text-muted">{request.customer.client_id}</span>
      {/* A size or velocity rule flagged it: AML screening shows which, for review before deciding. */}
      {request.aml_flags.length > 0 && (
        <span className="block text-xs font-medium text-down" data-testid="aml-flag">
          {t('Flagged for AML review')}
        </span>
      )}
      {/* Past the source-of-funds threshold: the server refuses to credit it until AML approves the declaration. */}
      {request.source_of_funds_held && (
        <span className="block text-xs font-medium text-amber-500" data-testid="sof-held">
          {t('Source of funds needed')}
        </span>
      )}
    </span>
  );
}

function Account({ request }: { request: AdminMoneyRequest }) {
  const { t } = useTranslation();
  return (
    <span className="block text-xs">
      <span className="block font-mono text-sm">{request.account_number}</span>
      <span className="text-muted">{t('Balance')} </span>
      <span className="tabular-nums">{formatMoney(request.account_balance, request.currency)}</span>
    </span>
  );
}

const th = 'px-3 py-3 text-start text-xs font-semibold uppercase tracking-wider text-muted';

/** Wide screens: a table, one request a row. */
function QueueTable({ rows, canDecide, onAction }: Props) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-line bg-panel lg:block">
      <table className="w-full text-sm">
        <thead className="border-b border-line bg-panel-2/50">
          <tr>
            <th className={th}>{t('Customer')}</th>
            <th className={th}>{t('Account')}</th>
            <th className={th}>{t('Method')}</th>
            <th className={`${th} text-end`}>{t('Amount')}</th>
            <th className={th}>{t('Status · created')}</th>
            {canDecide && (
              <th className={th}>
                <span className="sr-only">{t('Actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.id} data-testid="money-row" className="align-top">
              <td className="max-w-56 px-3 py-3">
                <Customer request={r} />
              </td>
              <td className="whitespace-nowrap px-3 py-3">
                <Account request={r} />
              </td>
              <td className="max-w-64 px-3 py-3">
                <MoneyMethod request={r} />
              </td>
              <td className="px-3 py-3 text-end">
                <Amount request={r} />
              </td>
              <td className="px-3 py-3">
                <MoneyStatus request={r} />
                <span className="mt-1 block whitespace-nowrap text-xs text-muted">
                  <DateTime iso={r.created_at} />
                </span>
              </td>
              {canDecide && (
                <td className="px-3 py-3">
                  <Actions request={r} onAction={onAction} stacked />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Small screens: one card per request, its decisions at the bottom. */
function QueueCards({ rows, canDecide, onAction }: Props) {
  return (
    <ul className="flex flex-col gap-3 lg:hidden">
      {rows.map((r) => (
        <li key={r.id} data-testid="money-card" className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4">
          <div className="flex items-start justify-between gap-3">
            <Customer request={r} />
            <Amount request={r} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Account request={r} />
            <span className="flex flex-col items-end gap-1 text-xs text-muted">
              <MoneyStatus request={r} />
              <DateTime iso={r.created_at} />
            </span>
          </div>
          <MoneyMethod request={r} />
          {canDecide && <Actions request={r} onAction={onAction} />}
        </li>
      ))}
    </ul>
  );
}

export function MoneyQueue(props: Props) {
  return (
    <>
      <QueueTable {...props} />
      <QueueCards {...props} />
    </>
  );
}
