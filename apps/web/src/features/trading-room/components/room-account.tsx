import { Popover } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';
import { AccountKindBadge } from '@/features/accounts/account-kind-badge';
import { AccountSwitchList } from '@/features/accounts/account-switch-list';
import { cn } from '@/lib/cn';
import { useSelectedAccount } from '@/stores/session-store';

/** The kind and number of the account the room trades on. */
function AccountTag({ account, className }: { account: TradingAccount; className?: string }) {
  return (
    <span className={cn('flex min-w-0 items-center gap-1.5', className)}>
      <AccountKindBadge kind={account.kind} />
      <span className="truncate font-mono tabular-nums" dir="ltr">
        {account.number}
      </span>
    </span>
  );
}

/** Top bar: the selected account's kind and number, opening the list that switches it (SPEC §3 selectedAccountIndex). */
export function RoomAccountSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const account = useSelectedAccount();
  if (!account) return null;
  return (
    <Popover.Root>
      <Popover.Trigger
        data-testid="room-account"
        data-kind={account.kind}
        className={cn('flex h-8 shrink-0 items-center gap-1 rounded-md border border-line bg-panel-2 px-1.5 text-xs text-fg hover:border-brand md:gap-1.5 md:px-2', className)}
      >
        <AccountTag account={account} />
        <span className="sr-only">{t('Switch trading account')}</span>
        <ChevronDown className="size-3.5 text-muted" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} collisionPadding={8} className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-line bg-panel p-2 shadow-2xl">
          <p className="px-2 pb-2 pt-1 text-xs font-semibold uppercase tracking-wider text-muted">{t('Trading accounts')}</p>
          <AccountSwitchList />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Footer: whose figures these are, as the top bar says, on every width. */
export function FooterAccount({ className }: { className?: string }) {
  const account = useSelectedAccount();
  if (!account) return null;
  return (
    <p data-testid="footer-account" data-kind={account.kind} className={cn('flex items-center text-xs', className)}>
      <AccountTag account={account} />
    </p>
  );
}
