import { useEffect, useRef } from 'react';
import { Info, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { findPair } from '@/stores/asset-rules';
import { assetStore, useAssetStore } from '@/stores/asset-store';
import { useAssetInfo } from '../stores/asset-info-store';

/** SPEC §2 open-pair tabs: pick one to trade it; × closes it (the last one stays). */
export function PairTabs({ className }: { className?: string }) {
  const { t } = useTranslation();
  const pairs = useAssetStore((s) => s.activePairs);
  const active = useAssetStore((s) => s.activePair);
  const assets = useAssetStore((s) => s.assets);
  const showInfo = useAssetInfo((s) => s.show);
  const { selectPair, removePair } = assetStore.getState();
  const activeAsset = findPair(assets, active);
  const listRef = useRef<HTMLDivElement>(null);
  // A pair just opened or picked may sit past the strip's edge: bring it into view.
  useEffect(() => {
    listRef.current?.querySelector(`[data-pair="${CSS.escape(active)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  // A strip that narrows (a phone turned upright, a window made smaller) keeps the active tab in
  // view; only the strip scrolls, never the page.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() => {
      const tab = list.querySelector(`[data-pair="${CSS.escape(active)}"]`)?.parentElement;
      if (!tab) return;
      const [shown, at] = [list.getBoundingClientRect(), tab.getBoundingClientRect()];
      if (at.left < shown.left) list.scrollLeft -= shown.left - at.left;
      else if (at.right > shown.right) list.scrollLeft += Math.min(at.right - shown.right, at.left - shown.left);
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [active]);
  return (
    <div className={cn('flex min-w-0 items-center gap-1', className)}>
      {/* Only tabs inside the tab list: a chip's close button is for the mouse, Delete closes the focused tab. */}
      <div ref={listRef} role="tablist" data-shortcut="pairs" aria-label={t('Open pairs')} className="flex min-w-0 items-center gap-1 overflow-x-auto">
        {pairs.map((pair) => {
          const selected = pair === active;
          const closable = pairs.length > 1;
          return (
            <div
              key={pair}
              role="presentation"
              className={cn(
                'flex h-8 shrink-0 items-center rounded-md border text-xs font-medium',
                selected ? 'border-brand bg-brand/15 text-fg' : 'border-line text-muted hover:text-fg',
              )}
            >
              <button
                type="button"
                role="tab"
                aria-selected={selected}
                data-pair={pair}
                aria-keyshortcuts={closable ? 'Delete' : undefined}
                onClick={() => selectPair(pair)}
                onKeyDown={(event) => {
                  if (closable && (event.key === 'Delete' || event.key === 'Backspace')) removePair(pair);
                }}
                className="h-full pe-1 ps-2.5"
              >
                {pair}
              </button>
              {closable && (
                <button type="button" tabIndex={-1} aria-hidden onClick={() => removePair(pair)} title={t('Close {{symbol}}', { symbol: pair })} className="me-1 rounded p-0.5 hover:bg-line">
                  <X className="size-3" aria-hidden />
                </button>
              )}
            </div>
          );
        })}
      </div>
      {activeAsset && (
        <button
          type="button"
          onClick={() => showInfo(activeAsset)}
          aria-label={t('About {{symbol}}', { symbol: activeAsset.symbol_display })}
          className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg"
        >
          <Info className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
