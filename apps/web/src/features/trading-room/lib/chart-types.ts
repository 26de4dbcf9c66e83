import { AreaSeries, BarSeries, CandlestickSeries, type IChartApi, type ISeriesApi, LineSeries, type SeriesType, type UTCTimestamp } from 'lightweight-charts';
import type { ChartType } from '@bourse/contract';
import { heikinAshi, heikinAshiNext, type OhlcBar } from '@bourse/domain/chart-series';
import { msg } from '@/i18n/i18n';
import type { ChartColors } from '@/lib/chart-theme';

/** Names of the chart types, shown with `t()`. */
export const chartTypeNames: Record<ChartType, string> = {
  candles: msg('Candles'),
  bars: msg('Bars'),
  line: msg('Line'),
  area: msg('Area'),
  'heikin-ashi': msg('Heikin-Ashi'),
};

/** Colours of a type's series in the theme. */
export function seriesColors(type: ChartType, c: ChartColors) {
  switch (type) {
    case 'candles':
    case 'heikin-ashi':
      return { upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down };
    case 'bars':
      return { upColor: c.up, downColor: c.down };
    case 'line':
      return { color: c.brand };
    case 'area':
      return { lineColor: c.brand, topColor: `${c.brand}55`, bottomColor: `${c.brand}05` };
  }
}

/** Adds the series that draws the instrument's prices as `type`, behind whatever else the price pane shows. */
export function addPriceSeries(chart: IChartApi, type: ChartType, c: ChartColors): ISeriesApi<SeriesType> {
  const colors = seriesColors(type, c);
  let series: ISeriesApi<SeriesType>;
  if (type === 'candles' || type === 'heikin-ashi') series = chart.addSeries(CandlestickSeries, { borderVisible: false, ...colors });
  else if (type === 'bars') series = chart.addSeries(BarSeries, { thinBars: false, ...colors });
  else if (type === 'line') series = chart.addSeries(LineSeries, { lineWidth: 2, ...colors });
  else series = chart.addSeries(AreaSeries, { lineWidth: 2, ...colors });
  // Indicators added before it stay drawn over it, and the price scale reads prices in its format.
  series.setSeriesOrder(0);
  return series;
}

type Point = { time: UTCTimestamp; open: number; high: number; low: number; close: number } | { time: UTCTimestamp; value: number };

const ohlc = (b: OhlcBar): Point => ({ time: b.time as UTCTimestamp, open: b.open, high: b.high, low: b.low, close: b.close });
const closeOf = (b: OhlcBar): Point => ({ time: b.time as UTCTimestamp, value: b.close });

/**
 * Draws bars as `type` and follows the live bar: `reset` takes every bar, `fold` the last one again
 * or a new one after it. Heikin-Ashi bars are computed from the bars (packages/domain): the live
 * one from the Heikin-Ashi bar before it.
 */
export class PriceSeriesFeed {
  private last: OhlcBar | null = null;
  private beforeLast: OhlcBar | null = null;
  private readonly series: ISeriesApi<SeriesType>;
  private readonly type: ChartType;

  constructor(series: ISeriesApi<SeriesType>, type: ChartType) {
    this.series = series;
    this.type = type;
  }

  reset(bars: readonly OhlcBar[]): void {
    if (this.type === 'heikin-ashi') {
      const ha = heikinAshi(bars);
      this.last = ha.at(-1) ?? null;
      this.beforeLast = ha.at(-2) ?? null;
      this.series.setData(ha.map(ohlc));
      return;
    }
    this.series.setData(bars.map(this.type === 'line' || this.type === 'area' ? closeOf : ohlc));
  }

  fold(bar: OhlcBar): void {
    if (this.type === 'heikin-ashi') {
      if (this.last && this.last.time !== bar.time) this.beforeLast = this.last;
      this.last = heikinAshiNext(this.beforeLast, bar);
      this.series.update(ohlc(this.last));
      return;
    }
    this.series.update(this.type === 'line' || this.type === 'area' ? closeOf(bar) : ohlc(bar));
  }
}
