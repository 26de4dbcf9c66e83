import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Trade } from '@bourse/contract';
import { usePlacedBy } from './use-placed-by';

function Tag({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const name = usePlacedBy(trade);
  return (
    <span className="ms-1.5 inline-flex max-w-28 items-center gap-0.5 truncate rounded bg-brand/15 px-1 align-middle text-[10px] font-medium text-brand" title={t('Placed by {{name}}', { name })} data-testid="placed-by">
      <Bot className="size-3 shrink-0" aria-hidden />
      <span className="truncate">{name}</span>
    </span>
  );
}

/**
 * A small tag on a trade an Expert Advisor or the Auto Trader placed. Rows re-render on every tick
 * of their instrument, so the customer's own trades (most of them) skip the name look-up entirely.
 */
export function PlacedByTag({ trade }: { trade: Trade }) {
  return trade.placed_by === 'customer' ? null : <Tag trade={trade} />;
}
