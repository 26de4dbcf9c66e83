import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type AdminMoneyRequest, approveDepositInput, rejectMoneyInput } from '@bourse/contract';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { msg } from '@/i18n/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { type MoneyDecision, useMoneyDecision } from '../api/money-admin';
import { MoneyMethod } from './money-method';

export type MoneyAction = 'confirm' | 'approve' | 'paid' | 'reject';

const titles: Record<MoneyAction, string> = { confirm: msg('Confirm deposit'), approve: msg('Approve withdrawal'), paid: msg('Mark withdrawal as paid'), reject: msg('Reject') };

function Summary({ request }: { request: AdminMoneyRequest }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-line bg-panel-2/40 p-3 text-sm">
      <dt className="text-muted">{t('Customer')}</dt>
      <dd className="min-w-0 truncate">
        {request.customer.name} <span className="text-muted">· {request.customer.client_id}</span>
      </dd>
      <dt className="text-muted">{t('Account')}</dt>
      <dd className="font-mono">{request.account_number}</dd>
      <dt className="text-muted">{request.kind === 'deposit' ? t('Claimed') : t('Amount')}</dt>
      <dd className="tabular-nums font-medium">{formatMoney(request.amount, request.currency)}</dd>
      <dt className="text-muted">{t('Method')}</dt>
      <dd className="min-w-0">
        <MoneyMethod request={request} />
      </dd>
    </dl>
  );
}

function consequence(t: TFunction, action: MoneyAction, request: AdminMoneyRequest): string {
  const amount = formatMoney(request.amount, request.currency);
  const account = request.account_number;
  if (action === 'approve') return t('{{amount}} stays held on account {{account}} until you mark the withdrawal as paid.', { amount, account });
  if (action === 'paid') return t('Only once {{amount}} has really been sent: the withdrawal is then closed for good.', { amount });
  if (action === 'reject' && request.kind === 'withdrawal') return t('The held {{amount}} goes back to account {{account}}. The customer sees the reason.', { amount, account });
  if (action === 'reject') return t('Nothing is credited. The customer sees the reason.');
  return t('The amount you enter is credited to account {{account}} at once.', { account });
}

type AmountValues = z.input<typeof approveDepositInput>;
type ReasonValues = z.input<typeof rejectMoneyInput>;

function ConfirmDepositForm({ request, onSend, pending }: { request: AdminMoneyRequest; onSend: (d: MoneyDecision) => Promise<unknown>; pending: boolean }) {
  const { t } = useTranslation();
  const form = useForm<AmountValues, unknown, z.output<typeof approveDepositInput>>({
    resolver: zodResolver(approveDepositInput),
    defaultValues: { credited_amount: Number(request.amount) },
  });
  const submit = form.handleSubmit(async (v) => {
    const error = await onSend({ verb: 'approve', credited_amount: v.credited_amount });
    if (error instanceof ApiError && error.field('credited_amount')) form.setError('credited_amount', { message: error.field('credited_amount') });
  });
  return (
    <form id="money-decision" onSubmit={(e) => void submit(e)} noValidate aria-label={t('Confirm deposit')}>
      <TextField
        label={t('Amount received ({{currency}})', { currency: request.currency })}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        autoFocus
        hint={t('The customer said they sent {{amount}}.', { amount: formatMoney(request.amount, request.currency) })}
        error={form.formState.errors.credited_amount?.message}
        disabled={pending}
        {...form.register('credited_amount', { valueAsNumber: true })}
      />
    </form>
  );
}

function ReasonForm({ onSend, pending }: { onSend: (d: MoneyDecision) => Promise<unknown>; pending: boolean }) {
  const { t } = useTranslation();
  const form = useForm<ReasonValues>({ resolver: zodResolver(rejectMoneyInput), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (v) => {
    const error = await onSend({ verb: 'reject', reason: v.reason });
    if (error instanceof ApiError && error.field('reason')) form.setError('reason', { message: error.field('reason') });
  });
  return (
    <form id="money-decision" onSubmit={(e) => void submit(e)} noValidate aria-label={t('Reject')}>
      <TextField
        label={t('Reason')}
        autoFocus
        maxLength={500}
        hint={t('Sent to the customer.')} 
        error={form.formState.errors.reason?.message}
        disabled={pending}
        {...form.register('reason')}
      />
    </form>
  );
}

const buttonLabels: Record<MoneyAction, string> = { confirm: msg('Confirm and credit'), approve: msg('Approve'), paid: msg('Mark as paid'), reject: msg('Reject') };

function successMessage(t: TFunction, action: MoneyAction, r: AdminMoneyRequest, credited?: number): string {
  if (action === 'confirm') return t('Deposit confirmed: {{amount}} credited to {{account}}.', { amount: formatMoney(credited ?? 0, r.currency), account: r.account_number });
  if (action === 'approve') return t('Withdrawal approved. Mark it as paid once the money is sent.');
  if (action === 'paid') return t('Withdrawal marked as paid.');
  return r.kind === 'withdrawal' ? t('Withdrawal rejected; the held money went back to the account.') : t('Deposit rejected.');
}

/** Asks before money moves: what the request is, what the decision will do, and (where needed) the amount or reason. */
export function MoneyDecisionDialog({ request, action, onClose }: { request: AdminMoneyRequest | null; action: MoneyAction; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useMoneyDecision();
  const [failure, setFailure] = useState<string | null>(null);
  if (!request) return null;
  const send = async (decision: MoneyDecision) => {
    setFailure(null);
    try {
      await decide.mutateAsync({ id: request.id, decision });
      toast.success(successMessage(t, action, request, decision.verb === 'approve' ? decision.credited_amount : undefined));
      onClose();
      return null;
    } catch (error) {
      // A field's message goes on its field; anything else (such as another operator deciding first) above the buttons.
      const onField = error instanceof ApiError && (error.field('credited_amount') ?? error.field('reason'));
      if (!onField) setFailure(errorMessage(error, t('Could not save the decision. Try again.')));
      return error;
    }
  };
  const title = action !== 'reject' ? t(titles[action]) : request.kind === 'deposit' ? t('Reject deposit') : t('Reject withdrawal');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} className="max-w-md">
      <div className="flex flex-col gap-4">
        <Summary request={request} />
        <p className="text-sm text-muted">{consequence(t, action, request)}</p>
        {action === 'confirm' && <ConfirmDepositForm request={request} onSend={send} pending={decide.isPending} />}
        {action === 'reject' && <ReasonForm onSend={send} pending={decide.isPending} />}
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          {action === 'confirm' || action === 'reject' ? (
            <Button type="submit" form="money-decision" variant={action === 'reject' ? 'danger' : 'buy'} loading={decide.isPending}>
              {t(buttonLabels[action])}
            </Button>
          ) : (
            <Button variant="buy" loading={decide.isPending} onClick={() => void send({ verb: action === 'paid' ? 'complete' : 'approve' })}>
              {t(buttonLabels[action])}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
