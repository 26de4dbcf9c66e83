import { useEffect, useRef } from 'react';
import { AreaSeries, createChart, LineSeries } from 'lightweight-charts';
import type { AccountHistory } from '@bourse/contract';
import { useChartColors } from '@/hooks/use-chart-colors';
import { chartOptions } from '@/lib/chart-theme';
import { equitySeries } from './equity-series';
import { useTranslation } from 'react-i18next';

/** The equity line's colour (colors.warn in the chart), for the legend beside it. */
export const equityColor = 'var(--color-warn)';

type Props = {
  points: AccountHistory['points'];
  equityPoints: AccountHistory['equity_points'];
  /** The live equity, which stands in for today's last recorded one. */
  equityNow: number | null;
};

/** The balance at the end of each day as an area and the equity as a line over it, in the app's chart theme. */
export function BalanceChart({ points, equityPoints, equityNow }: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLElement>(null);
  const colors = useChartColors();
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, chartOptions(colors, { handleScroll: false, handleScale: false, timeScale: { timeVisible: false, lockVisibleTimeRangeOnResize: true } }));
    const priceFormat = { type: 'price', precision: 2, minMove: 0.01 } as const;
    // A single day has no area to fill: its point alone reads better than a slab of colour.
    const fill = points.length > 1;
    const balance = chart.addSeries(AreaSeries, {
      lineColor: colors.brand,
      topColor: fill ? `${colors.brand}55` : 'transparent',
      bottomColor: fill ? `${colors.brand}05` : 'transparent',
      lineWidth: 2,
      priceFormat,
      // A young account has only a point or two: show them as dots rather than nothing, and a lone
      // point without the stub of line the chart would draw across its bar.
      pointMarkersVisible: points.length < 3,
      lineVisible: points.length > 1,
    });
    balance.setData(points.map((p) => ({ time: p.date, value: Number(p.balance) })));
    const equity = equitySeries(points, equityPoints, equityNow);
    if (equity.length > 0) {
      const line = chart.addSeries(LineSeries, { color: colors.warn, lineWidth: 2, lineVisible: equity.length > 1, pointMarkersVisible: equity.length < 3, pointMarkersRadius: 3, priceFormat, priceLineVisible: false });
      line.setData(equity);
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, equityPoints, equityNow, colors]);
  return (
    // A figure, not an image: the chart library puts its attribution link inside.
    <figure
      ref={container}
      className="h-56 w-full overflow-hidden rounded-lg sm:h-64"
      aria-label={t('Balance and equity over time')}
      data-points={points.length}
      data-equity-points={equityPoints.length}
    />
  );
}
