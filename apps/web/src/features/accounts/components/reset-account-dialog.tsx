import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TradingAccount } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage, serverWords } from '@/lib/api-client';
import { useResetAccount } from '../api/accounts';

/** Asks before a demo account goes back to its starting balance; the server refuses while it trades. */
export function ResetAccountDialog({ account, onClose }: { account: TradingAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetAccount();
  const confirm = () =>
    reset.mutate(account.id, {
      onSuccess: (res) => {
        toast.success(serverWords(res.message));
        onClose();
      },
    });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('Reset {{number}}?', { number: account.number })}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {t('The balance of this demo account goes back to its starting amount. Its trade history stays. Accounts with open positions or pending orders cannot be reset.')}
        </p>
        {reset.isError && <Alert variant="destructive">{errorMessage(reset.error, t('The account could not be reset.'))}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button variant="danger" loading={reset.isPending} onClick={confirm}>
            {t('Reset balance')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
