import { type Resolver, type ResolverOptions, type FieldErrors, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { type SwapRate, type SwapRateInput, swapRateInput, swapTripleDays, swapUnits, type SwapTripleDay, type SwapUnitName } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSetSwapRate } from '../api/dealing';
import { swapUnitLabels, weekdayLabels } from '../lib/dealing-labels';
import { dealingWords } from '../lib/dealing-words';

/** The swap dialog's form: rates as typed, the triple day empty for none. */
type SwapFormValues = { long_rate: string; short_rate: string; unit: SwapUnitName; triple_day: SwapTripleDay | '' };

const toBody = (v: SwapFormValues): SwapRateInput => ({ long_rate: v.long_rate.trim(), short_rate: v.short_rate.trim(), unit: v.unit, triple_day: v.triple_day || null });

const checkBody = zodResolver(swapRateInput, undefined, { raw: true });

/** The contract's own check of the body the form would send: the server's words, on the same fields. */
const swapResolver: Resolver<SwapFormValues, unknown, SwapRateInput> = async (values, context, options) => {
  const body = toBody(values);
  const result = await checkBody(body, context, options as unknown as ResolverOptions<SwapRateInput>);
  if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors as FieldErrors<SwapFormValues> };
  return { values: body, errors: {} };
};

const fields = ['long_rate', 'short_rate', 'unit', 'triple_day'] as const;
const plain = (value: string) => String(Number(value));

/** Sets an instrument's long and short swap, their unit and the triple day; applied from the next rollover. */
export function SwapRateDialog({ rate, onClose }: { rate: SwapRate; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetSwapRate();
  const form = useForm<SwapFormValues, unknown, SwapRateInput>({
    resolver: swapResolver,
    defaultValues: { long_rate: plain(rate.long_rate), short_rate: plain(rate.short_rate), unit: rate.unit, triple_day: rate.triple_day ?? '' },
  });
  const errors = form.formState.errors;
  const unit = form.watch('unit');
  const title = t('Swap of {{symbol}}', { symbol: rate.symbol });

  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ symbol: rate.symbol, body });
      toast.success(t('{{symbol}}: swap saved, charged from the next rollover.', { symbol: rate.symbol }));
      onClose();
    } catch (error) {
      const named = error instanceof ApiError && error.status === 422 ? fields.filter((f) => error.field(f) !== undefined) : [];
      for (const field of named) form.setError(field, { message: (error as ApiError).body?.errors?.[field]?.[0] }, { shouldFocus: true });
      if (named.length === 0) toast.error(errorMessage(error, t('Could not save the swap.')));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={rate.name}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} className="flex flex-col gap-4">
        <p className="text-xs text-muted">{t('A positive rate is paid to the trader, a negative one charged.')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('Long (buy)')} inputMode="decimal" autoComplete="off" dir="ltr" error={dealingWords(errors.long_rate?.message)} {...form.register('long_rate')} />
          <TextField label={t('Short (sell)')} inputMode="decimal" autoComplete="off" dir="ltr" error={dealingWords(errors.short_rate?.message)} {...form.register('short_rate')} />
          <SelectField label={t('Unit')} error={dealingWords(errors.unit?.message)} {...form.register('unit')}>
            {swapUnits.map((u) => (
              <option key={u} value={u}>
                {t(swapUnitLabels[u])}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('Triple day')} error={dealingWords(errors.triple_day?.message)} {...form.register('triple_day')}>
            <option value="">{t('None: charged every day')}</option>
            {swapTripleDays.map((d) => (
              <option key={d} value={d}>
                {t(weekdayLabels[d])}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="text-xs text-muted">
          {unit === 'percent'
            ? t('Percent a year of the position’s notional, over {{days}} days.', { days: rate.day_count })
            : t('Points per lot and night, a point being the instrument’s last price digit.')}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('Save swap')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
