import { useQuery } from '@tanstack/react-query';
import type { ChartLayout, ChartLayoutView } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const chartLayoutKeys = {
  all: ['chart-layout'] as const,
  of: (userId: number) => [...chartLayoutKeys.all, userId] as const,
};

/** GET /chart-layout: the signed-in customer's layout of the room's charts (the default until they save one). */
export async function getChartLayout(): Promise<ChartLayoutView> {
  return (await http.get<{ data: ChartLayoutView }>('/chart-layout')).data;
}

/** PUT /chart-layout: the whole layout, replacing the one kept. */
export async function putChartLayout(layout: ChartLayout): Promise<ChartLayoutView> {
  return (await http.put<{ data: ChartLayoutView }>('/chart-layout', layout)).data;
}

/** The layout kept for the customer; changed on this device, it is written here as it changes. */
export function useChartLayoutQuery(userId: number | null) {
  return useQuery({
    queryKey: chartLayoutKeys.of(userId ?? 0),
    queryFn: getChartLayout,
    enabled: userId !== null,
    // What this device changes is in the cache already; another device's layout shows on the next visit.
    staleTime: Infinity,
    retry: 1,
  });
}
