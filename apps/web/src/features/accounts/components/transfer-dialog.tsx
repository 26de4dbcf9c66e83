import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { accountUsable, transferInput, type TradingAccount } from '@bourse/contract';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { AccountSelect } from '@/components/account-select';
import { useMoneyCall } from '@/features/money/api/money';
import { showServerError } from '@/lib/server-errors';
import { formatMoney } from '@/lib/format';
import { useAccountSummaryQuery } from '@/stores/account-summary-store';
import { useRefreshAccounts } from '../api/accounts';
import { ConvertedAmount } from './converted-amount';

type Input = z.input<typeof transferInput>;
type Values = z.output<typeof transferInput>;

/** Moves money between two of the customer's accounts of the same kind (POST /transfers). */
export function TransferDialog({ accounts, source, onClose }: { accounts: TradingAccount[]; source: TradingAccount; onClose: () => void }) {
  // One key per opened dialog: a doubled click or a retry is one transfer.
  const { t } = useTranslation();
  const [key] = useState(() => crypto.randomUUID());
  const send = useMoneyCall<Values>('/transfers');
  const refresh = useRefreshAccounts();
  // An account awaiting approval takes no transfer, in or out.
  const sameKind = accounts.filter((a) => a.kind === source.kind && accountUsable(a));
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<Input, unknown, Values>({
    resolver: zodResolver(transferInput),
    defaultValues: { from_account_id: source.id, to_account_id: sameKind.find((a) => a.id !== source.id)?.id },
  });
  const from = sameKind.find((a) => a.id === Number(watch('from_account_id'))) ?? source;
  const targets = sameKind.filter((a) => a.id !== from.id);
  const toId = Number(watch('to_account_id'));
  const to = targets.find((a) => a.id === toId);
  useEffect(() => {
    if (!to && targets[0]) setValue('to_account_id', targets[0].id);
  }, [to, targets, setValue]);
  const freeMargin = useAccountSummaryQuery(from.id).data?.freeMargin;
  const max = freeMargin === undefined ? undefined : Math.max(0, Math.floor(Number(freeMargin) * 100) / 100);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await send.mutateAsync({ body: values, key });
      const r = res.data;
      const credited =
        r.credited_amount && r.credited_amount !== r.amount ? ` ${t('{{amount}} received.', { amount: formatMoney(r.credited_amount, String(r.details.to_currency ?? '')) })}` : '';
      toast.success(`${res.message ?? t('Transfer completed.')}${credited}`);
      refresh();
      onClose();
    } catch (error) {
      showServerError(error, setError, ['from_account_id', 'to_account_id', 'amount'], t('The transfer failed'));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('Transfer between accounts')}
      description={
        source.kind === 'demo' ? t('Between your demo accounts; money cannot move between demo and live.') : t('Between your live accounts; money cannot move between demo and live.')
      }
    >
      {targets.length === 0 ? (
        <p className="text-sm text-muted">
          {source.kind === 'demo' ? t('Open a second demo account to move money between them.') : t('Open a second live account to move money between them.')}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('Transfer', { context: 'action' })}>
          <AccountSelect accounts={sameKind} label={t('From')} error={formState.errors.from_account_id?.message} {...register('from_account_id', { valueAsNumber: true })} />
          <AccountSelect accounts={targets} label={t('To')} error={formState.errors.to_account_id?.message} {...register('to_account_id', { valueAsNumber: true })} />
          <div className="flex flex-col gap-1.5">
            <TextField
              label={t('Amount ({{currency}})', { currency: from.currency })}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={0}
              error={formState.errors.amount?.message}
              {...register('amount', { valueAsNumber: true })}
            />
            <div className="flex items-center justify-between gap-2 text-xs text-muted">
              <span data-testid="transfer-free-margin">{max === undefined ? t('Loading free margin…') : t('Free margin {{amount}}', { amount: formatMoney(max, from.currency) })}</span>
              <Button size="sm" variant="secondary" className="h-7" disabled={!max} onClick={() => max && setValue('amount', max, { shouldValidate: true })}>
                {t('Max')}
              </Button>
            </div>
          </div>
          <ConvertedAmount amount={Number(watch('amount'))} from={from} to={to} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('Transfer', { context: 'action' })}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
