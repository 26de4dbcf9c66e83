import { X } from 'lucide-react';
import type { Trade } from '@bourse/contract';
import { Spinner } from '@/components/ui/spinner';
import { useCancelOrder } from '../api/trade-actions';

/** Cancels a pending order (Active Orders). */
export function CancelOrderButton({ trade }: { trade: Trade }) {
  const cancel = useCancelOrder();
  const run = () => cancel.mutate(trade);
  return (
    <button type="button" onClick={run} disabled={cancel.isPending} aria-label={`Cancel order ${trade.asset_symbol}`} data-testid="cancel-order"
      className="rounded p-1 text-muted hover:bg-down/20 hover:text-down disabled:opacity-60"
    >
      {cancel.isPending ? <Spinner className="size-3.5" /> : <X className="size-3.5" aria-hidden />}
    </button>
  );
}
