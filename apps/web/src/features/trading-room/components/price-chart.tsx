import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type CandlestickData, CandlestickSeries, createChart, createSeriesMarkers, type IChartApi, type ISeriesApi, type ISeriesMarkersPluginApi, type MouseEventParams, type Time, type UTCTimestamp } from 'lightweight-charts';
import { ChartSpline } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Indicator, pointOf, timeframes, timeframeSeconds, type Timeframe } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useChartColors } from '@/hooks/use-chart-colors';
import { type ChartColors, chartOptions, chartThemeOptions } from '@/lib/chart-theme';
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
import { useRoomLayout } from '../hooks/use-room-layout';
import { BarFeed, hasVolume } from '../lib/bar-feed';
import { foldTick, type Bar } from '../lib/candle-merge';
import { palette } from '../lib/indicator-catalog';
import { chartTitle } from '../lib/chart-title';
import { tradeMarkers } from '../lib/trade-markers';
import { ChartDrawings, DrawingToggle } from './chart-drawings';
import { ChartTradeLines } from './chart-trade-lines';
import { ChartLiquidationLines } from './chart-liquidation-lines';
import { IndicatorEditor } from './indicator-editor';
import { IndicatorLegend } from './indicator-legend';
import { IndicatorPicker } from './indicator-picker';

const toChart = (b: Bar) => ({ ...b, time: b.time as UTCTimestamp });
/** Bars are UTC buckets; the chart's title says so in every language. */
const UTC_SUFFIX = ' · UTC';

/** The price scale in the instrument's digits, one point per step, as every other price of the room. */
function priceFormat(digits: number) {
  return { type: 'price' as const, precision: digits, minMove: pointOf(digits) };
}

const candleColors = (c: ChartColors) => ({ upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down });

/** Creates the candlestick chart once, repaints it when the theme switches, and disposes of it with the component. */
function useChart(container: React.RefObject<HTMLDivElement | null>, colors: ChartColors) {
  const [api, setApi] = useState<{ chart: IChartApi; series: ISeriesApi<'Candlestick'>; markers: ISeriesMarkersPluginApi<Time> } | null>(null);
  // The first paint is already in the theme's colours; later switches repaint the same chart.
  const firstColors = useRef(colors);
  useEffect(() => {
    const el = container.current!;
    // Bars are UTC buckets and the chart shows their times as UTC (SPEC §2).
    const chart = createChart(el, chartOptions(firstColors.current));
    const series = chart.addSeries(CandlestickSeries, { borderVisible: false, ...candleColors(firstColors.current) });
    setApi({ chart, series, markers: createSeriesMarkers(series, []) });
    return () => {
      setApi(null);
      chart.remove();
    };
  }, [container]);
  useEffect(() => {
    api?.chart.applyOptions(chartThemeOptions(colors));
    api?.series.applyOptions(candleColors(colors));
  }, [api, colors]);
  return api;
}

type Ohlc = { time: number; open: number; high: number; low: number; close: number };

/** The bar under the crosshair, for the legend; null while the pointer is off the bars. */
function useHoveredBar(api: { chart: IChartApi; series: ISeriesApi<'Candlestick'> } | null): Ohlc | null {
  const [bar, setBar] = useState<Ohlc | null>(null);
  useEffect(() => {
    if (!api) return;
    const follow = (param: MouseEventParams<Time>) => {
      const data = param.seriesData.get(api.series) as CandlestickData<Time> | undefined;
      setBar(data ? { time: data.time as number, open: data.open, high: data.high, low: data.low, close: data.close } : null);
    };
    api.chart.subscribeCrosshairMove(follow);
    return () => api.chart.unsubscribeCrosshairMove(follow);
  }, [api]);
  return bar;
}

/** The interval kept for the instrument (SPEC §2: 1 minute until the user picks another). */
function useInterval(assetId: number | null) {
  const [layout, update] = useRoomLayout();
  const tf: Timeframe = (assetId !== null && layout.intervals[assetId]) || '1m';
  const setTf = (next: Timeframe) => {
    if (assetId !== null) update({ intervals: { ...layout.intervals, [assetId]: next } });
  };
  return [tf, setTf] as const;
}

/** SPEC §2 centre chart: the active asset's candles from the API, then live from the price ticks. */
export function PriceChart({ className }: { className?: string }) {
  const { t } = useTranslation();
  // Primitive selections: the active asset object is refreshed by every tick, the chart frame is not.
  const assetId = useAssetStore((s) => s.activeAsset?.asset_id ?? null);
  const digits = useAssetStore((s) => s.activeAsset?.digits ?? 5);
  const title = useAssetStore((s) => (s.activeAsset ? chartTitle(s.activeAsset) : ''));
  const symbol = useAssetStore((s) => s.activeAsset?.symbol_display ?? '');
  const instrument = useAssetStore((s) => s.activeAsset?.symbol ?? '');
  const [tf, setTf] = useInterval(assetId);
  const candles = useCandles(assetId, tf);
  const containerRef = useRef<HTMLDivElement>(null);
  const colors = useChartColors();
  const api = useChart(containerRef, colors);
  // The bars on the chart, loaded then live, for the indicators computed from them.
  const [feed] = useState(() => new BarFeed());

  useEffect(() => {
    api?.series.applyOptions({ priceFormat: priceFormat(digits) });
  }, [api, digits]);

  // The account's fills on this instrument, the robots' labelled as theirs.
  const open = usePositions('open').trades;
  const closed = usePositions('closed').trades;
  const markers = useMemo(() => tradeMarkers([...open, ...closed], assetId, timeframeSeconds[tf], colors, t), [open, closed, assetId, tf, colors, t]);
  useEffect(() => {
    api?.markers.setMarkers(markers);
  }, [api, markers]);
  const alertTarget = useMemo(() => (assetId === null ? null : { asset_id: assetId, symbol, digits }), [assetId, symbol, digits]);
  const alertLines = useAlertLines(api?.series ?? null, assetId, colors);
  const hovered = useHoveredBar(api);

  useEffect(() => {
    if (!api || !candles.data || assetId === null) return;
    const seconds = timeframeSeconds[tf];
    let last: Bar | null = candles.data.at(-1) ?? null;
    api.series.setData(candles.data.map(toChart));
    feed.reset(candles.data);
    api.chart.timeScale().scrollToRealTime();
    return priceTicks.subscribe(assetId, () => {
      const tick = priceTicks.get(assetId);
      const bar = tick && foldTick(last, tick.price, tick.ts ?? Date.now(), seconds);
      if (!bar) return;
      last = bar;
      api.series.update(toChart(bar));
      feed.fold(bar);
    });
  }, [api, candles.data, assetId, tf, feed]);

  // Technical indicators, kept per instrument in the customer's settings.
  const indicators = useIndicators(instrument);
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<Indicator | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [drawingToolbar, setDrawingToolbar] = useState<HTMLDivElement | null>(null);
  const theme = useTheme((s) => s.theme);
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
  const drawn = useChartIndicators({
    api,
    feed,
    list: indicators.list,
    tfSeconds: timeframeSeconds[tf],
    digits,
    colors: plotColors,
    levelColor: colors.text,
    refreshVolumes: assetId === null ? null : refreshVolumes,
  });

  return (
    <section aria-label={t('Chart')} className={cn('flex min-h-0 flex-col bg-bg', className)}>
      <div className="flex items-center gap-1 border-b border-line px-2 py-1">
        <fieldset aria-label={t('Interval')} className="flex min-w-0 gap-0.5">
          {timeframes.map((frame) => (
            <button
              key={frame}
              type="button"
              aria-pressed={frame === tf}
              onClick={() => setTf(frame)}
              className={cn('rounded px-2 py-1 text-xs font-medium', frame === tf ? 'bg-brand/20 text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg')}
            >
              {frame}
            </button>
          ))}
        </fieldset>
        <span className="ms-auto hidden truncate text-xs text-muted sm:block" data-testid="chart-title">
          {title ? `${title}${UTC_SUFFIX}` : ''}
        </span>
        <span className="ms-auto flex items-center gap-0.5 sm:ms-0">
          <button
            type="button"
            disabled={!indicators.ready}
            onClick={() => setPicking(true)}
            aria-label={t('Indicators')}
            title={t('Indicators')}
            aria-haspopup="dialog"
            className="flex h-7 shrink-0 items-center gap-1 rounded px-1.5 text-xs font-medium text-muted hover:bg-panel-2 hover:text-fg disabled:opacity-50"
          >
            <ChartSpline className="size-4" aria-hidden />
            <span className="hidden md:inline">{t('Indicators')}</span>
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
          />
        </ChartAlertMenu>
        <ChartTradeLines api={api} assetId={assetId} digits={digits} colors={colors} />
        <ChartLiquidationLines series={api?.series ?? null} digits={digits} colors={colors} />
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
          time={hovered?.time ?? drawn.lastTime}
          paneTops={drawn.paneTops}
          digits={digits}
          shades={plotColors.shades}
          onEdit={setEditing}
          onRemove={(indicator) => indicators.remove(indicator.id)}
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
      {picking && <IndicatorPicker onClose={() => setPicking(false)} canAdd={indicators.canAdd} volume={volume} onPick={(kind) => indicators.add(kind)} />}
      {editing && <IndicatorEditor key={editing.id} indicator={editing} onClose={() => setEditing(null)} onSave={indicators.update} />}
    </section>
  );
}
