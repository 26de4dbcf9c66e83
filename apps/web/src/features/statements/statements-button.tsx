import { useState } from 'react';
import { FileText } from 'lucide-react';
import type { TradingAccount } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CostsStatements } from './costs-statements';
import { StatementMonths } from './statement-months';
import { useTranslation } from 'react-i18next';

/** Opens the account's monthly statements, each as PDF or CSV, and its annual costs-and-charges statements. */
export function StatementsButton({ account }: { account: TradingAccount }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <FileText className="size-4" aria-hidden /> {t('Statements')}
      </Button>
      {open && (
        <Dialog open onOpenChange={(next) => !next && setOpen(false)} title={t('Statements')} description={`${account.title} · ${account.currency}`}>
          <StatementMonths account={account} />
          <CostsStatements account={account} className="mt-2" />
        </Dialog>
      )}
    </>
  );
}
