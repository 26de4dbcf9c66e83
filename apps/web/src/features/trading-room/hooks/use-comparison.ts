import { useEffect, useMemo, useRef, useState } from 'react';
import { type IChartApi, type ISeriesApi, LineSeries, type SeriesType, type UTCTimestamp } from 'lightweight-charts';
import { type Timeframe, timeframeSeconds } from '@bourse/contract';
import { percentChange, priceAtPercent, rebasedPercent, type TimedValue } from '@bourse/domain/chart-series';
import { priceTicks } from '@/stores/tick-store';
import { useCandles } from '../api/get-candles';
import { BarFeed } from '../lib/bar-feed';
import { type Bar, foldTick } from '../lib/candle-merge';
import { useSeriesRetirement } from './use-series-retirement';

/** A live price moves the compared line at most this often; a new bar or a scroll at once. */
const LIVE_REDRAW_MS = 500;

/** A percent change as the chart's scale writes it, the same in every language: "+1.25%". */
export function percentText(value: number): string {
  const sign = value > 0.004 ? '+' : value < -0.004 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(2)}%`;
}

/** What the comparison shows: the base (the chart's close at its first visible bar) and the other instrument's percent changes. */
export type ComparisonView = { base: number; points: TimedValue[] };

type Options = {
  api: { chart: IChartApi; series: ISeriesApi<SeriesType> } | null;
  /** The chart's own bars. */
  feed: BarFeed;
  compareId: number | null;
  tf: Timeframe;
  color: string;
};

/** Index of the first bar in view. */
function firstVisible(chart: IChartApi, count: number): number {
  const range = chart.timeScale().getVisibleLogicalRange();
  return Math.min(count - 1, Math.max(0, Math.ceil(range?.from ?? 0)));
}

/**
 * Another instrument drawn over the chart in percent: both rebased to their change from the
 * chart's first visible bar (packages/domain), the other's line placed where the chart's own
 * price would be after the same change, so the prices, levels and drawings of the chart stay where
 * they are and the scale reads in percent (`format`). Redrawn as the view scrolls and prices move.
 */
export function useComparison({ api, feed, compareId, tf, color }: Options) {
  const candles = useCandles(compareId, tf);
  const [other] = useState(() => new BarFeed());
  const [view, setView] = useState<ComparisonView | null>(null);
  const base = useRef<number | null>(null);
  const [series, setSeries] = useState<ISeriesApi<'Line'> | null>(null);
  const chart = api?.chart ?? null;
  const retire = useSeriesRetirement(chart, series);

  // The other instrument's bars, loaded then live.
  useEffect(() => {
    if (compareId === null || !candles.data) return;
    other.reset(candles.data);
    const step = timeframeSeconds[tf];
    let last: Bar | null = candles.data.at(-1) ?? null;
    return priceTicks.subscribe(compareId, () => {
      const tick = priceTicks.get(compareId);
      const bar = tick && foldTick(last, tick.price, tick.ts ?? Date.now(), step);
      if (!bar) return;
      last = bar;
      other.fold(bar);
    });
  }, [compareId, candles.data, other, tf]);

  // Its line, over the prices.
  useEffect(() => {
    if (!chart || compareId === null) return;
    const line = chart.addSeries(LineSeries, { color, lineWidth: 2, priceLineVisible: false, lastValueVisible: true, crosshairMarkerVisible: false });
    line.applyOptions({ priceFormat: { type: 'custom', formatter: (price: number) => (base.current ? percentText(percentChange(price, base.current)) : '') } });
    setSeries(line);
    return () => {
      setSeries(null);
      setView(null);
      base.current = null;
      retire(line);
    };
  }, [chart, compareId, color, retire]);

  useEffect(() => {
    if (!chart || !series) return;
    let first = -1;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const redraw = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const bars = feed.bars;
      if (!bars.length || !other.bars.length) {
        series.setData([]);
        setView(null);
        return;
      }
      first = firstVisible(chart, bars.length);
      const from = bars[first]!;
      const points = rebasedPercent(
        other.bars.map((b) => ({ time: b.time, value: b.close })),
        bars.map((b) => b.time),
        from.time,
      );
      base.current = from.close;
      series.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: priceAtPercent(p.value, from.close) })));
      setView({ base: from.close, points });
    };
    const soon = () => {
      timer ??= setTimeout(redraw, LIVE_REDRAW_MS);
    };
    const onRange = () => {
      if (feed.bars.length && firstVisible(chart, feed.bars.length) !== first) redraw();
    };
    const offMine = feed.subscribe((change) => (change === 'tick' ? soon() : redraw()));
    const offOther = other.subscribe((change) => (change === 'tick' ? soon() : redraw()));
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    redraw();
    return () => {
      offMine();
      offOther();
      if (timer) clearTimeout(timer);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
    };
  }, [chart, series, feed, other]);

  const comparing = compareId !== null;
  const baseNow = view?.base ?? null;
  // A new function for each base: the scale writes its labels anew from the new first bar.
  const format = useMemo(() => (comparing && baseNow ? (price: number) => percentText(percentChange(price, baseNow)) : null), [comparing, baseNow]);
  return {
    view,
    /** The scale's format while comparing: percent from the first visible bar. */
    format,
    loading: compareId !== null && candles.isPending,
    failed: compareId !== null && candles.isError,
  };
}
