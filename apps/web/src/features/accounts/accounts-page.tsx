import { Check } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { useSelectedAccount, useSession } from '@/stores/session-store';

/** Account details: every trading account with its balance; one is selected for trading. */
export function AccountsPage() {
  const user = useSession((s) => s.user);
  const selectAccount = useSession((s) => s.selectAccount);
  const selected = useSelectedAccount();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Account Details" description={`Client ID ${user.account_id} · ${user.account_type.title} plan · leverage 1:${user.account_type.leverage}`} />
      <ul className="grid gap-4 md:grid-cols-2">
        {user.accounts.map((account, index) => {
          const active = account.id === selected?.id;
          return (
            <li key={account.id} className="rounded-xl border border-line bg-panel p-5">
              <div className="flex items-start justify-between gap-4">
                <div>
                  <p className="text-xs font-semibold uppercase tracking-wider text-muted">{account.kind === 'demo' ? 'Demo account' : 'Live account'}</p>
                  <p className="mt-1 text-lg font-semibold">{account.number}</p>
                </div>
                {active ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-brand/15 px-2.5 py-1 text-xs font-medium text-brand">
                    <Check className="size-3.5" aria-hidden /> Trading
                  </span>
                ) : (
                  <Button size="sm" variant="secondary" onClick={() => selectAccount(index)}>
                    Trade on this account
                  </Button>
                )}
              </div>
              <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-muted">Balance</dt>
                  <dd className="text-lg font-semibold tabular-nums">{formatMoney(account.balance, account.currency)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Credit</dt>
                  <dd className="text-lg font-semibold tabular-nums">{formatMoney(account.credit, account.currency)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
