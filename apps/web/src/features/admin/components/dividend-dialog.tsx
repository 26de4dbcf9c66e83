import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { type CorporateActionInput, corporateActionInput } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAddCorporateAction } from '../api/dealing';
import { dealingWords } from '../lib/dealing-words';

const fields = ['symbol', 'ex_date', 'amount'] as const;

/**
 * Enters one dividend: the contract's check on each field (the server's own words), and the
 * server's refusals (a symbol that is no share or index CFD, a second action on a day) on theirs.
 */
export function DividendDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddCorporateAction();
  // `raw`: the amount goes to the server as typed, so its decimals are the server's to read.
  const form = useForm<CorporateActionInput>({
    resolver: zodResolver(corporateActionInput, undefined, { raw: true }),
    defaultValues: { symbol: '', ex_date: '', amount: '' },
  });
  const errors = form.formState.errors;
  const title = t('New dividend');

  const submit = form.handleSubmit(async (body) => {
    try {
      const action = await add.mutateAsync({ ...body, symbol: body.symbol.trim().toUpperCase() });
      toast.success(t('Dividend of {{symbol}} entered for {{date}}.', { symbol: action.symbol, date: action.ex_date }));
      onClose();
    } catch (error) {
      const named = error instanceof ApiError && error.status === 422 ? fields.filter((f) => error.body?.errors?.[f]?.[0] !== undefined) : [];
      for (const field of named) form.setError(field, { message: (error as ApiError).body?.errors?.[field]?.[0] }, { shouldFocus: true });
      if (named.length === 0) toast.error(errorMessage(error, t('Could not enter the dividend.')));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={t('Positions held at the rollover before the ex-date are adjusted on it.')}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} className="flex flex-col gap-4">
        <TextField label={t('Symbol')} autoComplete="off" autoCapitalize="characters" maxLength={40} dir="ltr" error={dealingWords(errors.symbol?.message)} {...form.register('symbol')} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('Ex-date')} type="date" dir="ltr" error={dealingWords(errors.ex_date?.message)} {...form.register('ex_date')} />
          <TextField label={t('Amount per share')} inputMode="decimal" autoComplete="off" dir="ltr" error={dealingWords(errors.amount?.message)} {...form.register('amount')} />
        </div>
        <p className="text-xs text-muted">{t('Per share, in the instrument’s quote currency: longs are credited and shorts debited (the other way round for a negative amount).')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('Enter dividend')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
