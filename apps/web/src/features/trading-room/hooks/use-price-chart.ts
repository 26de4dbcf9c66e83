import { useEffect, useRef, useState } from 'react';
import { createChart, createSeriesMarkers, type IChartApi, type ISeriesApi, type ISeriesMarkersPluginApi, type MouseEventParams, type SeriesType, type Time } from 'lightweight-charts';
import type { Asset, ChartType } from '@bourse/contract';
import { type ChartColors, chartOptions, chartThemeOptions } from '@/lib/chart-theme';
import { useAssetStore } from '@/stores/asset-store';
import type { BarFeed, FeedBar } from '../lib/bar-feed';
import { chartTitle } from '../lib/chart-title';
import { addPriceSeries, seriesColors } from '../lib/chart-types';
import { useSeriesRetirement } from './use-series-retirement';

/** Creates the chart once, repaints it when the theme switches, and disposes of it with the component. */
export function useChart(container: React.RefObject<HTMLDivElement | null>, colors: ChartColors): IChartApi | null {
  const [chart, setChart] = useState<IChartApi | null>(null);
  // The first paint is already in the theme's colours; later switches repaint the same chart.
  const firstColors = useRef(colors);
  useEffect(() => {
    // Bars are UTC buckets and the chart shows their times as UTC (SPEC §2).
    const made = createChart(container.current!, chartOptions(firstColors.current));
    setChart(made);
    return () => {
      setChart(null);
      made.remove();
    };
  }, [container]);
  useEffect(() => {
    chart?.applyOptions(chartThemeOptions(colors));
  }, [chart, colors]);
  return chart;
}

export type PriceApi = { chart: IChartApi; series: ISeriesApi<SeriesType>; markers: ISeriesMarkersPluginApi<Time>; type: ChartType };

/**
 * The series drawing the instrument's prices as `type`: another type replaces it (what is drawn on
 * it, the trade lines, alerts and drawings, follow the new one).
 */
export function usePriceSeries(chart: IChartApi | null, type: ChartType, colors: ChartColors): PriceApi | null {
  const [api, setApi] = useState<PriceApi | null>(null);
  const retire = useSeriesRetirement(chart, api);
  const firstColors = useRef(colors);
  firstColors.current = colors;
  useEffect(() => {
    if (!chart) return;
    const series = addPriceSeries(chart, type, firstColors.current);
    setApi({ chart, series, markers: createSeriesMarkers(series, []), type });
    return () => {
      setApi(null);
      retire(series);
    };
  }, [chart, type, retire]);
  useEffect(() => {
    api?.series.applyOptions(seriesColors(api.type, colors));
  }, [api, colors]);
  return api;
}

export type Ohlc = { time: number; open: number; high: number; low: number; close: number };

/** The bar of `bars` (oldest first) at `time`, or null. */
export function barAt(bars: readonly FeedBar[], time: number): FeedBar | null {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = bars[mid]!.time;
    if (t === time) return bars[mid]!;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

/** The bar under the crosshair (its own prices, whatever the chart type draws), for the legend; null while the pointer is off the bars. */
export function useHoveredBar(chart: IChartApi | null, feed: BarFeed): Ohlc | null {
  const [bar, setBar] = useState<Ohlc | null>(null);
  useEffect(() => {
    if (!chart) return;
    const follow = (param: MouseEventParams<Time>) => {
      const found = typeof param.time === 'number' ? barAt(feed.bars, param.time) : null;
      setBar(found ? { time: found.time, open: found.open, high: found.high, low: found.low, close: found.close } : null);
    };
    chart.subscribeCrosshairMove(follow);
    return () => chart.unsubscribeCrosshairMove(follow);
  }, [chart, feed]);
  return bar;
}

/** What a chart shows of its instrument, read as plain values: the instrument's live prices do not redraw the frame. */
export function useChartAsset(assetId: number | null) {
  const find = (s: { activeAsset: Asset | null; assets: Asset[] }) => (s.activeAsset?.asset_id === assetId ? s.activeAsset : null) ?? s.assets.find((a) => a.asset_id === assetId) ?? null;
  // The catalogue's copy, the same object from one price to the next, for what reads the instrument's terms.
  const listed = useAssetStore((s) => s.assets.find((a) => a.asset_id === assetId) ?? null);
  return {
    listed,
    digits: useAssetStore((s) => find(s)?.digits ?? 5),
    title: useAssetStore((s) => {
      const a = find(s);
      return a ? chartTitle(a) : '';
    }),
    display: useAssetStore((s) => find(s)?.symbol_display ?? ''),
    symbol: useAssetStore((s) => find(s)?.symbol ?? ''),
  };
}
