import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TradeSide } from '@bourse/contract';
import { PriceFlash } from '@/components/price-flash';
import { cn } from '@/lib/cn';
import { Price } from '@/components/ui/price';
import { sidePrice } from '@/stores/asset-rules';
import { useAssetStore } from '@/stores/asset-store';
import { precisionOf } from '@/stores/quotes';
import { useTick } from '@/stores/tick-store';

type PriceButtonsProps = {
  /** Places a market order on the active asset; without it the buttons only quote. */
  onTrade?: (side: TradeSide) => void;
  /** SPEC §4: while an order is in flight both buttons show a spinner and "Processing...". */
  busy?: boolean;
  /** The account's group's markup, a price distance added on each side: the buttons quote what the account trades at. */
  markup?: number;
  className?: string;
};

/** SELL at the bid and BUY at the ask of the active asset, live. */
export function PriceButtons({ onTrade, busy, markup = 0, className }: PriceButtonsProps) {
  const { t } = useTranslation();
  const asset = useAssetStore((s) => s.activeAsset);
  const tick = useTick(asset?.asset_id);
  // The instrument's own digits, not SPEC §9's 4, so the spread between the buttons shows.
  const price = (side: 'bid' | 'ask') => (asset ? <Price value={sidePrice(asset, tick, side) + (side === 'ask' ? markup : -markup)} precision={precisionOf(asset)} /> : '—');
  const button = (side: TradeSide, label: string, quote: React.ReactNode) => (
    <button
      type="button"
      onClick={() => onTrade?.(side)}
      disabled={!asset || busy}
      data-testid={`${side}-button`}
      data-shortcut={side}
      aria-keyshortcuts={side === 'buy' ? 'B' : 'S'}
      className={cn(
        'flex h-10 min-w-0 flex-1 flex-col items-center justify-center rounded-md px-3 leading-tight text-white transition-colors disabled:opacity-60 md:w-32 md:flex-none',
        side === 'buy' ? 'bg-up-solid hover:bg-green-800' : 'bg-down-solid hover:bg-red-800',
      )}
    >
      <span className="flex items-center gap-1 text-[10px] font-semibold tracking-wider">
        {busy && <Loader2 className="size-3 animate-spin" aria-hidden />}
        {busy ? t('Processing...') : label}
      </span>
      <PriceFlash flash={tick?.flash ?? 0} testId={`${side}-price`} className="flash-solid px-1 font-mono text-sm font-semibold tabular-nums">
        {quote}
      </PriceFlash>
      {/* Named by what it shows, then the instrument (WCAG 2.5.3, label in name). */}
      <span className="sr-only">{asset?.symbol_display}</span>
    </button>
  );
  return (
    <div className={cn('flex gap-2', className)}>
      {button('sell', t('SELL'), price('bid'))}
      {button('buy', t('BUY'), price('ask'))}
    </div>
  );
}
