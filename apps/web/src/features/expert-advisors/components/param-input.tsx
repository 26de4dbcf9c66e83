import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '@/components/ui/field';
import type { ParamField } from '../lib/backtest-params';

/** One strategy parameter as a form field, from the field the strategy's schema describes. */
export function ParamInput({ field, registration, error }: { field: ParamField; registration: UseFormRegisterReturn; error?: string }) {
  if (field.kind === 'choice') {
    return (
      <SelectField label={field.label} error={error} {...registration}>
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o.toUpperCase()}
          </option>
        ))}
      </SelectField>
    );
  }
  return <TextField label={field.label} type="number" inputMode="decimal" min={field.min} max={field.max} step={field.step} error={error} {...registration} />;
}
