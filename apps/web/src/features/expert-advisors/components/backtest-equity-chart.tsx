import { useEffect, useRef } from 'react';
import { createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import type { BacktestReport } from '@bourse/contract';
import { chartTheme, darkChartOptions } from '@/lib/chart-theme';

/** The run's equity over time as a line, in the app's dark chart theme. */
export function BacktestEquityChart({ equity }: { equity: BacktestReport['equity'] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, { ...darkChartOptions, handleScroll: false, handleScale: false });
    const series = chart.addSeries(LineSeries, { color: chartTheme.brand, lineWidth: 2, priceFormat: { type: 'price', precision: 2, minMove: 0.01 } });
    series.setData(equity.map((p) => ({ time: p.time as UTCTimestamp, value: p.equity })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [equity]);
  return <div ref={container} className="h-56 w-full overflow-hidden rounded-lg border border-line" role="img" aria-label="Equity curve" />;
}
