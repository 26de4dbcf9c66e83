import { Link } from 'react-router';
import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { useDisplayMoney } from '@/stores/currency-store';
import { useAccountSummary } from '../hooks/use-account-summary';
import { FooterAccount } from './room-account';

/** SPEC §2 footer: the account they belong to, then BALANCE, EQUITY, MARGIN, FREE MARGIN, P/L in the display currency, and DASHBOARD. */
export function AccountFooter() {
  const { t } = useTranslation();
  const summary = useAccountSummary();
  const money = useDisplayMoney(summary.currency);
  const figures = [
    { label: msg('BALANCE'), value: summary.balance },
    { label: msg('EQUITY'), value: summary.equity },
    { label: msg('MARGIN'), value: summary.margin },
    { label: msg('FREE MARGIN'), value: summary.freeMargin },
    { label: 'P/L', value: summary.pnl, signed: true },
  ];
  return (
    <footer data-tour="account" className="grid grid-cols-3 items-center gap-x-3 gap-y-1 border-t border-line bg-panel px-3 py-1.5 text-xs md:flex md:gap-6">
      <FooterAccount className="col-span-3 md:col-span-1" />
      <dl className="contents">
        {figures.map(({ label, value, signed }) => (
          <div key={label} className="min-w-0">
            <dt className="text-[10px] font-semibold tracking-wider text-muted">{t(label)}</dt>
            <dd
              data-testid={`footer-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}
              className={cn('truncate font-mono font-medium tabular-nums', signed && (value > 0 ? 'text-up' : value < 0 ? 'text-down' : ''))}
            >
              {money(value)}
            </dd>
          </div>
        ))}
      </dl>
      <Link
        to="/main/dashboard"
        className="flex shrink-0 items-center justify-center gap-1.5 rounded-md border border-line px-3 py-2 text-[11px] font-semibold tracking-wider hover:border-brand hover:text-brand md:ms-auto"
      >
        <LayoutDashboard className="size-3.5" aria-hidden /> {t('DASHBOARD')}
      </Link>
    </footer>
  );
}
