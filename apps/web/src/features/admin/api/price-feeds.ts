import { useQuery } from '@tanstack/react-query';
import type { PriceFeedsView } from '@bourse/contract';
import { http } from '@/lib/api-client';

/** How often the health view is refreshed: a stall shows within this of the router acting on it. */
const REFRESH_MS = 2000;

export function usePriceFeeds() {
  return useQuery({
    queryKey: ['admin', 'price-feeds'],
    queryFn: async () => (await http.get<{ data: PriceFeedsView }>('/admin/price-feeds')).data,
    refetchInterval: REFRESH_MS,
  });
}
