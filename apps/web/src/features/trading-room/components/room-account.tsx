import { lazy, Suspense, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TradingAccount } from '@bourse/contract';
import { AccountKindBadge } from '@/features/accounts/account-kind-badge';
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

export type AccountButtonProps = { account: TradingAccount; className?: string };

export const accountButtonClass = (className?: string) =>
  cn('flex h-8 shrink-0 items-center gap-1 rounded-md border border-line bg-panel-2 px-1.5 text-xs text-fg hover:border-brand md:gap-1.5 md:px-2', className);

/** What the account button shows: the account, and what pressing it does. */
export function AccountButtonFace({ account }: { account: TradingAccount }) {
  const { t } = useTranslation();
  return (
    <>
      <AccountTag account={account} />
      <span className="sr-only">{t('Switch trading account')}</span>
      <ChevronDown className="size-3.5 text-muted" aria-hidden />
    </>
  );
}

// The popover's positioning and layers load on the first sign the customer wants the list.
const loadMenu = () => import('./room-account-menu');
const RoomAccountMenu = lazy(loadMenu);

/** Top bar: the selected account's kind and number, opening the list that switches it (SPEC §3 selectedAccountIndex). */
export function RoomAccountSwitcher({ className }: { className?: string }) {
  const account = useSelectedAccount();
  // Null until wanted; then whether it opens at once (the button was pressed before the menu had loaded).
  const [wanted, setWanted] = useState<{ open: boolean } | null>(null);
  if (!account) return null;
  const button = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={wanted?.open ?? false}
      data-testid="room-account"
      data-kind={account.kind}
      className={accountButtonClass(className)}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted({ open: true })}
    >
      <AccountButtonFace account={account} />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <RoomAccountMenu account={account} className={className} open={wanted.open} />
    </Suspense>
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
