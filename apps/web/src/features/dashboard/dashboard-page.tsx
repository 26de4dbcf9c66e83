import { Link } from 'react-router';
import { ArrowDownToLine, CandlestickChart, MessageCircle, Wallet } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { formatMoney } from '@/lib/format';
import { useAccountSummaryQuery } from '@/stores/account-summary-store';
import { useSelectedAccount, useSession } from '@/stores/session-store';
import { AccountOverview } from './account-overview';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

const shortcuts = [
  { to: '/mt4', label: msg('Open the trading room'), text: msg('Live prices, charts and one-click orders.'), Icon: CandlestickChart },
  { to: '/main/deposit', label: msg('Deposit'), text: msg('Fund your live account by crypto or card.'), Icon: ArrowDownToLine },
  { to: '/main/accounts', label: msg('Your accounts'), text: msg('Switch accounts, transfer, download statements.'), Icon: Wallet },
  { to: '/main/chat', label: msg('Talk to support'), text: msg('Our team answers in the chat.'), Icon: MessageCircle },
];

/** The client's home: the selected account's figures, performance and activity, statements, and the ways into the platform. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const account = useSelectedAccount();
  const summary = useAccountSummaryQuery(account?.id ?? null);
  if (!user) return null;
  const currency = account?.currency;
  const s = summary.data;
  const margin = s?.marginLevel;
  return (
    <>
      <PageHeader title={t('Welcome, {{name}}', { name: user.first_name })} description={t('Client ID {{id}}', { id: user.account_id })} />
      <section aria-label={t('Selected account')} className="mb-4 flex flex-wrap items-end justify-between gap-4 rounded-xl border border-line bg-panel p-5">
        <div className="min-w-0">
          <p className="truncate text-xs font-semibold uppercase tracking-wider text-muted">
            {account?.title ?? t('Account')}
          </p>
          <p className="mt-2 text-3xl font-semibold tabular-nums">{formatMoney(s?.balance ?? account?.balance ?? user.balance, currency)}</p>
          <p className="mt-1 text-sm text-muted">{t('Balance · {{plan}} plan', { plan: user.account_type.title })}</p>
        </div>
        {s && (
          <dl className="grid grid-cols-3 gap-x-6 text-sm">
            {[
              [t('Equity'), formatMoney(s.equity, currency)],
              [t('Free margin'), formatMoney(s.freeMargin, currency)],
              [t('Margin level'), margin === null || margin === undefined ? '—' : `${Number(margin).toFixed(2)}%`],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="mt-1 font-medium tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {account && <AccountOverview account={account} />}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('Shortcuts')}>
        {shortcuts.map(({ to, label, text, Icon }) => (
          <li key={to}>
            <Link to={to} className="flex h-full flex-col gap-2 rounded-xl border border-line bg-panel p-5 hover:border-brand">
              <Icon className="size-6 text-brand" aria-hidden />
              <span className="font-medium">{t(label)}</span>
              <span className="text-sm text-muted">{t(text)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
