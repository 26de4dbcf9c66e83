import { forwardRef, type SelectHTMLAttributes } from 'react';
import { countryOptions } from '@bourse/contract';
import { SelectField } from '@/components/ui/field';

type Props = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };

/** One of the 45 countries of SPEC §3, each with its flag; values are hyphenated slugs. */
export const CountrySelect = forwardRef<HTMLSelectElement, Props>(function CountrySelect(props, ref) {
  return (
    <SelectField ref={ref} {...props}>
      {countryOptions.map((o) => (
        <option key={o.value} value={o.value}>
          {o.flag} {o.label}
        </option>
      ))}
    </SelectField>
  );
});
