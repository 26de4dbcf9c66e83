import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '@/components/ui/price';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useAssetStore } from '@/stores/asset-store';
import { precisionOf } from '@/stores/quotes';
import { useDepthStore, watchDepth } from '../stores/depth-store';

/** A size as a bar behind its cell, growing from the middle of the book, against the largest size on it; bids in the SELL colour, asks in the BUY colour, as everywhere in the room. */
function SizeBar({ size, max, side }: { size: number; max: number; side: 'bid' | 'ask' }) {
  return (
    <span
      aria-hidden
      className={cn('absolute inset-y-0.5 rounded-sm', side === 'bid' ? 'end-0 bg-down-solid/20' : 'start-0 bg-up-solid/20')}
      style={{ width: `${Math.max(4, (size / max) * 100)}%` }}
    />
  );
}

/**
 * Depth of market for the active instrument, live from the price socket: shown only for an
 * instrument whose source sends a book (a liquidity provider asked for depth), nothing otherwise.
 */
export function MarketDepth({ className }: { className?: string }) {
  const { t } = useTranslation();
  const asset = useAssetStore((s) => s.activeAsset);
  const book = useDepthStore((s) => s.book);
  const assetId = asset?.asset_id ?? null;
  useEffect(() => {
    watchDepth(assetId);
    return () => watchDepth(null);
  }, [assetId]);
  if (!asset || !book || book.id !== asset.asset_id) return null;
  const precision = precisionOf(asset);
  // A level is a row: the nth best bid beside the nth best ask.
  const levels = Array.from({ length: Math.max(book.bids.length, book.asks.length) }, (_, i) => ({ level: i + 1, bid: book.bids[i], ask: book.asks[i] }));
  const max = Math.max(...book.bids.map(([, s]) => s), ...book.asks.map(([, s]) => s));
  const size = (value: number | undefined) => (value === undefined ? '' : formatNumber(value, { maximumFractionDigits: 2 }));
  return (
    <section aria-label={t('Market depth')} className={cn('shrink-0 border-b border-line px-3 py-2', className)} data-testid="market-depth">
      <h2 className="mb-1 text-xs font-semibold tracking-wider uppercase">{t('Market depth')}</h2>
      <table className="w-full table-fixed text-xs tabular-nums">
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-0.5 text-start font-normal">{t('Bid size')}</th>
            <th scope="col" className="py-0.5 text-end font-normal">{t('Bid')}</th>
            <th scope="col" className="py-0.5 text-start font-normal ps-2">{t('Ask')}</th>
            <th scope="col" className="py-0.5 text-end font-normal">{t('Ask size')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map(({ level, bid, ask }) => (
            <tr key={level} data-testid="depth-row">
              <td className="relative py-0.5">
                {bid && <SizeBar size={bid[1]} max={max} side="bid" />}
                <span className="relative">{size(bid?.[1])}</span>
              </td>
              <td className="py-0.5 text-end text-down">{bid && <Price value={bid[0]} precision={precision} />}</td>
              <td className="py-0.5 ps-2 text-up">{ask && <Price value={ask[0]} precision={precision} />}</td>
              <td className="relative py-0.5 text-end">
                {ask && <SizeBar size={ask[1]} max={max} side="ask" />}
                <span className="relative">{size(ask?.[1])}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
