import { defaultIndicatorParams, type Indicator, type IndicatorColor, indicatorColors, type IndicatorKind, indicatorKinds, indicatorParams, MAX_INDICATORS } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** Where an indicator is drawn: over the candles, or in a pane of its own below them. */
export type Placement = 'price' | 'pane';

type Info = {
  /** The short name traders know it by, the same in every language (VWAP, RSI); null: its name, translated. */
  code: string | null;
  name: string;
  placement: Placement;
  /** Computed from traded volume: only where the instrument's candles carry some. */
  volume?: true;
};

/** The indicators of the list, in its order: those over the price first, then those in panes. */
export const indicatorInfo: Record<IndicatorKind, Info> = {
  sma: { code: 'SMA', name: msg('Simple moving average'), placement: 'price' },
  ema: { code: 'EMA', name: msg('Exponential moving average'), placement: 'price' },
  wma: { code: 'WMA', name: msg('Weighted moving average'), placement: 'price' },
  bollinger: { code: 'BB', name: msg('Bollinger Bands'), placement: 'price' },
  vwap: { code: 'VWAP', name: msg('Volume-weighted average price'), placement: 'price', volume: true },
  ichimoku: { code: 'Ichimoku', name: msg('Ichimoku Cloud'), placement: 'price' },
  psar: { code: 'SAR', name: msg('Parabolic SAR'), placement: 'price' },
  volume: { code: null, name: msg('Volume'), placement: 'price', volume: true },
  rsi: { code: 'RSI', name: msg('Relative Strength Index'), placement: 'pane' },
  macd: { code: 'MACD', name: msg('Moving Average Convergence Divergence'), placement: 'pane' },
  stochastic: { code: 'STOCH', name: msg('Stochastic oscillator'), placement: 'pane' },
  atr: { code: 'ATR', name: msg('Average True Range'), placement: 'pane' },
  adx: { code: 'ADX', name: msg('Average Directional Index'), placement: 'pane' },
  cci: { code: 'CCI', name: msg('Commodity Channel Index'), placement: 'pane' },
};

/** The list's order. */
export const listedKinds: IndicatorKind[] = [...indicatorKinds].sort(
  (a, b) => Number(indicatorInfo[a].placement === 'pane') - Number(indicatorInfo[b].placement === 'pane'),
);

const paramNames: Record<string, string> = {
  period: msg('Period (bars)'),
  deviations: msg('Standard deviations'),
  conversion: msg('Conversion line period'),
  base: msg('Base line period'),
  span: msg('Leading span B period'),
  displacement: msg('Displacement'),
  step: msg('Step'),
  max: msg('Maximum'),
  fast: msg('Fast period'),
  slow: msg('Slow period'),
  signal: msg('Signal period'),
};
const stochasticNames: Record<string, string> = { period: msg('%K period'), signal: msg('%D period') };

/** The name of one of an indicator's settings, shown with `t()`. */
export function paramName(kind: IndicatorKind, param: string): string {
  return (kind === 'stochastic' ? stochasticNames[param] : undefined) ?? paramNames[param] ?? param;
}

export const colorNames: Record<IndicatorColor, string> = {
  blue: msg('Blue'),
  orange: msg('Orange'),
  purple: msg('Purple'),
  teal: msg('Teal'),
  pink: msg('Pink'),
  yellow: msg('Yellow'),
  red: msg('Red'),
  green: msg('Green'),
};

/**
 * Each colour's shade on the dark theme and on the light one: a line in it stands out from the
 * chart's background by at least 3:1 (WCAG non-text contrast) on the theme it is drawn on.
 */
export const palette: Record<'dark' | 'light', Record<IndicatorColor, string>> = {
  dark: { blue: '#60a5fa', orange: '#fb923c', purple: '#c084fc', teal: '#2dd4bf', pink: '#f472b6', yellow: '#facc15', red: '#f87171', green: '#4ade80' },
  light: { blue: '#1d4ed8', orange: '#c2410c', purple: '#7e22ce', teal: '#0f766e', pink: '#be185d', yellow: '#a16207', red: '#b91c1c', green: '#15803d' },
};

/** The colour `steps` after `color` in the palette: the other lines of an indicator that draws several. */
export function companion(color: IndicatorColor, steps: number): IndicatorColor {
  return indicatorColors[(indicatorColors.indexOf(color) + steps) % indicatorColors.length]!;
}

/** The label of an indicator on the chart: its code and settings, "EMA 20", "MACD 12 26 9". */
export function indicatorLabel(indicator: Indicator, t: (key: string) => string): string {
  const info = indicatorInfo[indicator.kind];
  // In the settings' own order: the stored object's key order is the database's.
  return [info.code ?? t(info.name), ...Object.keys(indicatorParams[indicator.kind]).map((key) => String(indicator.params[key]))].join(' ');
}

/** A new indicator of `kind` with its default settings, in the first colour the instrument's others do not use. */
export function newIndicator(kind: IndicatorKind, existing: readonly Indicator[]): Indicator {
  const used = new Set(existing.map((i) => i.color));
  const color = indicatorColors.find((c) => !used.has(c)) ?? indicatorColors[existing.length % indicatorColors.length]!;
  const ids = new Set(existing.map((i) => i.id));
  let id: string;
  do id = Math.random().toString(36).slice(2, 10);
  while (ids.has(id));
  return { id, kind, color, params: defaultIndicatorParams(kind) };
}

/** Whether another indicator may be added to an instrument that has `count`. */
export const canAddIndicator = (count: number) => count < MAX_INDICATORS;

/**
 * The kinds a search matches: by code, by name in the language shown and in English (traders
 * often search for the English name), every word of the query somewhere.
 */
export function matchIndicators(query: string, t: (key: string) => string): IndicatorKind[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return listedKinds.filter((kind) => {
    const info = indicatorInfo[kind];
    const text = `${info.code ?? ''} ${t(info.name)} ${info.name}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}
