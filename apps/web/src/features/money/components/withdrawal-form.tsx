import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { cryptoCoins, type TradingAccount, withdrawalInput } from '@bourse/contract';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useAccountSummaryQuery } from '@/stores/account-summary-store';
import { useMoneyCall } from '../api/money';
import { showServerError } from '@/lib/server-errors';
import { AccountSelect } from '@/components/account-select';

type Input = z.input<typeof withdrawalInput>;
type Values = z.output<typeof withdrawalInput>;
type Method = Values['method'];
// The form holds both destinations' fields; the schema reads the chosen method's.
type FormInput = Input & Partial<{ iban: string; bic: string; holder: string; crypto: string; address: string }>;

/** A sample IBAN shown as the field's placeholder: a format, not language. */
const IBAN_SAMPLE = 'DE89 3704 0044 0532 0130 00';

/** Money out of a live account, to a bank account (IBAN) or a crypto address. It is held at once. */
export function WithdrawalForm({ accounts }: { accounts: TradingAccount[] }) {
  const { t } = useTranslation();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const send = useMoneyCall<Values>('/withdrawals');
  const { register, handleSubmit, formState, setError, watch, setValue, reset } = useForm<FormInput, unknown, Values>({
    resolver: zodResolver(withdrawalInput) as never,
    defaultValues: { method: 'bank', account_id: accounts[0]?.id, iban: '', bic: '', holder: '', crypto: 'bitcoin', address: '' } as FormInput,
    shouldUnregister: true,
  });
  const [method, setMethod] = useState<Method>('bank');
  const choose = (m: Method) => {
    setMethod(m);
    setValue('method', m);
  };
  const accountId = Number(watch('account_id'));
  const account = accounts.find((a) => a.id === accountId);
  const summary = useAccountSummaryQuery(accountId || null);
  const free = summary.data ? Number(summary.data.freeMargin) : null;
  const errors = formState.errors as Record<string, { message?: string } | undefined>;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await send.mutateAsync({ body: values, key });
      toast.success(res.message ?? t('Withdrawal requested'));
      reset({ method, account_id: values.account_id, iban: '', bic: '', holder: '', crypto: 'bitcoin', address: '' } as FormInput);
    } catch (error) {
      showServerError(error, setError as never, ['account_id', 'amount', 'iban', 'bic', 'holder', 'address'] as never, t('Could not request the withdrawal'));
    } finally {
      setKey(crypto.randomUUID());
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5" aria-label={t('Withdrawal')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountSelect accounts={accounts} error={errors.account_id?.message} {...register('account_id', { valueAsNumber: true })} />
        <div className="flex flex-col gap-1">
          <TextField label={t('Amount')} type="number" inputMode="decimal" step="0.01" min={0} error={errors.amount?.message} {...register('amount', { valueAsNumber: true })} />
          <p className="flex items-center justify-between text-xs text-muted">
            <span>{t('Available: {{amount}}', { amount: free === null || !account ? '…' : formatMoney(Math.max(free, 0), account.currency) })}</span>
            {free !== null && free > 0 && (
              <button type="button" className="font-medium text-brand hover:underline" onClick={() => setValue('amount', Math.floor(free * 100) / 100, { shouldValidate: true })}>
                {t('Max')}
              </button>
            )}
          </p>
        </div>
      </div>
      <input type="hidden" {...register('method')} />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-fg/90">{t('Send to')}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg border border-line bg-panel-2 p-1">
          {(['bank', 'crypto'] as const).map((m) => (
            <RadioChoice key={m} name="method" checked={method === m} onChange={() => choose(m)} className={cn('rounded-md py-2 text-sm font-medium', method === m ? 'bg-brand/20 text-fg' : 'text-muted')}>
              {m === 'bank' ? t('Bank account') : t('Crypto address')}
            </RadioChoice>
          ))}
        </div>
      </fieldset>
      {method === 'bank' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="IBAN" autoComplete="off" spellCheck={false} placeholder={IBAN_SAMPLE} className="sm:col-span-2" error={errors.iban?.message} {...register('iban')} />
          <TextField label={t('BIC / SWIFT (optional)')} autoComplete="off" spellCheck={false} error={errors.bic?.message} {...register('bic')} />
          <TextField label={t('Account holder')} autoComplete="name" error={errors.holder?.message} {...register('holder')} />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('Coin and network')} {...register('crypto')}>
            {cryptoCoins.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <TextField label={t('Wallet address')} autoComplete="off" spellCheck={false} error={errors.address?.message} {...register('address')} />
        </div>
      )}
      <Button type="submit" loading={send.isPending} className="self-start">
        {t('Request withdrawal')}
      </Button>
      <p className="text-xs text-muted">{t('The amount is taken from your balance at once and held until it is paid out; if it is rejected or you cancel it, it comes back.')}</p>
    </form>
  );
}
