import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { demoDepositInput, type TradingAccount } from '@bourse/contract';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useMoneyCall } from '@/features/money/api/money';
import { showServerError } from '@/lib/server-errors';
import { formatMoney, formatNumber } from '@/lib/format';
import { useRefreshAccounts } from '../api/accounts';

type Input = z.input<typeof demoDepositInput>;
type Values = z.output<typeof demoDepositInput>;
/** The most a demo account holds. */
const DEMO_MAX = 1_000_000;

/** Adds practice money to a demo account at once (POST /deposits/demo). */
export function TopUpDialog({ account, onClose }: { account: TradingAccount; onClose: () => void }) {
  // One key per opened dialog: a doubled click is one top-up.
  const { t } = useTranslation();
  const [key] = useState(() => crypto.randomUUID());
  const topUp = useMoneyCall<Values>('/deposits/demo');
  const refresh = useRefreshAccounts();
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, Values>({
    resolver: zodResolver(demoDepositInput),
    defaultValues: { account_id: account.id, amount: 10_000 },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await topUp.mutateAsync({ body: values, key });
      toast.success(res.message ?? t('Your demo account has been topped up.'));
      refresh();
      onClose();
    } catch (error) {
      showServerError(error, setError, ['amount'], t('The demo account could not be topped up'));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('Top up {{number}}', { number: account.number })}
      description={t('Practice money, added at once. Balance now {{balance}}; a demo account holds at most {{max}}.', {
        balance: formatMoney(account.balance, account.currency),
        max: formatNumber(DEMO_MAX),
      })}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('Top up demo account')}>
        <TextField label={t('Amount ({{currency}})', { currency: account.currency })} type="number" inputMode="decimal" step="0.01" min={0} autoFocus error={formState.errors.amount?.message} {...register('amount', { valueAsNumber: true })} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={topUp.isPending}>
            {t('Top up')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
