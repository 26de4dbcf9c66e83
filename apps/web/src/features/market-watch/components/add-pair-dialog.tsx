import { memo, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Plus, Search, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@bourse/contract';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { assetStore } from '@/stores/asset-store';
import { useTickSelector } from '@/stores/tick-store';
import { useAssets } from '../api/get-assets';
import { pairSearchResults, pairTabLabels, pairTabLists, pairTabs, type PairTab } from '../lib/asset-search';
import { useWatchlist, watchlistStore } from '../stores/watchlist-store';
import { AssetListState } from './asset-list-state';
import { PriceFlash } from '@/components/price-flash';

const ROW_PX = 48;

function Rate({ asset }: { asset: Asset }) {
  const view = useTickSelector(asset.asset_id, (t) => `${formatPrice(t?.price ?? asset.rate, asset.digits)} ${t?.flash ?? 0}`);
  const [rate, flash] = view.split(' ');
  return (
    <PriceFlash flash={Number(flash)} className="px-1 font-mono text-xs tabular-nums">
      {rate}
    </PriceFlash>
  );
}

const PairRow = memo(function PairRow({ asset, starred, onPick }: { asset: Asset; starred: boolean; onPick: (a: Asset) => void }) {
  const { t } = useTranslation();
  const label = asset.symbol_display;
  return (
    <div data-testid="pair-row" data-symbol={label} className="flex h-full items-center gap-2 border-b border-line/60 px-2 text-sm hover:bg-panel-2">
      <button
        type="button"
        onClick={() => watchlistStore.getState().toggle(label)}
        aria-pressed={starred}
        aria-label={starred ? t('Remove {{symbol}} from watchlist', { symbol: label }) : t('Add {{symbol}} to watchlist', { symbol: label })}
        className="rounded p-1.5 hover:bg-line"
      >
        <Star className={cn('size-4', starred ? 'fill-warn text-warn' : 'text-muted')} aria-hidden />
      </button>
      <button type="button" onClick={() => onPick(asset)} className="flex h-full min-w-0 flex-1 items-center gap-3 text-start">
        {/* Named "Open" and then what it shows (WCAG 2.5.3, label in name). */}
        <span className="sr-only">{t('Open', { context: 'action' })}</span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{label}</span>
          <span className="block truncate text-xs text-muted">{asset.name}</span>
        </span>
        <Rate asset={asset} />
      </button>
    </div>
  );
});

function PairList({ assets, onPick }: { assets: Asset[]; onPick: (a: Asset) => void }) {
  const starred = useWatchlist((s) => s.symbols);
  const starredSet = useMemo(() => new Set(starred), [starred]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: assets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    getItemKey: (i) => assets[i]!.asset_id,
    overscan: 6,
  });
  return (
    <div ref={scrollRef} className="h-[min(55vh,28rem)] overflow-y-auto rounded-md border border-line" data-testid="pair-list">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const asset = assets[item.index]!;
          return (
            <div key={item.key} className="absolute inset-x-0 top-0 contain-strict" style={{ height: ROW_PX, transform: `translateY(${item.start}px)` }}>
              <PairRow asset={asset} starred={starredSet.has(asset.symbol_display)} onPick={onPick} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** SPEC §2 Add-pair dialog: tabs with counts, a watchlist star per instrument, search; picking one opens its pair. */
export function AddPairDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<PairTab>('Forex');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const assets = useAssets();
  const watchlist = useWatchlist((s) => s.symbols);
  const lists = useMemo(() => pairTabLists(assets.data ?? [], deferredQuery, watchlist), [assets.data, deferredQuery, watchlist]);
  const results = useMemo(() => pairSearchResults(assets.data ?? [], deferredQuery), [assets.data, deferredQuery]);
  // A search looks in every category; a tab filters only the list without one.
  const searching = deferredQuery.trim() !== '';
  const pick = (asset: Asset) => {
    assetStore.getState().selectAsset(asset);
    setOpen(false);
  };
  const pickTab = (id: PairTab) => {
    setTab(id);
    setQuery('');
  };
  const current = searching ? results : lists[tab];
  const state = !assets.data ? (assets.isFetching || assets.isPending ? 'loading' : 'error') : current.length === 0 ? 'empty' : null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('Add pair')}
        className="flex size-8 shrink-0 items-center justify-center rounded-md border border-line text-muted hover:border-brand hover:text-fg"
      >
        <Plus className="size-4" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('Add pair')} className="max-w-xl">
        <label className="mb-3 flex h-10 items-center gap-2 rounded-md border border-line bg-panel-2 px-3 text-sm focus-within:border-brand">
          <Search className="size-4 text-muted" aria-hidden />
          <input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('Search name or symbol')}
            aria-label={t('Search pairs')}
            className="min-w-0 flex-1 bg-transparent outline-none placeholder:text-muted/70"
          />
        </label>
        <div role="tablist" aria-label={t('Instrument types')} className="mb-3 flex gap-1 overflow-x-auto pb-1">
          {pairTabs.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={!searching && id === tab}
              onClick={() => pickTab(id)}
              className={cn(
                'flex shrink-0 items-center gap-1.5 rounded-md px-2.5 py-1.5 text-xs font-medium',
                !searching && id === tab ? 'bg-brand-solid text-white' : 'bg-panel-2 text-muted hover:text-fg',
              )}
            >
              {t(pairTabLabels[id])}
              <span className={cn('rounded-full px-1.5 text-[10px]', !searching && id === tab ? 'bg-white/20' : 'bg-line')}>{lists[id].length}</span>
            </button>
          ))}
        </div>
        {searching && <p className="mb-2 text-xs text-muted">{t('Matches in every category')}</p>}
        {state ? (
          <div className="flex h-[min(55vh,28rem)] rounded-md border border-line">
            <AssetListState state={state} onRetry={() => void assets.refetch()} />
          </div>
        ) : (
          <PairList key={searching ? 'search' : tab} assets={current} onPick={pick} />
        )}
      </Dialog>
    </>
  );
}
