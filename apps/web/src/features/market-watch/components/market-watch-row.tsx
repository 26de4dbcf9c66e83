import { memo } from 'react';
import { Info } from 'lucide-react';
import type { Asset } from '@bourse/contract';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { useTickSelector } from '@/stores/tick-store';
import { PriceFlash } from '@/components/price-flash';
import { sidePrice } from '@/stores/asset-rules';

/** SPEC §9: 3 decimals in the market watch. */
const DIGITS = 3;

type RowProps = { asset: Asset; active: boolean; onSelect: (asset: Asset) => void; onInfo: (asset: Asset) => void };

/** Live bid and ask: the only part of a row that renders again when its instrument ticks. */
function Quote({ asset }: { asset: Asset }) {
  // One string per state of the cells: a tick that leaves both prices and the flash as shown costs nothing.
  const view = useTickSelector(
    asset.asset_id,
    (t) => `${formatPrice(sidePrice(asset, t?.price, 'bid'), DIGITS)} ${formatPrice(sidePrice(asset, t?.price, 'ask'), DIGITS)} ${t?.flash ?? 0}`,
  );
  const [bid, ask, flash] = view.split(' ');
  return (
    <>
      <PriceFlash flash={Number(flash)} testId="bid" className="w-[4.75rem] px-1 text-right font-mono tabular-nums text-down">
        {bid}
      </PriceFlash>
      <PriceFlash flash={Number(flash)} testId="ask" className="w-[4.75rem] px-1 text-right font-mono tabular-nums text-up">
        {ask}
      </PriceFlash>
    </>
  );
}

/** One instrument of the market watch; only its quote follows the ticks. */
export const MarketWatchRow = memo(function MarketWatchRow({ asset, active, onSelect, onInfo }: RowProps) {
  return (
    <div
      data-testid="market-watch-row"
      data-symbol={asset.symbol_display}
      className={cn('group flex h-full items-center gap-1 border-b border-line/60 pr-1 text-xs', active ? 'bg-brand/10' : 'hover:bg-panel-2')}
    >
      <button type="button" onClick={() => onSelect(asset)} className="flex h-full min-w-0 flex-1 items-center gap-2 pl-3 text-left" title={asset.name}>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-fg">{asset.symbol_display}</span>
          {asset.name !== asset.symbol_display && <span className="block truncate text-[11px] text-muted">{asset.name}</span>}
        </span>
        <Quote asset={asset} />
      </button>
      <button
        type="button"
        onClick={() => onInfo(asset)}
        className="rounded p-1 text-muted hover:bg-line hover:text-fg"
        aria-label={`About ${asset.symbol_display}`}
      >
        <Info className="size-3.5" aria-hidden />
      </button>
    </div>
  );
});
