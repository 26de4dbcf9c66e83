import { ColorType, type DeepPartial, type TimeChartOptions } from 'lightweight-charts';

/** The colours charts are drawn in, taken from the theme's CSS variables (hex in index.css). */
export type ChartColors = { bg: string; grid: string; text: string; line: string; up: string; down: string; brand: string; warn: string };

// The muted colour draws the axis labels; named apart, as it is a colour and not words.
const MUTED_VARIABLE = '--color-muted';
const MUTED_FALLBACK = '#8b9bb8';

const variables: Record<keyof ChartColors, string> = {
  bg: '--color-bg',
  grid: '--color-panel-2',
  text: MUTED_VARIABLE,
  line: '--color-line',
  up: '--color-up',
  down: '--color-down',
  brand: '--color-brand',
  warn: '--color-warn',
};

/** The SPEC's dark look, for where no document is styled (unit tests, a stylesheet not yet loaded). */
const darkFallback: ChartColors = { bg: '#0b1220', grid: '#16213a', text: MUTED_FALLBACK, line: '#22304d', up: '#22c55e', down: '#f87171', brand: '#0ea5e9', warn: '#f59e0b' };

/** The chart colours of the theme on the document now (the canvas cannot read CSS variables itself). */
export function readChartColors(root: HTMLElement | null = typeof document === 'undefined' ? null : document.documentElement): ChartColors {
  if (!root) return darkFallback;
  const style = getComputedStyle(root);
  const entries = Object.entries(variables).map(([key, name]) => [key, style.getPropertyValue(name).trim() || darkFallback[key as keyof ChartColors]]);
  return Object.fromEntries(entries) as ChartColors;
}

/** Options every chart of the app starts from: sized by its container, times shown as UTC bars. */
export const baseChartOptions: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  layout: { fontSize: 11 },
  timeScale: { timeVisible: true, secondsVisible: false },
};

/** The theme's part of a chart's options; applied again when the theme changes. */
export function chartThemeOptions(c: ChartColors): DeepPartial<TimeChartOptions> {
  return {
    layout: { background: { type: ColorType.Solid, color: c.bg }, textColor: c.text, panes: { separatorColor: c.line } },
    grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
    rightPriceScale: { borderColor: c.line },
    timeScale: { borderColor: c.line },
  };
}

/** Base and theme options in one, for a chart drawn once in the current colours. */
export function chartOptions(c: ChartColors, extra: DeepPartial<TimeChartOptions> = {}): DeepPartial<TimeChartOptions> {
  const theme = chartThemeOptions(c);
  return {
    ...baseChartOptions,
    ...theme,
    ...extra,
    layout: { ...baseChartOptions.layout, ...theme.layout, ...extra.layout },
    timeScale: { ...baseChartOptions.timeScale, ...theme.timeScale, ...extra.timeScale },
  };
}
