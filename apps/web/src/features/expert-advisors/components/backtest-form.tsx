import { useCallback, useMemo } from 'react';
import { useForm, type FieldError, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { backtestTimeframes, type StrategyKey, strategyLabels } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { useAssetStore } from '@/stores/asset-store';
import { SEARCH_SAMPLE, useBacktestInstruments } from '../hooks/use-backtest-instruments';
import { backtestFormSchema, type BacktestFormInput, type BacktestFormValues, isoDay, paramFields } from '../backtest-params';
import { ParamInput } from '../param-input';

const DAY = 86_400_000;

type Props = {
  strategy: StrategyKey;
  defaultParams: Record<string, unknown>;
  /** The values of the previous run, to start from when the settings are changed. */
  previous?: BacktestFormValues | null;
  submitting: boolean;
  onSubmit: (values: BacktestFormValues) => void;
};

/** Instrument, timeframe, date range and the strategy's parameters, generated from its schema. */
export function BacktestForm({ strategy, defaultParams, previous, submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const firstAsset = useAssetStore((s) => s.activeAsset?.asset_id ?? s.assets[0]?.asset_id);
  const schema = useMemo(() => backtestFormSchema(strategy, (message, values) => t(message, values ?? {})), [strategy, t]);
  const fields = useMemo(() => paramFields(strategy), [strategy]);
  const { register, handleSubmit, formState, getValues, setValue } = useForm<BacktestFormInput, unknown, BacktestFormValues>({
    resolver: zodResolver(schema),
    defaultValues: previous ?? {
      asset_id: firstAsset,
      timeframe: '15m',
      from: isoDay(Date.now() - 14 * DAY),
      to: isoDay(Date.now()),
      initial_balance: 10_000,
      params: defaultParams,
    },
  });
  const { search, setSearch, listed, loading } = useBacktestInstruments(
    useCallback(() => getValues('asset_id'), [getValues]),
    useCallback((id: number) => setValue('asset_id', id), [setValue]),
    previous?.asset_id,
  );
  const errors = formState.errors;
  const paramErrors = (errors.params ?? {}) as Record<string, FieldError | undefined>;

  return (
    <form onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" noValidate aria-label={t('Backtest settings')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('Find instrument')} placeholder={SEARCH_SAMPLE} value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label={t('Instrument')} error={errors.asset_id?.message} {...register('asset_id', { valueAsNumber: true })}>
          {listed.length === 0 && <option value="">{loading ? t('Loading instruments...') : t('No instrument matches')}</option>}
          {listed.map((a) => (
            <option key={a.asset_id} value={a.asset_id}>
              {a.name && a.name !== a.symbol_display ? `${a.symbol_display} · ${a.name}` : a.symbol_display}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('Timeframe')} error={errors.timeframe?.message} {...register('timeframe')}>
          {backtestTimeframes.map((tf) => (
            <option key={tf} value={tf}>
              {tf}
            </option>
          ))}
        </SelectField>
        <TextField label={t('Starting balance (USD)')} type="number" min={100} step={100} error={errors.initial_balance?.message} {...register('initial_balance', { valueAsNumber: true })} />
        <TextField label={t('From (UTC)')} type="date" error={errors.from?.message} {...register('from')} />
        <TextField label={t('To (UTC)')} type="date" error={errors.to?.message} {...register('to')} />
      </div>
      <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium text-muted">{t('Parameters · {{strategy}}', { strategy: t(strategyLabels[strategy]) })}</legend>
        {fields.map((f) => (
          // Names come from the strategy's own schema, so they are paths of the form's values.
          <ParamInput key={f.name} field={f} registration={register(`params.${f.name}` as Path<BacktestFormInput>, { valueAsNumber: f.kind === 'number' })} error={paramErrors[f.name]?.message} />
        ))}
      </fieldset>
      <Button type="submit" loading={submitting} className="self-end">
        {t('Run backtest')}
      </Button>
    </form>
  );
}
