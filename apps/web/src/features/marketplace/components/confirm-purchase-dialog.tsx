import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ExpertAdvisor } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useSelectedAccount } from '@/stores/session-store';
import { usePurchaseItem } from '../api/marketplace';
import { priceOf } from '../lib/filters';

/** SPEC §2 "Confirm Purchase": the amount is deducted from the selected account's balance. */
export function ConfirmPurchaseDialog({ item, onClose }: { item: ExpertAdvisor; onClose: () => void }) {
  const { t } = useTranslation();
  const account = useSelectedAccount();
  const purchase = usePurchaseItem();
  // One key per opened dialog (the page mounts one per item): a doubled click on Proceed is one purchase.
  const [key] = useState(() => crypto.randomUUID());
  const price = priceOf(item);
  const proceed = () =>
    purchase.mutate(
      { itemId: item.id, accountId: account?.id ?? null, key },
      {
        onSuccess: (res) => {
          toast.success(res.message || t('Expert Advisor purchased successfully'));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t('Failed to purchase Expert Advisor'))),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('Confirm Purchase')}>
      <p className="text-sm text-muted">
        {price === 0 ? (
          <>
            <strong className="text-fg">{item.title}</strong> {t('is free: nothing is deducted from your account balance.')}
          </>
        ) : (
          <>
            <strong className="text-fg">{formatMoney(price)}</strong>
            {item.billing === 'monthly' ? ` ${t('per month')}` : ''} {t('will be deducted from the balance of account')}{' '}
            <strong className="text-fg">{account?.title ?? t('selected')}</strong> {t('for')} <strong className="text-fg">{item.title}</strong>.
          </>
        )}
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>{t('Cancel')}</Button>
        <Button loading={purchase.isPending} onClick={proceed}>{t('Proceed')}</Button>
      </div>
    </Dialog>
  );
}
