import { useEffect, useRef, useState } from 'react';
import { HistogramSeries, type IChartApi, type IPriceLine, type ISeriesApi, LineSeries, LineStyle, type SeriesType, type UTCTimestamp } from 'lightweight-charts';
import { type Indicator, pointOf } from '@bourse/contract';
import type { BarFeed } from '../lib/bar-feed';
import { indicatorInfo } from '../lib/indicator-catalog';
import { computePlot, type Plot, type PlotColors, type PlotLine } from '../lib/indicator-plots';

/** Price changes within the live bar are drawn at most this often; a new bar or a load at once. */
const LIVE_REDRAW_MS = 500;
/** How often the live bar's volume is asked for while an indicator uses it (ticks carry none). */
const VOLUME_REFRESH_MS = 30_000;
/** The price pane keeps at least half the chart, and three times an indicator pane while there are few. */
const PRICE_PANE_STRETCH = 3;

type Mounted = { indicator: Indicator; series: ISeriesApi<SeriesType>[]; levels: { series: ISeriesApi<SeriesType>; line: IPriceLine }[] };

function priceFormat(format: Plot['format'], digits: number) {
  if (format === 'volume') return { type: 'volume' as const };
  const precision = format === 'fixed' ? 2 : digits;
  return { type: 'price' as const, precision, minMove: pointOf(precision) };
}

const chartData = (line: PlotLine) => line.points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value, ...(p.color ? { color: p.color } : {}) }));

function addSeries(chart: IChartApi, line: PlotLine, plot: Plot, pane: number, digits: number, labelled: boolean): ISeriesApi<SeriesType> {
  const common = {
    priceFormat: priceFormat(plot.format, digits),
    priceLineVisible: false,
    // A pane's own indicator shows its latest value on its scale; over the candles the price's own label stays alone.
    lastValueVisible: pane > 0 && labelled,
    ...(plot.range ? { autoscaleInfoProvider: () => ({ priceRange: { minValue: plot.range![0], maxValue: plot.range![1] } }) } : {}),
  };
  if (line.style === 'histogram') {
    const series = chart.addSeries(HistogramSeries, { ...common, color: line.color, ...(line.ownScale ? { priceScaleId: 'volume' } : {}) }, pane);
    // Volume stays in the bottom fifth of the price pane, under the candles.
    if (line.ownScale) series.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    return series;
  }
  return chart.addSeries(
    LineSeries,
    {
      ...common,
      color: line.color,
      lineWidth: line.width,
      lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid,
      ...(line.style === 'points' ? { lineVisible: false, pointMarkersVisible: true, pointMarkersRadius: 1.5 } : {}),
    },
    pane,
  );
}

type Options = {
  api: { chart: IChartApi } | null;
  feed: BarFeed;
  list: readonly Indicator[];
  tfSeconds: number;
  digits: number;
  colors: PlotColors;
  /** Colour of an oscillator's reference levels. */
  levelColor: string;
  /** Fetches the volumes of the bars from `from` (UTC seconds) into the feed; null when there is no instrument. */
  refreshVolumes: ((from: number) => Promise<void>) | null;
};

/**
 * Where each pane starts, in px from the top of the chart: the legends of the panes below the
 * price sit there. Measured again when `layout` (the indicators drawn) changes.
 */
function usePaneTops(chart: IChartApi | null, layout: unknown): number[] {
  const [tops, setTops] = useState<number[]>([0]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the panes change with the layout, which the chart does not announce
  useEffect(() => {
    if (!chart) return;
    const root = chart.chartElement();
    const measure = () => {
      const origin = root.getBoundingClientRect().top;
      const next = chart.panes().map((pane) => Math.round((pane.getHTMLElement()?.getBoundingClientRect().top ?? origin) - origin));
      setTops((prev) => (prev.length === next.length && prev.every((v, i) => v === next[i]) ? prev : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    // Panes are laid out on the chart's next frame; a dragged separator resizes them.
    const frame = requestAnimationFrame(() => {
      for (const pane of chart.panes()) {
        const el = pane.getHTMLElement();
        if (el) observer.observe(el);
      }
      measure();
    });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [chart, layout]);
  return tops;
}

/**
 * Draws `list` on the chart: indicators over the price on its pane, the others each in a pane
 * below, computed from the bars of `feed` whenever they change (a live bar at most every half
 * second). Returns what each draws, by id, for the legend, the time of the last bar and where
 * each pane starts.
 */
export function useChartIndicators({ api, feed, list, tfSeconds, digits, colors, levelColor, refreshVolumes }: Options) {
  const chart = api?.chart ?? null;
  const [plots, setPlots] = useState<{ byId: Record<string, Plot>; lastTime: number | null }>({ byId: {}, lastTime: null });
  const mounted = useRef<Mounted[]>([]);

  // The series, built anew when the indicators, the interval, the digits or the theme change.
  useEffect(() => {
    if (!chart) return;
    let nextPane = 1;
    const paneCount = list.filter((i) => indicatorInfo[i.kind].placement === 'pane').length;
    const byId: Record<string, Plot> = {};
    mounted.current = list.map((indicator) => {
      const pane = indicatorInfo[indicator.kind].placement === 'pane' ? nextPane++ : 0;
      const plot = computePlot(indicator, feed.bars, tfSeconds, colors);
      byId[indicator.id] = plot;
      const main = plot.lines.findIndex((l) => l.style === 'line');
      const series = plot.lines.map((line, i) => {
        const s = addSeries(chart, line, plot, pane, digits, i === main);
        s.setData(chartData(line));
        return s;
      });
      const carrier = series[main] ?? series[0]!;
      const levels = plot.levels.map((price) => ({
        series: carrier,
        line: carrier.createPriceLine({ price, color: levelColor, lineWidth: 1, lineStyle: LineStyle.Dotted, axisLabelVisible: false }),
      }));
      return { indicator, series, levels };
    });
    chart.panes()[0]?.setStretchFactor(Math.max(PRICE_PANE_STRETCH, paneCount));
    setPlots({ byId, lastTime: feed.bars.at(-1)?.time ?? null });
    return () => {
      const gone = mounted.current;
      mounted.current = [];
      try {
        for (const m of gone) {
          for (const { series, line } of m.levels) series.removePriceLine(line);
          for (const s of m.series) chart.removeSeries(s);
        }
      } catch {
        // The chart itself was removed first (the room closing): its series went with it.
      }
    };
  }, [chart, feed, list, tfSeconds, digits, colors, levelColor]);

  // The values, computed again as the bars change.
  const usesVolume = list.some((i) => indicatorInfo[i.kind].volume);
  useEffect(() => {
    if (!chart) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const redraw = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const byId: Record<string, Plot> = {};
      for (const m of mounted.current) {
        const plot = computePlot(m.indicator, feed.bars, tfSeconds, colors);
        byId[m.indicator.id] = plot;
        plot.lines.forEach((line, i) => {
          m.series[i]?.setData(chartData(line));
        });
      }
      setPlots({ byId, lastTime: feed.bars.at(-1)?.time ?? null });
    };
    const refresh = (from: number | undefined) => {
      if (usesVolume && refreshVolumes && from !== undefined) refreshVolumes(from).catch(() => {});
    };
    const off = feed.subscribe((change) => {
      if (change === 'tick') {
        timer ??= setTimeout(redraw, LIVE_REDRAW_MS);
        return;
      }
      redraw();
      // A bar just closed: the server has counted its volume.
      if (change === 'bar') refresh(feed.bars.at(-2)?.time);
    });
    const every = usesVolume ? setInterval(() => refresh(feed.bars.at(-1)?.time), VOLUME_REFRESH_MS) : null;
    return () => {
      off();
      if (timer) clearTimeout(timer);
      if (every) clearInterval(every);
    };
  }, [chart, feed, tfSeconds, colors, usesVolume, refreshVolumes]);

  const paneTops = usePaneTops(chart, list);
  return { plots: plots.byId, lastTime: plots.lastTime, paneTops };
}
