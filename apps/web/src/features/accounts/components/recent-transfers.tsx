import { useTranslation } from 'react-i18next';
import type { MoneyRequest } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { Spinner } from '@/components/ui/spinner';
import { useMoneyRequests } from '@/features/money/api/money';
import { formatMoney } from '@/lib/format';
import { LoadError } from '@/components/load-error';

const RECENT = 5;

function TransferLine({ r }: { r: MoneyRequest }) {
  const { t } = useTranslation();
  const toCurrency = typeof r.details.to_currency === 'string' ? r.details.to_currency : r.currency;
  const toNumber = typeof r.details.to_account_number === 'string' ? r.details.to_account_number : '';
  const converted = toCurrency !== r.currency && r.credited_amount;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="recent-transfer">
      <div className="min-w-0">
        <p className="font-medium tabular-nums">
          {r.account_number} <span className="inline-block rtl:rotate-180">→</span> {toNumber}
        </p>
        <p className="text-xs text-muted">
          <DateTime iso={r.created_at} />
        </p>
      </div>
      <p className="text-end tabular-nums">
        {formatMoney(r.amount, r.currency)}
        {converted && <span className="block text-xs text-muted">≈ {t('{{amount}} received', { amount: formatMoney(r.credited_amount!, toCurrency) })}</span>}
      </p>
    </li>
  );
}

/** The customer's latest transfers between their own accounts (GET /money/requests?kind=transfer). */
export function RecentTransfers() {
  const { t } = useTranslation();
  const transfers = useMoneyRequests('transfer');
  return (
    <section aria-label={t('Recent transfers')} className="rounded-xl border border-line bg-panel">
      <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">{t('Recent transfers')}</h2>
      {transfers.isPending ? (
        <p className="flex items-center justify-center gap-2 p-6 text-sm text-muted">
          <Spinner className="size-4" /> {t('Loading…')}
        </p>
      ) : transfers.isError ? (
        <LoadError text={t('Your transfers could not be loaded.')} onRetry={() => void transfers.refetch()} />
      ) : transfers.data.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted">
          {t('No transfers yet. Use Transfer on an account to move money between your accounts of the same kind.')}
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {transfers.data.slice(0, RECENT).map((r) => (
            <TransferLine key={r.id} r={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
