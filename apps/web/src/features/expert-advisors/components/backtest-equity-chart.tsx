import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import type { BacktestReport } from '@bourse/contract';
import { useChartColors } from '@/hooks/use-chart-colors';
import { chartOptions } from '@/lib/chart-theme';

/** The run's equity over time as a line, in the app's chart theme. */
export function BacktestEquityChart({ equity }: { equity: BacktestReport['equity'] }) {
  const { t } = useTranslation();
  const container = useRef<HTMLElement>(null);
  const colors = useChartColors();
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, chartOptions(colors, { handleScroll: false, handleScale: false }));
    const series = chart.addSeries(LineSeries, { color: colors.brand, lineWidth: 2, priceFormat: { type: 'price', precision: 2, minMove: 0.01 } });
    series.setData(equity.map((p) => ({ time: p.time as UTCTimestamp, value: p.equity })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [equity, colors]);
  // A figure, not an image: the chart library puts its attribution link inside.
  return <figure ref={container} className="h-56 w-full overflow-hidden rounded-lg border border-line" aria-label={t('Equity curve')} />;
}
