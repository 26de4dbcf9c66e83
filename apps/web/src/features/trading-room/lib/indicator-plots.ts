import type { Indicator, IndicatorColor } from '@bourse/contract';
import { adx, atr, bollinger, cci, ema, ichimoku, macd, psar, rsi, type Series, sma, stochastic, vwap, wma } from '@bourse/domain/indicators';
import type { FeedBar } from './bar-feed';
import { companion } from './indicator-catalog';

export type PlotPoint = { time: number; value: number; color?: string };

/** One series an indicator draws. */
export type PlotLine = {
  key: string;
  style: 'line' | 'histogram' | 'points';
  color: string;
  width: 1 | 2;
  dashed?: boolean;
  /** Drawn on a scale of its own at the bottom of the pane (volume under the candles). */
  ownScale?: boolean;
  /** Oldest first; bars where the indicator is not defined yet are left out. */
  points: PlotPoint[];
};

/** What an indicator draws, and how its values read. */
export type Plot = {
  lines: PlotLine[];
  /** Reference levels of an oscillator (RSI 30 and 70). */
  levels: number[];
  /** A fixed scale (0 to 100) instead of one fitted to the values. */
  range?: [number, number];
  /** Values in the instrument's digits, with two decimals, or as a volume. */
  format: 'price' | 'fixed' | 'volume';
};

/** Colours a plot is drawn in: the palette's shades on the theme shown, and its up and down colours. */
export type PlotColors = { shades: Record<IndicatorColor, string>; up: string; down: string };

/** `#rrggbb` at an opacity, for bars drawn under or over others. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  return `rgba(${Number.parseInt(m[1]!, 16)}, ${Number.parseInt(m[2]!, 16)}, ${Number.parseInt(m[3]!, 16)}, ${alpha})`;
}

/** The time of bar `i`, counting on past the last bar by whole intervals (lines drawn ahead). */
function timeAt(bars: readonly FeedBar[], i: number, tfSeconds: number): number {
  if (i < bars.length) return bars[i]!.time;
  return bars.at(-1)!.time + (i - bars.length + 1) * tfSeconds;
}

/** A series as points, `shift` bars later (negative: earlier), its warm-up and what falls before the first bar left out. */
function points(series: Series, bars: readonly FeedBar[], tfSeconds: number, shift = 0): PlotPoint[] {
  const out: PlotPoint[] = [];
  series.forEach((value, i) => {
    const at = i + shift;
    if (value !== null && Number.isFinite(value) && at >= 0) out.push({ time: timeAt(bars, at, tfSeconds), value });
  });
  return out;
}

/**
 * What `indicator` draws over `bars` (oldest first, `tfSeconds` apart), from the shared indicator
 * library, in `colors`.
 */
export function computePlot(indicator: Indicator, bars: readonly FeedBar[], tfSeconds: number, colors: PlotColors): Plot {
  const p = indicator.params;
  const main = colors.shades[indicator.color];
  const other = (steps: number) => colors.shades[companion(indicator.color, steps)];
  const line = (key: string, series: Series, extra: Partial<PlotLine> = {}): PlotLine => ({
    key,
    style: 'line',
    color: main,
    width: 2,
    points: points(series, bars, tfSeconds),
    ...extra,
  });
  const close = bars.map((b) => b.close);
  const hlc = { high: bars.map((b) => b.high), low: bars.map((b) => b.low), close };
  switch (indicator.kind) {
    case 'sma':
      return { lines: [line('value', sma(close, p.period!))], levels: [], format: 'price' };
    case 'ema':
      return { lines: [line('value', ema(close, p.period!))], levels: [], format: 'price' };
    case 'wma':
      return { lines: [line('value', wma(close, p.period!))], levels: [], format: 'price' };
    case 'bollinger': {
      const bands = bollinger(close, p.period!, p.deviations!);
      return {
        lines: [line('upper', bands.upper, { width: 1 }), line('middle', bands.middle, { width: 1, dashed: true }), line('lower', bands.lower, { width: 1 })],
        levels: [],
        format: 'price',
      };
    }
    case 'vwap':
      return { lines: [line('value', vwap({ ...hlc, volume: bars.map((b) => b.volume ?? 0) }))], levels: [], format: 'price' };
    case 'ichimoku': {
      const cloud = ichimoku(hlc, p.conversion!, p.base!, p.span!);
      // Leading spans drawn ahead and the lagging span back by the displacement less one bar, as
      // the common charting platforms do: with 26, the bar itself and 25 more.
      const shift = p.displacement! - 1;
      return {
        lines: [
          line('conversion', cloud.conversion, { width: 1 }),
          line('base', cloud.base, { width: 1, color: other(1) }),
          { ...line('spanA', cloud.spanA, { width: 1, color: other(2) }), points: points(cloud.spanA, bars, tfSeconds, shift) },
          { ...line('spanB', cloud.spanB, { width: 1, color: other(3) }), points: points(cloud.spanB, bars, tfSeconds, shift) },
          { ...line('lagging', close, { width: 1, color: other(4), dashed: true }), points: points(close, bars, tfSeconds, -shift) },
        ],
        levels: [],
        format: 'price',
      };
    }
    case 'psar':
      return { lines: [line('value', psar(hlc, p.step!, p.max!), { style: 'points', width: 1 })], levels: [], format: 'price' };
    case 'volume': {
      const volume: PlotPoint[] = bars.flatMap((b) =>
        b.volume === undefined ? [] : [{ time: b.time, value: b.volume, color: withAlpha(main, b.close >= b.open ? 0.55 : 0.3) }],
      );
      return { lines: [{ key: 'value', style: 'histogram', color: withAlpha(main, 0.55), width: 1, ownScale: true, points: volume }], levels: [], format: 'volume' };
    }
    case 'rsi':
      return { lines: [line('value', rsi(close, p.period!))], levels: [30, 70], range: [0, 100], format: 'fixed' };
    case 'macd': {
      const m = macd(close, p.fast!, p.slow!, p.signal!);
      const histogram = points(m.histogram, bars, tfSeconds).map((pt) => ({ ...pt, color: withAlpha(pt.value >= 0 ? colors.up : colors.down, 0.5) }));
      return {
        lines: [
          { key: 'histogram', style: 'histogram', color: withAlpha(colors.up, 0.5), width: 1, points: histogram },
          line('macd', m.macd),
          line('signal', m.signal, { width: 1, color: other(1) }),
        ],
        levels: [0],
        format: 'price',
      };
    }
    case 'stochastic': {
      const s = stochastic(hlc, p.period!, p.signal!);
      return { lines: [line('k', s.k), line('d', s.d, { width: 1, color: other(1) })], levels: [20, 80], range: [0, 100], format: 'fixed' };
    }
    case 'atr':
      return { lines: [line('value', atr(hlc, p.period!))], levels: [], format: 'price' };
    case 'adx': {
      const a = adx(hlc, p.period!);
      return {
        lines: [line('adx', a.adx), line('plusDi', a.plusDi, { width: 1, color: colors.up }), line('minusDi', a.minusDi, { width: 1, color: colors.down })],
        levels: [25],
        range: [0, 100],
        format: 'fixed',
      };
    }
    case 'cci':
      return { lines: [line('value', cci(hlc, p.period!))], levels: [-100, 100], format: 'fixed' };
  }
}

/** The value of a line at `time` (a bar's), null where it has none. */
export function valueAt(line: PlotLine, time: number): number | null {
  const pts = line.points;
  let lo = 0;
  let hi = pts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = pts[mid]!.time;
    if (t === time) return pts[mid]!.value;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}
