import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';
import { formatMoney } from '@/lib/format';
import { convertAmount, useCurrencies } from '@/stores/currency-store';

/** What the destination receives when the currencies differ: an estimate, the server converts at its current rate. */
export function ConvertedAmount({ amount, from, to }: { amount: number; from: TradingAccount; to: TradingAccount | undefined }) {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  if (!to || to.currency === from.currency) return null;
  const target = currencies.find((c) => c.code === to.currency);
  const converted = target && Number.isFinite(amount) && amount > 0 ? convertAmount(amount, from.currency, target, currencies) : null;
  return (
    <p className="rounded-lg bg-panel-2 px-3 py-2 text-sm" data-testid="transfer-conversion">
      {converted !== null ? (
        <>
          ≈ <strong className="tabular-nums">{formatMoney(converted, to.currency)}</strong>{' '}
          {t('arrives in {{number}}.', { number: to.number })}{' '}
        </>
      ) : null}
      <span className="text-muted">
        {t('{{from}} is converted to {{to}} at the current rate when you confirm.', { from: from.currency, to: to.currency })}
      </span>
    </p>
  );
}
