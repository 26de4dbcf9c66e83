import { Link } from 'react-router';
import type { TradingAccount } from '@bourse/contract';
import { StatementMonths } from '@/features/statements/statement-months';
import { useTranslation } from 'react-i18next';

/** The selected account's latest monthly statements, to download as PDF or CSV. */
export function StatementsCard({ account }: { account: TradingAccount }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('Statements')} className="min-w-0 rounded-xl border border-line bg-panel">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2 className="text-sm font-semibold">{t('Statements')}</h2>
        <Link to="/main/accounts" className="text-xs text-muted hover:text-fg">
          {t('All accounts')}
        </Link>
      </div>
      <StatementMonths account={account} limit={6} className="px-4" />
    </section>
  );
}
