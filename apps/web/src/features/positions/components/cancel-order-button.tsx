import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Trade } from '@bourse/contract';
import { Spinner } from '@/components/ui/spinner';
import { useCancelOrder } from '../api/trade-actions';

/** Cancels a pending order (Active Orders). */
export function CancelOrderButton({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const run = () => cancel.mutate(trade);
  return (
    <button type="button" onClick={run} disabled={cancel.isPending} aria-label={t('Cancel order {{symbol}}', { symbol: trade.asset_symbol })} data-testid="cancel-order"
      className="rounded p-1 text-muted hover:bg-down/20 hover:text-down disabled:opacity-60"
    >
      {cancel.isPending ? <Spinner className="size-3.5" /> : <X className="size-3.5" aria-hidden />}
    </button>
  );
}
