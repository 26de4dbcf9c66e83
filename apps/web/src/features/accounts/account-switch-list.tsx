import { Popover } from 'radix-ui';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { accountUsable } from '@bourse/contract';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useSelectedAccount, useSession } from '@/stores/session-store';

const accountStatusLabel = { active: msg('Active'), pending: msg('Awaiting Approval'), rejected: msg('Not approved') } as const;

/**
 * The customer's trading accounts inside a popover: picking a usable one selects it (SPEC §3
 * selectedAccountIndex) and closes the popover; one awaiting approval or rejected says so instead.
 */
export function AccountSwitchList() {
  const { t } = useTranslation();
  const accounts = useSession((s) => s.user?.accounts ?? []);
  const selectAccount = useSession((s) => s.selectAccount);
  const selected = useSelectedAccount();
  return (
    <ul aria-label={t('Trading accounts')}>
      {accounts.map((account, index) => {
        const active = account.id === selected?.id;
        const usable = accountUsable(account);
        return (
          <li key={account.id}>
            <Popover.Close asChild>
              <button
                type="button"
                aria-pressed={active}
                disabled={!usable}
                onClick={() => selectAccount(index)}
                data-testid="account-choice"
                data-number={account.number}
                className={cn('flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-start enabled:hover:bg-panel-2 disabled:cursor-not-allowed', active && 'bg-panel-2')}
              >
                <span className={cn('min-w-0', !usable && 'opacity-60')}>
                  <span className="block text-sm font-medium">{account.title}</span>
                  <span className={cn('block text-xs', usable ? 'text-muted' : account.status === 'pending' ? 'text-amber-300' : 'text-down')}>
                    {usable ? (account.kind === 'demo' ? t('Demo account') : t('Live account')) : t(accountStatusLabel[account.status])}
                  </span>
                </span>
                <span className="flex items-center gap-2 text-sm tabular-nums">
                  {formatMoney(account.balance, account.currency)}
                  {active && <Check className="size-4 text-brand" aria-hidden />}
                </span>
              </button>
            </Popover.Close>
          </li>
        );
      })}
    </ul>
  );
}
