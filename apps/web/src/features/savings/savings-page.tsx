import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { accountUsable, savingsMoveInput, type SavingsView } from '@bourse/contract';
import type { z } from 'zod';
import { DateTime } from '@/components/date-time';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { Spinner } from '@/components/ui/spinner';
import { AccountSelect } from '@/components/account-select';
import { showServerError } from '@/lib/server-errors';
import { http } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/stores/session-store';
import { LoadError } from '@/components/load-error';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

type Input = z.input<typeof savingsMoveInput>;
type Values = z.output<typeof savingsMoveInput>;
type Way = 'deposit' | 'withdraw';
const savingsKey = ['savings'] as const;
const kindLabels = { deposit: msg('Moved in'), withdrawal: msg('Moved out'), interest: msg('Interest') } as const;

function useSavings() {
  return useQuery({ queryKey: savingsKey, queryFn: async () => (await http.get<{ data: SavingsView }>('/savings')).data });
}

function MoveForm({ view }: { view: SavingsView }) {
  const { t } = useTranslation();
  const accounts = (useSession((s) => s.user?.accounts) ?? []).filter((a) => a.kind === 'live' && a.currency === view.currency && accountUsable(a));
  const refreshUser = useSession((s) => s.fetchUser);
  const queryClient = useQueryClient();
  const [way, setWay] = useState<Way>('deposit');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const move = useMutation({
    mutationFn: (body: Values) => http.post<{ data: SavingsView }>(`/savings/${way}`, body, { headers: { 'idempotency-key': key } }),
    onSuccess: (res) => queryClient.setQueryData(savingsKey, res.data),
    onSettled: () => void refreshUser?.(),
  });
  const { register, handleSubmit, formState, setError, reset } = useForm<Input, unknown, Values>({
    resolver: zodResolver(savingsMoveInput),
    defaultValues: { account_id: accounts[0]?.id },
  });
  if (accounts.length === 0) return (
      <p className="rounded-xl border border-line bg-panel p-5 text-sm text-muted">
        {t('Savings are funded from a live {{currency}} account. Open one on the Accounts page.', { currency: view.currency })}
      </p>
    );
  const onSubmit = handleSubmit(async (values) => {
    try {
      await move.mutateAsync(values);
      toast.success(way === 'deposit' ? t('Moved to savings') : t('Moved to your trading account'));
      reset({ account_id: values.account_id });
    } catch (error) {
      showServerError(error, setError, ['account_id', 'amount'], t('The move failed'));
    } finally {
      setKey(crypto.randomUUID());
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Move money')} className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">{t('Direction')}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg border border-line bg-panel-2 p-1">
          {(['deposit', 'withdraw'] as const).map((w) => (
            <RadioChoice key={w} name="way" checked={way === w} onChange={() => setWay(w)} className={cn('rounded-md py-2 text-sm font-medium', way === w ? 'bg-brand/20 text-fg' : 'text-muted')}>
              {w === 'deposit' ? t('Into savings') : t('Back to trading')}
            </RadioChoice>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountSelect accounts={accounts} label={way === 'deposit' ? t('From account') : t('To account')} error={formState.errors.account_id?.message} {...register('account_id', { valueAsNumber: true })} />
        <TextField label={t('Amount')} type="number" inputMode="decimal" step="0.01" min={0} error={formState.errors.amount?.message} {...register('amount', { valueAsNumber: true })} />
      </div>
      <Button type="submit" loading={move.isPending} className="self-start">
        {way === 'deposit' ? t('Move to savings') : t('Move to trading')}
      </Button>
    </form>
  );
}

/** /main/savings: a balance that earns the operator's rate, paid daily, moved in and out of live accounts. */
export function SavingsPage() {
  const { t } = useTranslation();
  const savings = useSavings();
  if (savings.isPending) {
    return (
      <p className="flex items-center gap-2 p-6 text-sm text-muted">
        <Spinner className="size-4" /> {t('Loading savings...')}
      </p>
    );
  }
  if (savings.isError) {
    return (
      <LoadError text={t('Your savings could not be loaded.')} onRetry={() => void savings.refetch()} className="flex flex-col items-start gap-3 p-6 text-sm text-muted" />
    );
  }
  const view = savings.data;
  const yearly = (Number(view.balance) * view.rate_pct) / 100;
  const figures = [
    { label: t('Savings balance'), value: formatMoney(view.balance, view.currency), testId: 'savings-balance' },
    { label: t('Interest earned'), value: formatMoney(view.interest_earned, view.currency), testId: 'savings-earned' },
    {
      label: t('Annual rate'),
      value: `${view.rate_pct.toFixed(2)} %`,
      note: t('≈ {{amount}} a year at this balance', { amount: formatMoney(yearly, view.currency) }),
      testId: 'savings-rate',
    },
  ];
  return (
    <>
      <PageHeader title={t('Savings')} description={t('Earn {{rate}} % a year on money you are not trading, paid every day.', { rate: view.rate_pct.toFixed(2) })} />
      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl border border-line bg-panel p-5">
            <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{f.label}</dt>
            <dd className="mt-2 text-2xl font-semibold tabular-nums" data-testid={f.testId}>
              {f.value}
            </dd>
            {f.note && <dd className="mt-1 text-xs text-muted">{f.note}</dd>}
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <MoveForm view={view} />
        <section aria-label={t('Savings history')} className="rounded-xl border border-line bg-panel">
          <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">{t('History')}</h2>
          {view.entries.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted">{t('Nothing yet: move money in to start earning.')}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-line overflow-y-auto">
              {view.entries.map((e) => (
                <li key={e.id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm" data-testid="savings-entry">
                  <div>
                    <p className="font-medium">{t(kindLabels[e.kind])}</p>
                    <p className="text-xs text-muted">{e.accrual_date ?? <DateTime iso={e.created_at} withYear />}</p>
                  </div>
                  <div className="text-end tabular-nums">
                    <p className={cn('font-medium', Number(e.amount) >= 0 ? 'text-up' : 'text-fg')}>{formatMoney(e.amount, view.currency)}</p>
                    <p className="text-xs text-muted">{formatMoney(e.balance_after, view.currency)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
