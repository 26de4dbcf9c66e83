import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { demoDepositInput, type TradingAccount } from '@bourse/contract';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useMoneyCall } from '../api/money';
import { showServerError } from '@/lib/server-errors';
import { AccountSelect } from '@/components/account-select';

type Input = z.input<typeof demoDepositInput>;
type Values = z.output<typeof demoDepositInput>;

/** Demo accounts take practice money at once. */
export function DemoTopUp({ accounts }: { accounts: TradingAccount[] }) {
  const { t } = useTranslation();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const topUp = useMoneyCall<Values>('/deposits/demo');
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, Values>({
    resolver: zodResolver(demoDepositInput),
    defaultValues: { account_id: accounts[0]?.id, amount: 10_000 },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await topUp.mutateAsync({ body: values, key });
      toast.success(res.message ?? t('Topped up'));
    } catch (error) {
      showServerError(error, setError, ['account_id', 'amount'], t('Could not top up the demo account'));
    } finally {
      setKey(crypto.randomUUID());
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5" aria-label={t('Demo top-up')}>
      <h2 className="text-sm font-semibold">{t('Top up a demo account')}</h2>
      <p className="text-sm text-muted">{t('Practice money, added at once. Real deposits go to your live accounts.')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountSelect accounts={accounts} error={formState.errors.account_id?.message} {...register('account_id', { valueAsNumber: true })} />
        <TextField label={t('Amount')} type="number" step="0.01" min={0} error={formState.errors.amount?.message} {...register('amount', { valueAsNumber: true })} />
      </div>
      <Button type="submit" variant="secondary" loading={topUp.isPending} className="self-start">
        {t('Top up')}
      </Button>
    </form>
  );
}
