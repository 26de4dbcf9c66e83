import { useEffect, useRef } from 'react';
import { ColorType, createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import type { BacktestReport } from '@bourse/contract';

const theme = { bg: '#0b1220', grid: '#16213a', text: '#8b9bb8', line: '#22304d', brand: '#0ea5e9' };

/** The run's equity over time as a line, in the app's dark chart theme. */
export function BacktestEquityChart({ equity }: { equity: BacktestReport['equity'] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: theme.bg }, textColor: theme.text, fontSize: 11 },
      grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
      rightPriceScale: { borderColor: theme.line },
      timeScale: { borderColor: theme.line, timeVisible: true, secondsVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(LineSeries, { color: theme.brand, lineWidth: 2, priceFormat: { type: 'price', precision: 2, minMove: 0.01 } });
    series.setData(equity.map((p) => ({ time: p.time as UTCTimestamp, value: p.equity })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [equity]);
  return <div ref={container} className="h-56 w-full overflow-hidden rounded-lg border border-line" role="img" aria-label="Equity curve" />;
}
