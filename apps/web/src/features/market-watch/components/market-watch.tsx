import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Asset, AssetType } from '@bourse/contract';
import { cn } from '@/lib/cn';
import { assetStore, useAssetStore } from '@/stores/asset-store';
import { useAssets } from '../api/get-assets';
import { categoryLabel, marketWatchRows } from '../lib/asset-search';
import { useWholeRows } from '../hooks/use-whole-rows';
import { useAssetInfo } from '../stores/asset-info-store';
import { AssetListState } from './asset-list-state';
import { MarketWatchRow } from './market-watch-row';

/** Categories and instruments are one height, so the list can end on whole rows at any scroll. */
const ROW_PX = 44;

/**
 * SPEC §2 market watch: categories that expand and collapse, search over name, symbol and sy, and
 * live bid/ask. Only the rows in view are rendered (2,000+ instruments).
 */
export function MarketWatch({
  className,
  title: titleProp,
  heading = true,
  onAlert,
}: { className?: string; /** In the language shown; "Market Watch" when not given. */ title?: string; heading?: boolean; onAlert?: (asset: Asset) => void }) {
  const { t } = useTranslation();
  const title = titleProp ?? t('Market Watch');
  const assets = useAssets();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [collapsed, setCollapsed] = useState<ReadonlySet<AssetType>>(() => new Set());
  const rows = useMemo(() => marketWatchRows(assets.data ?? [], deferredQuery, collapsed), [assets.data, deferredQuery, collapsed]);
  const activeId = useAssetStore((s) => s.activeAsset?.asset_id);
  const showInfo = useAssetInfo((s) => s.show);
  const select = useCallback((asset: Asset) => assetStore.getState().selectAsset(asset), []);
  const toggle = (type: AssetType) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (!next.delete(type)) next.add(type);
      return next;
    });

  const scrollRef = useRef<HTMLDivElement>(null);
  const [boxRef, listHeight] = useWholeRows(ROW_PX);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    getItemKey: (i) => {
      const row = rows[i]!;
      return row.kind === 'category' ? `c:${row.type}` : row.asset.asset_id;
    },
    overscan: 6,
  });

  const state = !assets.data ? (assets.isFetching || assets.isPending ? 'loading' : 'error') : rows.length === 0 ? 'empty' : null;
  return (
    <section aria-label={title} className={cn('flex min-h-0 flex-col', className)}>
      {heading && <h2 className="px-3 pt-3 pb-2 text-xs font-semibold tracking-wider text-muted uppercase">{title}</h2>}
      <label className="mx-3 my-2 flex h-8 items-center gap-2 rounded-md border border-line bg-panel-2 px-2 text-xs focus-within:border-brand">
        <Search className="size-3.5 text-muted" aria-hidden />
        <input
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('Search name or symbol')}
          aria-label={t('Search {{title}}', { title })}
          aria-keyshortcuts="/"
          data-shortcut="search"
          className="min-w-0 flex-1 bg-transparent text-fg outline-none placeholder:text-muted/70"
        />
      </label>
      {/* Right padding: the width of the row's buttons, so the headings sit over their columns. */}
      <div className={cn('flex border-y border-line bg-panel-2/50 py-1 ps-3 text-[10px] font-semibold tracking-wider text-muted uppercase', onAlert ? 'pe-11' : 'pe-7')}>
        <span className="flex-1">{t('Symbol')}</span>
        <span className="w-[4.75rem] px-1 text-end">{t('Bid')}</span>
        <span className="w-[4.75rem] px-1 text-end">{t('Ask')}</span>
      </div>
      {state ? (
        <AssetListState state={state} onRetry={() => void assets.refetch()} />
      ) : (
        <div ref={boxRef} className="min-h-0 flex-1">
          <div ref={scrollRef} className="snap-y snap-mandatory overflow-y-auto" style={{ height: listHeight ?? '100%' }} data-testid="market-watch-list">
            <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index]!;
                return (
                  <div key={item.key} className="absolute inset-x-0 top-0 snap-start contain-strict" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
                    {row.kind === 'category' ? (
                      <button
                        type="button"
                        onClick={() => toggle(row.type)}
                        aria-expanded={row.expanded}
                        className="flex h-full w-full items-center gap-1.5 bg-panel-2/70 px-2 text-xs font-semibold text-fg hover:bg-panel-2"
                      >
                        {row.expanded ? <ChevronDown className="size-3.5" aria-hidden /> : <ChevronRight className="size-3.5 rtl:rotate-180" aria-hidden />}
                        {t(categoryLabel[row.type])}
                        <span className="ms-auto rounded-full bg-line px-1.5 text-[10px] text-muted">{row.count}</span>
                      </button>
                    ) : (
                      <MarketWatchRow asset={row.asset} active={row.asset.asset_id === activeId} onSelect={select} onInfo={showInfo} onAlert={onAlert} />
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
