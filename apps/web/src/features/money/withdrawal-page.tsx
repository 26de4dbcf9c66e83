import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountUsable } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/stores/session-store';
import { MoneyRequestList } from './components/money-request-list';
import { WithdrawalForm } from './components/withdrawal-form';

/** SPEC /main/withdrawal: money out of a live account, and the state of each request. */
export function WithdrawalPage() {
  const { t } = useTranslation();
  const live = (useSession((s) => s.user?.accounts) ?? []).filter((a) => a.kind === 'live' && accountUsable(a));
  return (
    <>
      <PageHeader title={t('Withdrawal')} description={t('Withdraw from a live account to your bank or a crypto wallet.')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          {live.length === 0 ? (
            <p className="rounded-xl border border-line bg-panel p-5 text-sm text-muted">
              {t('Withdrawals are made from live accounts.')}{' '}
              <Link to="/main/accounts" className="text-brand hover:underline">
                {t('Open a live account')}
              </Link>
              .
            </p>
          ) : (
            <WithdrawalForm accounts={live} />
          )}
        </div>
        <MoneyRequestList kind="withdrawal" title={t('Your withdrawals')} />
      </div>
    </>
  );
}
