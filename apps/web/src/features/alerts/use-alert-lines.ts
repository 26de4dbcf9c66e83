import { useEffect, useMemo } from 'react';
import { type ISeriesApi, LineStyle, type SeriesType } from 'lightweight-charts';
import { useTranslation } from 'react-i18next';
import type { ChartColors } from '@/lib/chart-theme';
import { useAlerts } from './api/alerts';

/** The level of each watching (or paused) alert on `assetId`, drawn as a dashed line on the chart; returns how many. */
export function useAlertLines(series: ISeriesApi<SeriesType> | null, assetId: number | null, colors: ChartColors): number {
  const { t } = useTranslation();
  const alerts = useAlerts(assetId !== null).data?.data;
  const levels = useMemo(
    () => (alerts ?? []).filter((a) => a.asset_id === assetId && a.kind === 'level' && a.level !== null && (a.status === 'active' || a.status === 'paused')),
    [alerts, assetId],
  );
  useEffect(() => {
    if (!series) return;
    const lines = levels.map((a) =>
      series.createPriceLine({
        price: a.level!,
        color: a.status === 'paused' ? colors.text : colors.warn,
        lineWidth: 1,
        lineStyle: a.status === 'paused' ? LineStyle.SparseDotted : LineStyle.Dashed,
        axisLabelVisible: true,
        title: `${t('Alert')} ${a.direction === 'above' ? '▲' : '▼'}${a.status === 'paused' ? ` ${t('(paused)')}` : ''}`,
      }),
    );
    return () => {
      for (const line of lines) series.removePriceLine(line);
    };
  }, [series, levels, colors, t]);
  return levels.length;
}
