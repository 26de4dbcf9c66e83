import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_CURRENCY, STORAGE } from '@/config/constants';
import { formatMoney } from '@/lib/format';
import { useSiteData } from './site-data-store';

export type DisplayCurrency = { code: string; symbol: string; rate: number };

const USD: DisplayCurrency = { code: DEFAULT_CURRENCY, symbol: '$', rate: 1 };
const ONLY_USD = [USD];

type CurrencyState = { code: string; setCode: (code: string) => void };

/** SPEC §3 Currency: the display currency chosen by the user, USD by default, kept locally. */
export const useCurrencyStore = create<CurrencyState>()(
  persist((set) => ({ code: DEFAULT_CURRENCY, setCode: (code) => set({ code }) }), {
    name: STORAGE.currency,
    storage: createJSONStorage(() => localStorage),
  }),
);

/** The currencies site data offers (USD alone until it has loaded). */
export function useCurrencies(): DisplayCurrency[] {
  return useSiteData((s) => s.data?.currencies) ?? ONLY_USD;
}

/** The chosen display currency with its rate against USD; USD when the choice is not offered. */
export function useDisplayCurrency(): DisplayCurrency {
  const code = useCurrencyStore((s) => s.code);
  const currencies = useCurrencies();
  return currencies.find((c) => c.code === code) ?? USD;
}

/**
 * Converts an amount in `from` (a currency code) into `to`, through USD rates; null while the rate
 * of `from` is not known (site data still loading, or a currency it does not list).
 */
export function convertAmount(amount: number, from: string, to: DisplayCurrency, currencies: DisplayCurrency[]): number | null {
  if (from === to.code) return amount;
  const fromRate = currencies.find((c) => c.code === from)?.rate;
  return fromRate ? (amount / fromRate) * to.rate : null;
}

/**
 * Formats an amount held in `from` (an account currency) in the chosen display currency; in its
 * own currency while no rate converts it, never its number under another currency's sign.
 */
export function useDisplayMoney(from: string): (amount: number) => string {
  const display = useDisplayCurrency();
  const currencies = useCurrencies();
  return (amount) => {
    const converted = convertAmount(amount, from, display, currencies);
    return converted === null ? formatMoney(amount, from) : formatMoney(converted, display.code);
  };
}
