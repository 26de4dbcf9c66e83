import { useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { accountCurrencies, MAX_ACCOUNTS_PER_KIND, openAccountInput, type AppropriatenessStatus, type TradingAccount } from '@bourse/contract';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { msg } from '@/i18n/i18n';
import { showServerError } from '@/lib/server-errors';
import { cn } from '@/lib/cn';
import { useSiteSettings } from '@/stores/settings-store';
import { useOpenAccount } from '../api/accounts';
import { appropriatenessQuery, opensLiveAccounts } from '../api/appropriateness';
import { AppropriatenessStep } from './appropriateness-step';

type Input = z.input<typeof openAccountInput>;
type Values = z.output<typeof openAccountInput>;
const kindHints = { demo: msg('Practice money, funded at once'), live: msg('Real money, funded by deposit') } as const;

/**
 * Opens another demo or live account in one of the offered currencies. Before a live account, a
 * customer who has not answered the appropriateness questions (or must confirm the warning about
 * their answers) goes through them first, and the account opens when they may.
 */
export function OpenAccountDialog({ accounts, onClose }: { accounts: TradingAccount[]; onClose: () => void }) {
  const { t } = useTranslation();
  const open = useOpenAccount();
  const reviewed = useSiteSettings((s) => s.settings?.approve_live_accounts ?? false);
  const kinds = [
    { value: 'demo', label: t('Demo'), hint: t(kindHints.demo) },
    { value: 'live', label: t('Live'), hint: reviewed ? t('Real money, usable once approved') : t(kindHints.live) },
  ] as const;
  const { control, register, handleSubmit, formState, setError, watch } = useForm<Input, unknown, Values>({
    resolver: zodResolver(openAccountInput),
    defaultValues: { kind: 'demo', currency: 'USD' },
  });
  const queryClient = useQueryClient();
  const [questions, setQuestions] = useState<{ values: Values; status: AppropriatenessStatus } | null>(null);
  const held = accounts.filter((a) => a.kind === watch('kind')).length;
  const openWith = async (values: Values) => {
    setQuestions(null);
    try {
      const { data } = await open.mutateAsync(values);
      const opened = data.accounts.at(-1);
      toast.success(
        opened?.status === 'pending'
          ? t('Your live {{currency}} account is awaiting approval. We will let you know once it is reviewed.', { currency: values.currency })
          : values.kind === 'demo'
            ? t('Your demo {{currency}} account is open.', { currency: values.currency })
            : t('Your live {{currency}} account is open.', { currency: values.currency }),
      );
      onClose();
    } catch (error) {
      showServerError(error, setError, ['kind', 'currency'], t('The account could not be opened'));
    }
  };
  const onSubmit = handleSubmit(async (values) => {
    if (values.kind === 'live') {
      // Asked afresh: the answers may have been given since, on another device. Should this fail,
      // the server still checks the standing when the account is opened.
      const status = await queryClient.fetchQuery({ ...appropriatenessQuery, staleTime: 0 }).catch(() => null);
      if (status && !opensLiveAccounts(status.state)) return setQuestions({ values, status });
    }
    await openWith(values);
  });
  if (questions) {
    return (
      <Dialog
        open
        onOpenChange={(o) => !o && onClose()}
        title={t('Your trading knowledge and experience')}
        description={t('Before your first live account, a few questions about what you know and have done.')}
        className="max-w-2xl!"
      >
        <AppropriatenessStep status={questions.status} onAllowed={() => void openWith(questions.values)} onCancel={onClose} />
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('Open account')}
      description={t('You can hold up to {{max}} demo and {{max}} live accounts.', { max: MAX_ACCOUNTS_PER_KIND })}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('Open account')}>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium">{t('Account type')}</legend>
              <div className="grid grid-cols-2 gap-2">
                {kinds.map((k) => (
                  <RadioChoice
                    key={k.value}
                    name="kind"
                    checked={field.value === k.value}
                    onChange={() => field.onChange(k.value)}
                    className={cn('rounded-lg border p-3 text-start', field.value === k.value ? 'border-brand bg-brand/10' : 'border-line bg-panel-2')}
                  >
                    <span className="block text-sm font-semibold">{k.label}</span>
                    <span className="block text-xs text-muted">{k.hint}</span>
                  </RadioChoice>
                ))}
              </div>
              <p className="mt-1.5 text-xs text-muted">
                {watch('kind') === 'demo'
                  ? t('You hold {{held}} of {{max}} demo accounts.', { held, max: MAX_ACCOUNTS_PER_KIND })
                  : t('You hold {{held}} of {{max}} live accounts.', { held, max: MAX_ACCOUNTS_PER_KIND })}
              </p>
            </fieldset>
          )}
        />
        {formState.errors.kind?.message && <Alert variant="destructive">{formState.errors.kind.message}</Alert>}
        <SelectField label={t('Currency')} error={formState.errors.currency?.message} {...register('currency')}>
          {accountCurrencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={open.isPending}>
            {t('Open account')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
