import { forwardRef, useMemo, type SelectHTMLAttributes } from 'react';
import { countryOptions, type CountryOption } from '@bourse/contract';
import { SelectField } from '@/components/ui/field';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n/i18n';

type Props = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };

/** One of the 45 countries of SPEC §3, each with its flag; values are hyphenated slugs. */
/** Country names in the language shown: English keeps the SPEC's list as it is, others ask the browser. */
function useCountryName(): (option: CountryOption) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    if (i18n.language === 'en' || typeof Intl.DisplayNames !== 'function') return (o: CountryOption) => o.label;
    const names = new Intl.DisplayNames([currentLocale()], { type: 'region' });
    return (o: CountryOption) => names.of(o.code) ?? o.label;
  }, [i18n.language]);
}

export const CountrySelect = forwardRef<HTMLSelectElement, Props>(function CountrySelect(props, ref) {
  const countryName = useCountryName();
  return (
    <SelectField ref={ref} {...props}>
      {countryOptions.map((o) => (
        <option key={o.value} value={o.value}>
          {o.flag} {countryName(o)}
        </option>
      ))}
    </SelectField>
  );
});
