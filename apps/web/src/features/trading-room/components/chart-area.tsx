import { useCallback, useEffect, useRef } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Check, Columns2, Grid2x2, type LucideIcon, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Asset, type ChartCount, chartCounts, type ChartLayout } from '@bourse/contract';
import { Spinner } from '@/components/ui/spinner';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { assetStore, useAssetStore } from '@/stores/asset-store';
import { useChartLayout } from '../hooks/use-chart-layout';
import { useIsDesktop } from '../hooks/use-media-query';
import { shownAsset, withActive, withChart, withCount, withLinkAt, withSelection } from '../lib/chart-layout-edit';
import { menuContent, menuItem, toolbarButton } from './chart-style-menu';
import { PriceChart } from './price-chart';

const layoutIcons: Record<ChartCount, LucideIcon> = { 1: Square, 2: Columns2, 4: Grid2x2 };
const layoutNames: Record<ChartCount, string> = { 1: msg('One chart'), 2: msg('Two charts'), 4: msg('Four charts') };
const grids: Record<ChartCount, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 4: 'grid-cols-2 grid-rows-2' };

/** The pair this area selected itself last, not yet seen back from the store: not a selection made elsewhere. */
let expected: number | null = null;

/** Makes the catalogue's instrument `assetId` the selected pair (the one the ticket trades). */
function select(assetId: number | null) {
  const { assets, activeAsset, selectAsset } = assetStore.getState();
  if (assetId === null || activeAsset?.asset_id === assetId) return;
  const asset = assets.find((a) => a.asset_id === assetId);
  if (!asset) return;
  expected = assetId;
  selectAsset(asset);
}

/** Instruments for new charts, best first: the open pairs, then the catalogue. */
function candidates(): number[] {
  const { assets, activePairs } = assetStore.getState();
  const open = new Set(activePairs);
  const isOpen = (a: Asset) => open.has(a.symbol) || open.has(a.symbol_display);
  return [...assets.filter(isOpen), ...assets.filter((a) => !isOpen(a))].map((a) => a.asset_id);
}

/** The first chart's menu of layouts: one, two or four charts. */
function LayoutMenu({ count, onCount }: { count: ChartCount; onCount: (count: ChartCount) => void }) {
  const { t, i18n } = useTranslation();
  const Icon = layoutIcons[count];
  return (
    // Not modal: the rest of the room stays readable (and reachable) while it is open.
    <DropdownMenu.Root modal={false} dir={i18n.dir()}>
      <DropdownMenu.Trigger aria-label={t('Chart layout: {{layout}}', { layout: t(layoutNames[count]) })} title={t('Chart layout')} className={toolbarButton} data-testid="chart-layout">
        <Icon className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className={menuContent}>
          <DropdownMenu.RadioGroup value={String(count)} onValueChange={(v) => onCount(Number(v) as ChartCount)}>
            {chartCounts.map((n) => {
              const ItemIcon = layoutIcons[n];
              return (
                <DropdownMenu.RadioItem key={n} value={String(n)} className={menuItem}>
                  <ItemIcon className="size-4 text-muted" aria-hidden />
                  <span className="flex-1">{t(layoutNames[n])}</span>
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-brand" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * Keeps the selected pair and the active chart together: the ticket trades the selected pair,
 * which is the active chart's instrument. Once the layout has loaded, the active chart's instrument
 * is selected; a pair selected elsewhere later (market watch, the pair tabs) goes to the active
 * chart (see withSelection), and the linked charts follow it.
 */
function useSelectionSync(layout: ChartLayout, ready: boolean, update: (change: (l: ChartLayout) => ChartLayout) => void) {
  const selected = useAssetStore((s) => s.activeAsset?.asset_id ?? null);
  const catalogue = useAssetStore((s) => s.assets.length > 0);
  const seen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!ready || !catalogue) return;
    if (selected !== seen.current) {
      const first = seen.current === undefined;
      seen.current = selected;
      const mine = selected === expected;
      if (mine) expected = null;
      if (!first && !mine && selected !== null) {
        update((l) => withSelection(l, selected));
        return;
      }
    }
    select(shownAsset(layout, layout.active, selected));
  }, [ready, catalogue, selected, layout, update]);
  return selected;
}

/**
 * The trading room's chart area: one, two or four charts as the customer laid them out (kept on
 * the server), each with its instrument and interval, linked to the selected pair or not. The
 * active one, outlined, is the one the ticket trades. A phone shows the active chart alone; the
 * layout stays as it was for wider screens.
 */
export function ChartArea({ className }: { className?: string }) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  const { layout, ready, update } = useChartLayout();
  const selected = useSelectionSync(layout, ready, update);
  const count: ChartCount = isDesktop ? layout.count : 1;
  const shown = isDesktop ? layout.charts.slice(0, count).map((_, i) => i) : [layout.active];
  const multi = shown.length > 1;

  // A change that hands the ticket to another chart selects the instrument that chart showed.
  const change = useCallback(
    (edit: (l: ChartLayout) => ChartLayout) => {
      let handed: number | null = null;
      update((l) => {
        const next = edit(l);
        if (next.active !== l.active) handed = shownAsset(l, next.active, selected);
        return next;
      });
      select(handed);
    },
    [update, selected],
  );
  const activate = (index: number) => change((l) => withActive(l, index, selected));
  const pick = (index: number, asset: Asset) => {
    const chart = layout.charts[index];
    if (!chart) return;
    // A linked chart's instrument is the selected pair: picking one there selects it.
    if (chart.linked) assetStore.getState().selectAsset(asset);
    else update((l) => withChart(l, index, { asset_id: asset.asset_id }));
  };

  if (!ready) {
    return (
      <div className={cn('flex items-center justify-center gap-2 text-sm text-muted', className)}>
        <Spinner className="size-4" /> {t('Loading chart...')}
      </div>
    );
  }
  return (
    <div className={cn('grid min-h-0 gap-px bg-line', grids[count], className)} data-testid="chart-area" data-count={layout.count} data-shown={shown.length}>
      {shown.map((index, place) => {
        const chart = layout.charts[index]!;
        return (
          <PriceChart
            key={index}
            index={index}
            chart={chart}
            assetId={shownAsset(layout, index, selected)}
            active={index === layout.active}
            multi={multi}
            onActivate={() => activate(index)}
            onChange={(change) => update((l) => withChart(l, index, change(l.charts[index]!)))}
            onPickInstrument={(asset) => pick(index, asset)}
            onLink={(linked) => change((l) => withLinkAt(l, index, linked, selected))}
            layoutMenu={place === 0 && isDesktop ? <LayoutMenu count={layout.count} onCount={(n) => change((l) => withCount(l, n, selected, candidates()))} /> : undefined}
            className="min-h-0"
          />
        );
      })}
    </div>
  );
}
