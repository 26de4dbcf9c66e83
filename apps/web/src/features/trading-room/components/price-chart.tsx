import { useEffect, useRef, useState } from 'react';
import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { timeframes, timeframeSeconds, type Timeframe } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { chartTheme, darkChartOptions } from '@/lib/chart-theme';
import { cn } from '@/lib/cn';
import { useAssetStore } from '@/stores/asset-store';
import { priceTicks } from '@/stores/tick-store';
import { useCandles } from '../api/get-candles';
import { foldTick, type Bar } from '../lib/candle-merge';


const toChart = (b: Bar) => ({ ...b, time: b.time as UTCTimestamp });

function priceFormat(digits: number) {
  const precision = Math.min(Math.max(digits, 2), 8);
  return { type: 'price' as const, precision, minMove: 1 / 10 ** precision };
}

/** Creates the dark candlestick chart once and disposes of it with the component. */
function useChart(container: React.RefObject<HTMLDivElement | null>) {
  const [api, setApi] = useState<{ chart: IChartApi; series: ISeriesApi<'Candlestick'> } | null>(null);
  useEffect(() => {
    const el = container.current!;
    // Bars are UTC buckets and the chart shows their times as UTC (SPEC §2).
    const chart = createChart(el, darkChartOptions);
    const series = chart.addSeries(CandlestickSeries, {
      upColor: chartTheme.up,
      downColor: chartTheme.down,
      wickUpColor: chartTheme.up,
      wickDownColor: chartTheme.down,
      borderVisible: false,
    });
    setApi({ chart, series });
    return () => {
      setApi(null);
      chart.remove();
    };
  }, [container]);
  return api;
}

/** SPEC §2 centre chart: the active asset's candles from the API, then live from the price ticks. */
export function PriceChart({ className }: { className?: string }) {
  // Primitive selections: the active asset object is refreshed by every tick, the chart frame is not.
  const assetId = useAssetStore((s) => s.activeAsset?.asset_id ?? null);
  const digits = useAssetStore((s) => s.activeAsset?.digits ?? 5);
  const title = useAssetStore((s) => (s.activeAsset ? `${s.activeAsset.symbol_display} · ${s.activeAsset.name}` : ''));
  const [tf, setTf] = useState<Timeframe>('1m');
  const candles = useCandles(assetId, tf);
  const containerRef = useRef<HTMLDivElement>(null);
  const api = useChart(containerRef);

  useEffect(() => {
    api?.series.applyOptions({ priceFormat: priceFormat(digits) });
  }, [api, digits]);

  useEffect(() => {
    if (!api || !candles.data || assetId === null) return;
    const seconds = timeframeSeconds[tf];
    let last: Bar | null = candles.data.at(-1) ?? null;
    api.series.setData(candles.data.map(toChart));
    api.chart.timeScale().scrollToRealTime();
    return priceTicks.subscribe(assetId, () => {
      const tick = priceTicks.get(assetId);
      const bar = tick && foldTick(last, tick.price, tick.ts ?? Date.now(), seconds);
      if (!bar) return;
      last = bar;
      api.series.update(toChart(bar));
    });
  }, [api, candles.data, assetId, tf]);

  return (
    <section aria-label="Chart" className={cn('flex min-h-0 flex-col bg-bg', className)}>
      <div className="flex items-center gap-1 border-b border-line px-2 py-1">
        <fieldset aria-label="Interval" className="flex min-w-0 gap-0.5">
          {timeframes.map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={t === tf}
              onClick={() => setTf(t)}
              className={cn('rounded px-2 py-1 text-xs font-medium', t === tf ? 'bg-brand/20 text-brand' : 'text-muted hover:bg-panel-2 hover:text-fg')}
            >
              {t}
            </button>
          ))}
        </fieldset>
        <span className="ml-auto hidden truncate text-xs text-muted sm:block" data-testid="chart-title">
          {title ? `${title} · UTC` : ''}
        </span>
      </div>
      <div className="relative min-h-0 flex-1">
        <div ref={containerRef} className="absolute inset-0 isolate" data-testid="price-chart" data-bars={candles.data?.length ?? 0} />
        {candles.isPending && assetId !== null && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted">
            <Spinner className="size-4" /> Loading chart...
          </div>
        )}
        {assetId === null && (
          <p className="absolute inset-0 flex items-center justify-center bg-bg text-sm text-muted">Pick an instrument to see its chart.</p>
        )}
        {candles.isError && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-bg/80 text-sm text-muted">
            <p>Chart data is unavailable right now.</p>
            <Button size="sm" variant="secondary" onClick={() => void candles.refetch()}>
              Retry
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
