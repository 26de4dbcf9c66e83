import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useCurrencies, useCurrencyStore } from '@/stores/currency-store';
import { usePreferences } from '@/stores/preferences-store';

/** SPEC §2 currency display switcher (USD by default, remembered locally and in the customer's settings). */
export function CurrencySwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const code = useCurrencyStore((s) => s.code);
  const setCode = useCurrencyStore((s) => s.setCode);
  const currencies = useCurrencies();
  return (
    <select
      value={currencies.some((c) => c.code === code) ? code : currencies[0]?.code}
      onChange={(e) => {
        setCode(e.target.value);
        usePreferences.getState().save({ display_currency: e.target.value }).catch((error: unknown) => console.error('Display currency not saved', error));
      }}
      aria-label={t('Display currency')}
      className={cn('h-8 rounded-md border border-line bg-panel-2 px-2 text-xs text-fg focus:border-brand focus:outline-none', className)}
    >
      {currencies.map((c) => (
        <option key={c.code} value={c.code}>
          {c.code} ({c.symbol})
        </option>
      ))}
    </select>
  );
}
