import { useQuery } from '@tanstack/react-query';
import type { Candle, Timeframe } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const candleKeys = {
  all: ['candles'] as const,
  of: (assetId: number, tf: Timeframe) => [...candleKeys.all, assetId, tf] as const,
};

/** GET /assets/:id/candles: the latest bars of a timeframe, oldest first, `time` in UTC seconds; from `from` on when given. */
export async function getCandles(assetId: number, tf: Timeframe, from?: number): Promise<Candle[]> {
  const { data } = await http.get<{ data: Candle[] }>(`/assets/${assetId}/candles?tf=${tf}${from === undefined ? '' : `&from=${from}`}`);
  return data;
}

export function useCandles(assetId: number | null, tf: Timeframe) {
  return useQuery({
    queryKey: candleKeys.of(assetId ?? 0, tf),
    queryFn: () => getCandles(assetId!, tf),
    enabled: assetId !== null,
    staleTime: 0,
    gcTime: 60_000,
    retry: 1,
  });
}
