import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type StrategyKey, strategyLabels } from '@bourse/contract';
import { ParamInput } from '@/features/expert-advisors/param-input';
import { paramFields } from '@/features/expert-advisors/backtest-params';
import type { CatalogueFormValues } from './catalogue-form-values';

/** The advisor's default parameters, one field per property of its strategy's schema, as the backtest form shows them. */
export function ParamFields({ strategy, register, errors }: { strategy: StrategyKey; register: UseFormRegister<CatalogueFormValues>; errors?: FieldErrors<CatalogueFormValues>['default_params'] }) {
  const { t } = useTranslation();
  const messages = errors as Record<string, { message?: string } | undefined> | undefined;
  return (
    <fieldset className="grid gap-3 rounded-xl border border-line p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">{t('Default parameters · {{strategy}}', { strategy: t(strategyLabels[strategy]) })}</legend>
      {paramFields(strategy).map((f) => (
        <ParamInput key={`${strategy}-${f.name}`} field={f} registration={register(`default_params.${f.name}`, { valueAsNumber: f.kind === 'number' })} error={messages?.[f.name]?.message} />
      ))}
    </fieldset>
  );
}
