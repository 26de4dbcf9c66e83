import { memo, useId, useRef } from 'react';
import { BellPlus, Info, MoreVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@bourse/contract';
import { cn } from '@/lib/cn';
import { Price } from '@/components/ui/price';
import { formatPrice } from '@/lib/format';
import { precisionOf } from '@/stores/quotes';
import { useTickSelector } from '@/stores/tick-store';
import { PriceFlash } from '@/components/price-flash';
import { sidePrice } from '@/stores/asset-rules';
import { groupMarkupOn, useGroupMarkup } from '@/stores/account-summary-store';

type RowProps = { asset: Asset; active: boolean; onSelect: (asset: Asset) => void; onInfo: (asset: Asset) => void; onAlert?: (asset: Asset) => void };

const menuItem = 'flex w-full items-center gap-2 rounded px-2 py-1.5 text-start text-sm text-fg hover:bg-panel-2 focus-visible:bg-panel-2 focus-visible:outline-none';

/**
 * The row's menu, a native popover (no script to load, light dismiss and Escape for free): it opens
 * below its button and leads to the row's other actions.
 */
function RowMenu({ asset, onAlert, onInfo }: { asset: Asset; onAlert: (asset: Asset) => void; onInfo: (asset: Asset) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const menu = useRef<HTMLDivElement>(null);
  const place = (e: React.MouseEvent<HTMLButtonElement>) => {
    const at = e.currentTarget.getBoundingClientRect();
    const el = menu.current;
    if (!el) return;
    el.style.top = `${Math.min(at.bottom + 4, window.innerHeight - 96)}px`;
    // Under its button, lined up with the button's end (its left side in a right-to-left page).
    const rtl = document.documentElement.dir === 'rtl';
    el.style.left = `${rtl ? Math.min(at.left, window.innerWidth - 200) : Math.max(8, at.right - 192)}px`;
  };
  const pick = (action: (asset: Asset) => void) => () => {
    menu.current?.hidePopover();
    action(asset);
  };
  return (
    <>
      <button type="button" popoverTarget={id} onClick={place} className="rounded p-0.5 text-muted hover:bg-line hover:text-fg" aria-label={t('More for {{symbol}}', { symbol: asset.symbol_display })}>
        <MoreVertical className="size-3.5" aria-hidden />
      </button>
      <div id={id} ref={menu} popover="auto" className="fixed inset-auto m-0 w-48 rounded-md border border-line bg-panel p-1 shadow-xl">
        <button type="button" className={menuItem} onClick={pick(onAlert)}>
          <BellPlus className="size-4" aria-hidden /> {t('Set price alert')}
        </button>
        <button type="button" className={menuItem} onClick={pick(onInfo)}>
          <Info className="size-4" aria-hidden /> {t('Asset info')}
        </button>
      </div>
    </>
  );
}

/** Live bid and ask: the only part of a row that renders again when its instrument ticks. */
function Quote({ asset }: { asset: Asset }) {
  // One string per state of the cells: a tick that leaves both prices and the flash as shown costs nothing.
  // Prices keep the instrument's digits (SPEC §9's 3 decimals would hide most spreads).
  // The prices the selected account trades at: its group's markup on each side.
  const { digits } = asset;
  const markup = groupMarkupOn(asset, useGroupMarkup());
  const view = useTickSelector(
    asset.asset_id,
    (t) => `${formatPrice(sidePrice(asset, t, 'bid') - markup, digits)} ${formatPrice(sidePrice(asset, t, 'ask') + markup, digits)} ${t?.flash ?? 0}`,
  );
  const [bid, ask, flash] = view.split(' ');
  const precision = precisionOf(asset);
  return (
    <>
      <PriceFlash flash={Number(flash)} testId="bid" className="min-w-[4.75rem] px-1 text-end font-mono tabular-nums text-down">
        <Price value={Number(bid)} precision={precision} />
      </PriceFlash>
      <PriceFlash flash={Number(flash)} testId="ask" className="min-w-[4.75rem] px-1 text-end font-mono tabular-nums text-up">
        <Price value={Number(ask)} precision={precision} />
      </PriceFlash>
    </>
  );
}

/** One instrument of the market watch; only its quote follows the ticks. */
export const MarketWatchRow = memo(function MarketWatchRow({ asset, active, onSelect, onInfo, onAlert }: RowProps) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="market-watch-row"
      data-symbol={asset.symbol_display}
      className={cn('group flex h-full items-center gap-1 border-b border-line/60 pe-1 text-xs', active ? 'bg-brand/10' : 'hover:bg-panel-2')}
    >
      <button type="button" onClick={() => onSelect(asset)} className="flex h-full min-w-0 flex-1 items-center gap-2 ps-3 text-start" title={asset.name}>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-fg">{asset.symbol_display}</span>
          {asset.name !== asset.symbol_display && <span className="block truncate text-[11px] text-muted">{asset.name}</span>}
        </span>
        <Quote asset={asset} />
      </button>
      {/* With the menu beside it, both buttons are slimmer so the symbol keeps its width. */}
      <span className="flex">
        <button
          type="button"
          onClick={() => onInfo(asset)}
          className={cn('rounded text-muted hover:bg-line hover:text-fg', onAlert ? 'p-0.5' : 'p-1')}
          aria-label={t('About {{symbol}}', { symbol: asset.symbol_display })}
        >
          <Info className="size-3.5" aria-hidden />
        </button>
        {onAlert && <RowMenu asset={asset} onAlert={onAlert} onInfo={onInfo} />}
      </span>
    </div>
  );
});
