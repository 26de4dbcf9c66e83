import { ColorType, type DeepPartial, type TimeChartOptions } from 'lightweight-charts';

/** The app's dark chart colours, shared by the price chart and the backtest equity curve. */
export const chartTheme = { bg: '#0b1220', grid: '#16213a', text: '#8b9bb8', line: '#22304d', up: '#16a34a', down: '#dc2626', brand: '#0ea5e9' } as const;

/** Options every chart of the app starts from: dark, sized by its container, times shown as UTC bars. */
export const darkChartOptions: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  layout: { background: { type: ColorType.Solid, color: chartTheme.bg }, textColor: chartTheme.text, fontSize: 11 },
  grid: { vertLines: { color: chartTheme.grid }, horzLines: { color: chartTheme.grid } },
  rightPriceScale: { borderColor: chartTheme.line },
  timeScale: { borderColor: chartTheme.line, timeVisible: true, secondsVisible: false },
};
