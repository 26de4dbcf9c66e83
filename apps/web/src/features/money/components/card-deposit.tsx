import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { cardChallengeInput, cardDepositInput, type MoneyRequest, type TradingAccount } from '@bourse/contract';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { msg } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { useMoneyCall } from '../api/money';
import { showServerError } from '@/lib/server-errors';
import { AccountSelect } from '@/components/account-select';

type Input = z.input<typeof cardDepositInput>;
type Values = z.output<typeof cardDepositInput>;

/** The issuer's confirmation step (3-D Secure) of a card payment: a one-time code. */
function ChallengeDialog({ request, testMode, onDone }: { request: MoneyRequest; testMode: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useMoneyCall<{ code: string }>(`/deposits/card/${request.id}/confirm`);
  const { register, handleSubmit, formState, setError } = useForm<{ code: string }>({ resolver: zodResolver(cardChallengeInput) });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await confirm.mutateAsync({ body: values });
      toast.success(res.message ?? t('Payment received'));
      onDone();
    } catch (error) {
      const left = error instanceof ApiError ? Number(error.field('attempts_left') ?? Number.NaN) : Number.NaN;
      // A mistyped code can be typed again, as the issuer allows a few tries.
      if (left > 0) return setError('code', { type: 'server', message: t('The confirmation code is not correct. {{count}} attempts left.', { count: left }) }, { shouldFocus: true });
      if (left === 0) toast.error(t('The confirmation code was wrong too many times, so the payment was cancelled. Nothing was charged; start a new deposit to try again.'));
      else showServerError(error, setError, [], t('The payment could not be confirmed'));
      onDone();
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()} title={t('Confirm with your bank')} description={`${request.details.brand} •••• ${request.details.last4}`}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {t('Your card issuer sent a 6-digit code to confirm this payment.')}
          {testMode && ` ${t('With the test provider the code is 123456.')}`}
        </p>
        <TextField label={t('Confirmation code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={formState.errors.code?.message} {...register('code')} />
        <Button type="submit" loading={confirm.isPending}>
          {t('Confirm payment')}
        </Button>
      </form>
    </Dialog>
  );
}

const TEST_CARDS = [
  ['4242 4242 4242 4242', msg('paid at once')],
  ['4000 0000 0000 3220', msg('asks for the confirmation code')],
  ['4000 0000 0000 0002', msg('declined')],
  ['4000 0000 0000 9995', msg('insufficient funds')],
] as const;

/** SPEC /main/deposit/card: a card payment through the configured provider, into a live account. */
export function CardDeposit({ accounts, provider }: { accounts: TradingAccount[]; provider: string }) {
  const { t } = useTranslation();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [challenge, setChallenge] = useState<MoneyRequest | null>(null);
  const pay = useMoneyCall<Values>('/deposits/card');
  const year = new Date().getFullYear();
  const { register, handleSubmit, formState, setError, reset } = useForm<Input, unknown, Values>({
    resolver: zodResolver(cardDepositInput),
    defaultValues: { account_id: accounts[0]?.id, card: { number: '', cvc: '', name: '', exp_month: 12, exp_year: year + 2 } },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await pay.mutateAsync({ body: values, key });
      setKey(crypto.randomUUID());
      if (res.data.status === 'requested') setChallenge(res.data);
      else {
        toast.success(res.message ?? t('Payment received'));
        reset({ ...values, card: { ...values.card, number: '', cvc: '' } });
      }
    } catch (error) {
      setKey(crypto.randomUUID());
      showServerError(error, setError, ['account_id', 'amount', 'card.number', 'card.exp_month', 'card.cvc', 'card.name'], t('The payment failed'));
    }
  });
  const errors = formState.errors;
  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5" aria-label={t('Card payment')}>
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <CreditCard className="size-4 text-brand" aria-hidden /> {t('Pay by card')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <AccountSelect accounts={accounts} error={errors.account_id?.message} {...register('account_id', { valueAsNumber: true })} />
          <TextField label={t('Amount (USD)')} type="number" inputMode="decimal" step="0.01" min={0} error={errors.amount?.message} {...register('amount', { valueAsNumber: true })} />
        </div>
        <TextField label={t('Card number')} inputMode="numeric" autoComplete="cc-number" placeholder="1234 5678 9012 3456" error={errors.card?.number?.message} {...register('card.number')} />
        <div className="grid grid-cols-3 gap-3">
          <TextField label={t('Month')} type="number" min={1} max={12} autoComplete="cc-exp-month" error={errors.card?.exp_month?.message} {...register('card.exp_month', { valueAsNumber: true })} />
          <TextField label={t('Year')} type="number" min={year} max={year + 20} autoComplete="cc-exp-year" error={errors.card?.exp_year?.message} {...register('card.exp_year', { valueAsNumber: true })} />
          <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" maxLength={4} error={errors.card?.cvc?.message} {...register('card.cvc')} />
        </div>
        <TextField label={t('Name on card')} autoComplete="cc-name" error={errors.card?.name?.message} {...register('card.name')} />
        <Button type="submit" loading={pay.isPending} className="self-start">
          {t('Pay now')}
        </Button>
        <p className="text-xs text-muted">{t('Card details go to the payment provider and are not stored by us; we keep the brand and last 4 digits.')}</p>
      </form>
      {provider === 'test' && (
        <details className="rounded-xl border border-line bg-panel p-4 text-sm">
          <summary className="cursor-pointer font-medium">{t('Test cards')}</summary>
          <p className="mt-2 text-muted">{t('Payments go to the built-in test provider: use any future expiry date and any CVC.')}</p>
          <ul className="mt-2 space-y-1">
            {TEST_CARDS.map(([number, what]) => (
              <li key={number} className="flex flex-wrap gap-x-3">
                <span className="font-mono">{number}</span>
                <span className="text-muted">{t(what)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {challenge && <ChallengeDialog request={challenge} testMode={provider === 'test'} onDone={() => setChallenge(null)} />}
    </div>
  );
}
