import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/field';
import type { ParamField } from './backtest-params';

/** One strategy parameter as a form field, from the field the strategy's schema describes. */
export function ParamInput({ field, registration, error }: { field: ParamField; registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  // Labels come from the strategy schemas in English, marked for the catalogue in ../lib/strategy-texts.
  if (field.kind === 'choice') {
    return (
      <SelectField label={t(field.label)} error={error} {...registration}>
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o.toUpperCase()}
          </option>
        ))}
      </SelectField>
    );
  }
  return <TextField label={t(field.label)} type="number" inputMode="decimal" min={field.min} max={field.max} step={field.step} error={error} {...registration} />;
}
