import { useMemo } from 'react';
import { type ChartColors, readChartColors } from '@/lib/chart-theme';
import { useTheme } from '@/stores/theme-store';

/** The chart colours of the current theme, new each time the theme switches. */
export function useChartColors(): ChartColors {
  const theme = useTheme((s) => s.theme);
  // The store marks the document before it announces the theme, so the variables already hold it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme changes what readChartColors reads
  return useMemo(() => readChartColors(), [theme]);
}
