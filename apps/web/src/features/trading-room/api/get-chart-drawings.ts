import { useQuery } from '@tanstack/react-query';
import type { ChartDrawings } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const drawingKeys = {
  all: ['chart-drawings'] as const,
  of: (assetId: number) => [...drawingKeys.all, assetId] as const,
};

/** GET /chart-drawings/:assetId: the signed-in customer's drawings on the instrument's chart. */
export async function getChartDrawings(assetId: number): Promise<ChartDrawings> {
  return (await http.get<{ data: ChartDrawings }>(`/chart-drawings/${assetId}`)).data;
}

/** The drawings kept for the instrument; saved from this device, they are written here as they change. */
export function useChartDrawings(assetId: number | null) {
  return useQuery({
    queryKey: drawingKeys.of(assetId ?? 0),
    queryFn: () => getChartDrawings(assetId!),
    enabled: assetId !== null,
    // What this device draws is in the cache already; another device's drawings show on the next visit.
    staleTime: Infinity,
    retry: 1,
  });
}
