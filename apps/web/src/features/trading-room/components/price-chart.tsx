import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PriceScaleMode } from 'lightweight-charts';
import { ChartSpline } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Asset, type Indicator, type LayoutChart, pointOf, timeframes, timeframeSeconds } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useChartColors } from '@/hooks/use-chart-colors';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { useAssetStore } from '@/stores/asset-store';
import { priceTicks } from '@/stores/tick-store';
import { useTheme } from '@/stores/theme-store';
import { usePositions } from '@/features/positions/use-positions';
import { ChartAlertButton, ChartAlertMenu } from '@/features/alerts/chart-alert-menu';
import { useAlertLines } from '@/features/alerts/use-alert-lines';
import { getCandles, useCandles } from '../api/get-candles';
import { useChartIndicators } from '../hooks/use-chart-indicators';
import { useIndicators } from '../hooks/use-indicators';
import { useChartStyle } from '../hooks/use-chart-style';
import { barAt, useChart, useChartAsset, useHoveredBar, usePriceSeries } from '../hooks/use-price-chart';
import { useComparison } from '../hooks/use-comparison';
import { BarFeed, hasVolume } from '../lib/bar-feed';
import { foldTick, type Bar } from '../lib/candle-merge';
import { chartInterval, withInterval } from '../lib/chart-layout-edit';
import { PriceSeriesFeed } from '../lib/chart-types';
import { palette } from '../lib/indicator-catalog';
import { tradeMarkers } from '../lib/trade-markers';
import { ChartDrawings, DrawingToggle } from './chart-drawings';
import { ChartTradeLines } from './chart-trade-lines';
import { ChartLiquidationLines } from './chart-liquidation-lines';
import { IndicatorEditor } from './indicator-editor';
import { IndicatorLegend } from './indicator-legend';
import { IndicatorPicker } from './indicator-picker';
import { ChartStyleMenu, toolbarButton } from './chart-style-menu';
import { ComparisonChip, InstrumentControls } from './chart-slot-controls';
import { InstrumentPicker } from './instrument-picker';

/** Bars are UTC buckets; the chart's title says so in every language. */
const UTC_SUFFIX = ' · UTC';

/** The price scale in the instrument's digits, one point per step, as every other price of the room. */
function priceFormat(digits: number) {
  return { type: 'price' as const, precision: digits, minMove: pointOf(digits) };
}

/** One chart of the room's layout. */
export type ChartSlot = {
  /** Its place in the layout (0 for the first). */
  index: number;
  chart: LayoutChart;
  /** The instrument it shows (the selected pair's while linked), or none yet. */
  assetId: number | null;
  /** Whether the order ticket trades it. */
  active: boolean;
  /** Whether other charts show beside it. */
  multi: boolean;
  onActivate: () => void;
  onChange: (change: (chart: LayoutChart) => LayoutChart) => void;
  /** Picks the instrument it shows: the selected pair while linked, else its own. */
  onPickInstrument: (asset: Asset) => void;
  /** Links it to the other linked charts (they follow the selected pair) or keeps it on its own instrument. */
  onLink: (linked: boolean) => void;
  /** The layout's control, in the first chart's header. */
  layoutMenu?: ReactNode;
  className?: string;
};

/** SPEC §2 centre chart: an instrument's candles from the API, then live from the price ticks, drawn as the customer chose. */
export function PriceChart({ index, chart: slot, assetId, active, multi, onActivate, onChange, onPickInstrument, onLink, layoutMenu, className }: ChartSlot) {
  const { t } = useTranslation();
  const { listed, digits, title, display: symbol, symbol: instrument } = useChartAsset(assetId);
  const selected = useAssetStore((s) => assetId !== null && s.activeAsset?.asset_id === assetId);
  const tf = chartInterval(slot, assetId);
  const setTf = (next: typeof tf) => assetId !== null && onChange((c) => withInterval(c, assetId, next));
  const candles = useCandles(assetId, tf);
  const containerRef = useRef<HTMLDivElement>(null);
  const colors = useChartColors();
  const theme = useTheme((s) => s.theme);
  const [style, setStyle] = useChartStyle();
  const lwChart = useChart(containerRef, colors);
  const api = usePriceSeries(lwChart, style.type, colors);
  // The bars on the chart, loaded then live, for the indicators computed from them.
  const [feed] = useState(() => new BarFeed());
  const comparison = useComparison({ api, feed, compareId: slot.compare_asset_id, tf, color: palette[theme].pink });
  const compared = useAssetStore((s) => s.assets.find((a) => a.asset_id === slot.compare_asset_id)?.symbol_display ?? '');
  const [picking, setPicking] = useState<'indicator' | 'instrument' | 'compare' | null>(null);

  useEffect(() => {
    const format = comparison.format;
    api?.series.applyOptions({ priceFormat: format ? { type: 'custom', formatter: format, minMove: pointOf(digits) } : priceFormat(digits) });
  }, [api, digits, comparison.format]);

  useEffect(() => {
    lwChart?.priceScale('right').applyOptions({ mode: style.log_scale ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal });
  }, [lwChart, style.log_scale]);

  // The account's fills on this instrument, the robots' labelled as theirs.
  const open = usePositions('open').trades;
  const closed = usePositions('closed').trades;
  const markers = useMemo(() => tradeMarkers([...open, ...closed], assetId, timeframeSeconds[tf], colors, t), [open, closed, assetId, tf, colors, t]);
  useEffect(() => {
    api?.markers.setMarkers(markers);
  }, [api, markers]);
  const alertTarget = useMemo(() => (assetId === null ? null : { asset_id: assetId, symbol, digits }), [assetId, symbol, digits]);
  const alertLines = useAlertLines(api?.series ?? null, assetId, colors);
  const hovered = useHoveredBar(lwChart, feed);

  // The view goes to the latest bar for new bars, not when only the chart type changes.
  const shownBars = useRef<unknown>(null);
  useEffect(() => {
    if (!api || !candles.data || assetId === null) return;
    const seconds = timeframeSeconds[tf];
    let last: Bar | null = candles.data.at(-1) ?? null;
    const drawn = new PriceSeriesFeed(api.series, api.type);
    drawn.reset(candles.data);
    feed.reset(candles.data);
    if (shownBars.current !== candles.data) api.chart.timeScale().scrollToRealTime();
    shownBars.current = candles.data;
    return priceTicks.subscribe(assetId, () => {
      const tick = priceTicks.get(assetId);
      const bar = tick && foldTick(last, tick.price, tick.ts ?? Date.now(), seconds);
      if (!bar) return;
      last = bar;
      drawn.fold(bar);
      feed.fold(bar);
    });
  }, [api, candles.data, assetId, tf, feed]);

  // Technical indicators, kept per instrument in the customer's settings.
  const indicators = useIndicators(instrument);
  const [editing, setEditing] = useState<Indicator | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [drawingToolbar, setDrawingToolbar] = useState<HTMLDivElement | null>(null);
  const plotColors = useMemo(() => ({ shades: palette[theme], up: colors.up, down: colors.down }), [theme, colors]);
  const volume = useMemo(() => hasVolume(candles.data ?? []), [candles.data]);
  const refreshVolumes = useCallback(
    async (from: number) => {
      if (assetId === null) return;
      const load = feed.loads;
      const counted = await getCandles(assetId, tf, from);
      // Another instrument or interval loaded meanwhile: these volumes are not its bars'.
      if (feed.loads === load) feed.patchVolumes(counted);
    },
    [assetId, tf, feed],
  );
  const chartOnly = useMemo(() => (lwChart ? { chart: lwChart } : null), [lwChart]);
  const drawn = useChartIndicators({
    api: chartOnly,
    feed,
    list: indicators.list,
    tfSeconds: timeframeSeconds[tf],
    digits,
    colors: plotColors,
    levelColor: colors.text,
    refreshVolumes: assetId === null ? null : refreshVolumes,
  });

  const legendTime = hovered?.time ?? drawn.lastTime;
  const comparisonChip = slot.compare_asset_id !== null && (
    <ComparisonChip
      symbol={symbol}
      compared={compared}
      color={palette[theme].pink}
      view={comparison.view}
      failed={comparison.failed}
      ownClose={legendTime === null ? null : (barAt(feed.bars, legendTime)?.close ?? null)}
      time={legendTime}
      onRemove={() => onChange((c) => ({ ...c, compare_asset_id: null }))}
    />
  );

  return (
    <section
      aria-label={multi ? t('Chart {{number}}: {{symbol}}', { number: index + 1, symbol: symbol || t('no instrument') }) : t('Chart')}
      aria-current={multi && active ? 'true' : undefined}
      data-testid="chart-slot"
      data-index={index}
      data-active={active}
      data-linked={slot.linked}
      data-symbol={symbol}
      onPointerDownCapture={active ? undefined : onActivate}
      onFocusCapture={active ? undefined : onActivate}
      className={cn('@container flex min-h-0 min-w-0 flex-col bg-bg', multi && 'outline outline-1 -outline-offset-1', multi && (active ? 'z-10 outline-brand' : 'outline-line'), className)}
    >
      <div className="flex flex-wrap items-center gap-x-0.5 gap-y-0.5 border-b border-line px-1 py-1 @lg:gap-x-1 @lg:px-2">
        {layoutMenu}
        {multi && <InstrumentControls symbol={symbol} linked={slot.linked} onLink={onLink} onPick={() => setPicking('instrument')} />}
        <fieldset aria-label={t('Interval')} className="flex min-w-0 @lg:gap-0.5">
          {timeframes.map((frame) => (
            <button
              key={frame}
              type="button"
              aria-pressed={frame === tf}
              onClick={() => setTf(frame)}
              className={cn('rounded px-1 py-1 text-xs font-medium @lg:px-2', frame === tf ? 'bg-brand/20 text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg')}
            >
              {frame}
            </button>
          ))}
        </fieldset>
        <span className={cn('ms-auto hidden truncate text-xs text-muted', multi ? '@3xl:block' : 'sm:block')} data-testid="chart-title">
          {title ? `${title}${UTC_SUFFIX}` : ''}
        </span>
        <span className={cn('ms-auto flex items-center gap-0.5', multi ? '@3xl:ms-0' : 'sm:ms-0')}>
          <ChartStyleMenu
            style={style}
            onStyle={setStyle}
            comparing={slot.compare_asset_id === null ? null : compared}
            onCompare={() => setPicking('compare')}
            onStopComparing={() => onChange((c) => ({ ...c, compare_asset_id: null }))}
            disabled={assetId === null}
          />
          <button
            type="button"
            disabled={!indicators.ready}
            onClick={() => setPicking('indicator')}
            aria-label={t('Indicators')}
            title={t('Indicators')}
            aria-haspopup="dialog"
            className={toolbarButton}
          >
            <ChartSpline className="size-4" aria-hidden />
            <span className="hidden @3xl:inline">{t('Indicators')}</span>
          </button>
          <DrawingToggle open={drawing} onToggle={() => setDrawing((on) => !on)} disabled={assetId === null} />
          <ChartAlertButton target={alertTarget} />
        </span>
      </div>
      <div ref={setDrawingToolbar} />
      <div className="@container relative min-h-0 flex-1">
        <ChartAlertMenu target={alertTarget} priceAt={(y) => api?.series.coordinateToPrice(y) ?? null}>
          <div
            ref={containerRef}
            className="absolute inset-0 isolate"
            data-testid="price-chart"
            data-bars={candles.data?.length ?? 0}
            data-markers={markers.length}
            data-alert-lines={alertLines}
            data-interval={tf}
            data-indicators={indicators.list.length}
            data-panes={drawn.paneTops.length}
            data-chart-type={api?.type ?? style.type}
            data-log-scale={style.log_scale}
            data-compare={compared}
            data-compare-points={comparison.view?.points.length ?? 0}
          />
        </ChartAlertMenu>
        <ChartTradeLines api={api} assetId={assetId} digits={digits} colors={colors} />
        <ChartLiquidationLines series={api?.series ?? null} asset={listed ?? (selected ? undefined : null)} digits={digits} colors={colors} />
        <ChartDrawings api={api} assetId={assetId} digits={digits} stepSeconds={timeframeSeconds[tf]} open={drawing} toolbarSlot={drawingToolbar} colors={colors} />
        {hovered && (
          // Open, high, low and close of the bar under the crosshair: codes every language reads.
          <p className="pointer-events-none absolute left-2 top-1 z-10 rounded bg-bg/80 px-1.5 font-mono text-[11px] tabular-nums" data-testid="ohlc">
            {(['open', 'high', 'low', 'close'] as const).map((k) => `${k[0]!.toUpperCase()} ${formatPrice(hovered[k], digits)}`).join('  ')}
          </p>
        )}
        <IndicatorLegend
          list={indicators.list}
          plots={drawn.plots}
          time={legendTime}
          paneTops={drawn.paneTops}
          digits={digits}
          shades={plotColors.shades}
          onEdit={setEditing}
          onRemove={(indicator) => indicators.remove(indicator.id)}
          leading={comparisonChip || undefined}
        />
        {candles.isPending && assetId !== null && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted">
            <Spinner className="size-4" /> {t('Loading chart...')}
          </div>
        )}
        {assetId === null && (
          <p className="absolute inset-0 flex items-center justify-center bg-bg text-sm text-muted">{t('Pick an instrument to see its chart.')}</p>
        )}
        {candles.isError && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-bg/80 text-sm text-muted">
            <p>{t('Chart data is unavailable right now.')}</p>
            <Button size="sm" variant="secondary" onClick={() => void candles.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        )}
      </div>
      {picking === 'indicator' && <IndicatorPicker onClose={() => setPicking(null)} canAdd={indicators.canAdd} volume={volume} onPick={(kind) => indicators.add(kind)} />}
      {picking === 'compare' && (
        <InstrumentPicker
          title={t('Compare {{symbol}} with', { symbol })}
          exclude={assetId === null ? [] : [assetId]}
          onClose={() => setPicking(null)}
          onPick={(asset) => onChange((c) => ({ ...c, compare_asset_id: asset.asset_id }))}
        />
      )}
      {picking === 'instrument' && <InstrumentPicker title={t('Instrument of chart {{number}}', { number: index + 1 })} onClose={() => setPicking(null)} onPick={onPickInstrument} />}
      {editing && <IndicatorEditor key={editing.id} indicator={editing} onClose={() => setEditing(null)} onSave={indicators.update} />}
    </section>
  );
}
