import { useCallback, useEffect, useRef } from 'react';
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';

/**
 * Removes a chart's replaced series one commit late. Effects elsewhere keep drawing on the series
 * they were handed until the render that hands them its successor commits, and a price arriving
 * in between on a series already removed makes lightweight-charts throw ("Value is null"). So a
 * replaced series is removed in the commit that hands out what replaced it (`handedOut`, the state
 * the effects read), when those effects let go of it too.
 */
export function useSeriesRetirement(chart: IChartApi | null, handedOut: unknown): (series: ISeriesApi<SeriesType>) => void {
  const retired = useRef<ISeriesApi<SeriesType>[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: handedOut changing is the moment to remove what was retired
  useEffect(
    () => () => {
      for (const series of retired.current.splice(0)) {
        try {
          chart?.removeSeries(series);
        } catch {
          // The chart itself was removed first (the room closing): its series went with it.
        }
      }
    },
    [chart, handedOut],
  );
  // Not hidden meanwhile: options applied to a series of a chart being removed throw later, from the chart's next frame.
  return useCallback((series: ISeriesApi<SeriesType>) => {
    retired.current.push(series);
  }, []);
}
