import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TradingAccount } from '@bourse/contract';
import { PageHeader } from '@/components/page-header';
import { msg } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { useSelectedAccount, useSession } from '@/stores/session-store';
import { AccountActions, type AccountDialog } from './components/account-actions';
import { AccountCard } from './components/account-card';
import { AppropriatenessNotice } from './components/appropriateness-notice';
import { OpenAccountDialog } from './components/open-account-dialog';
import { RecentTransfers } from './components/recent-transfers';
import { ResetAccountDialog } from './components/reset-account-dialog';
import { TopUpDialog } from './components/top-up-dialog';
import { TransferDialog } from './components/transfer-dialog';

type Open = { dialog: AccountDialog; account: TradingAccount } | { dialog: 'open' } | null;
const groups = [
  { kind: 'live', title: msg('Live accounts') },
  { kind: 'demo', title: msg('Demo accounts') },
] as const;

function CardSkeletons() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label={t('Loading accounts')}>
      {[1, 2].map((n) => (
        <li key={n} className="h-52 animate-pulse rounded-xl border border-line bg-panel" />
      ))}
    </ul>
  );
}

/** The customer's trading accounts: live figures, which one the trading room uses, and moving money between them. */
export function AccountsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const selectAccount = useSession((s) => s.selectAccount);
  const selected = useSelectedAccount();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const accounts = user?.accounts ?? [];
  const use = (account: TradingAccount) => {
    selectAccount(accounts.indexOf(account));
    toast.success(t('You now trade on {{number}}.', { number: account.number }));
  };
  return (
    <>
      <PageHeader
        title={t('Accounts')}
        description={
          user
            ? t('Client ID {{id}} · {{plan}} plan · leverage 1:{{leverage}}', { id: user.account_id, plan: user.account_type.title, leverage: user.account_type.leverage })
            : undefined
        }
        actions={
          <Button onClick={() => setOpen({ dialog: 'open' })} disabled={!user}>
            <Plus className="size-4" aria-hidden /> {t('Open account')}
          </Button>
        }
      />
      {!user ? (
        <CardSkeletons />
      ) : accounts.length === 0 ? (
        <p className="rounded-xl border border-line bg-panel p-6 text-center text-sm text-muted">
          {t('You have no trading accounts yet. Open a demo account to practise or a live one to trade real money.')}
        </p>
      ) : (
        <div className="flex flex-col gap-8">
          <AppropriatenessNotice />
          {groups.map(({ kind, title }) => {
            const list = accounts.filter((a) => a.kind === kind);
            if (list.length === 0) return null;
            return (
              <section key={kind} aria-label={t(title)}>
                <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-muted">{t(title)}</h2>
                <ul className="grid gap-4 lg:grid-cols-2">
                  {list.map((account) => (
                    <AccountCard
                      key={account.id}
                      account={account}
                      plan={user.account_type.title}
                      leverage={user.account_type.leverage}
                      selected={account.id === selected?.id}
                      onSelect={() => use(account)}
                      actions={<AccountActions account={account} onOpen={(dialog) => setOpen({ dialog, account })} />}
                    />
                  ))}
                </ul>
              </section>
            );
          })}
          <RecentTransfers />
        </div>
      )}
      {open?.dialog === 'open' && <OpenAccountDialog accounts={accounts} onClose={close} />}
      {open?.dialog === 'transfer' && <TransferDialog accounts={accounts} source={open.account} onClose={close} />}
      {open?.dialog === 'top-up' && <TopUpDialog account={open.account} onClose={close} />}
      {open?.dialog === 'reset' && <ResetAccountDialog account={open.account} onClose={close} />}
    </>
  );
}
