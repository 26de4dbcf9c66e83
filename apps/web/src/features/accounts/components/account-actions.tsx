import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, PlusCircle, RotateCcw } from 'lucide-react';
import type { TradingAccount } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { StatementsButton } from '@/features/statements/statements-button';

export type AccountDialog = 'transfer' | 'top-up' | 'reset';

const linkClass = 'inline-flex h-8 items-center gap-1.5 rounded-md border border-line bg-panel-2 px-3 text-sm font-medium hover:bg-line';

/** Money actions of one account: transfers for all, top-up and reset for demo, deposit and withdrawal pages for live. */
export function AccountActions({ account, onOpen }: { account: TradingAccount; onOpen: (dialog: AccountDialog) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => onOpen('transfer')}>
        <ArrowLeftRight className="size-4" aria-hidden /> {t('Transfer', { context: 'action' })}
      </Button>
      {account.kind === 'demo' ? (
        <>
          <Button size="sm" variant="secondary" onClick={() => onOpen('top-up')}>
            <PlusCircle className="size-4" aria-hidden /> {t('Top up')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onOpen('reset')}>
            <RotateCcw className="size-4" aria-hidden /> {t('Reset')}
          </Button>
        </>
      ) : (
        <>
          <Link to="/main/deposit" className={linkClass}>
            <ArrowDownToLine className="size-4" aria-hidden /> {t('Deposit')}
          </Link>
          <Link to="/main/withdrawal" className={linkClass}>
            <ArrowUpFromLine className="size-4" aria-hidden /> {t('Withdraw')}
          </Link>
        </>
      )}
      <StatementsButton account={account} />
    </>
  );
}
