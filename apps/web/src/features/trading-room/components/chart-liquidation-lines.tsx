import { useEffect, useRef } from 'react';
import { type IPriceLine, type ISeriesApi, LineStyle, type SeriesType } from 'lightweight-charts';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@bourse/contract';
import { useLiquidationLevels } from '@/features/order-entry/use-liquidation-levels';
import type { ChartColors } from '@/lib/chart-theme';
import { formatPrice } from '@/lib/format';

type Level = 'marginCall' | 'stopOut';
const titles: Record<Level, string> = { marginCall: 'Margin call', stopOut: 'Stop-out' };

/**
 * Where the selected account would reach its margin call and its stop-out on this chart's
 * instrument (`asset`; the selected pair when undefined), given every open position at today's prices: two labelled dashed lines, moved as
 * prices, positions and the balance change; none while the account holds nothing here.
 */
export function ChartLiquidationLines({ series, asset, digits, colors }: { series: ISeriesApi<SeriesType> | null; asset?: Asset | null; digits: number; colors: ChartColors }) {
  const { t } = useTranslation();
  const levels = useLiquidationLevels(undefined, asset);
  const lines = useRef(new Map<Level, IPriceLine>());

  useEffect(() => {
    if (!series) return;
    const made = lines.current;
    return () => {
      for (const line of made.values()) series.removePriceLine(line);
      made.clear();
    };
  }, [series]);

  useEffect(() => {
    if (!series) return;
    for (const level of ['marginCall', 'stopOut'] as const) {
      const price = levels?.[level] ?? null;
      const line = lines.current.get(level);
      if (price === null) {
        if (line) series.removePriceLine(line);
        lines.current.delete(level);
      } else if (line) {
        line.applyOptions({ price });
      } else {
        const color = level === 'stopOut' ? colors.down : colors.warn;
        lines.current.set(level, series.createPriceLine({ price, color, lineWidth: 1, lineStyle: LineStyle.LargeDashed, axisLabelVisible: true, title: t(titles[level]) }));
      }
    }
  }, [series, levels, colors, t]);

  const text = (level: Level) => (levels?.[level] == null ? null : t('{{level}} at {{price}}', { level: t(titles[level]), price: formatPrice(levels[level]!, digits) }));
  return (
    // The lines are drawn on the canvas; their prices are read out here too.
    <p className="sr-only" data-testid="liquidation-levels" data-margin-call={levels?.marginCall ?? ''} data-stop-out={levels?.stopOut ?? ''}>
      {[text('marginCall'), text('stopOut')].filter(Boolean).join('. ')}
    </p>
  );
}
