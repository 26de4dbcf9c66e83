import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderCosts } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { useDebounced } from '@/hooks/use-debounced';

/**
 * GET /trades/costs: what an order of `lots` would cost the selected account (spread, commission on
 * each side, a night's swap), asked once typing pauses; the previous answer stays while the next loads.
 */
export function useOrderCosts(assetId: number | null, lots: number, accountId: number | null) {
  const settled = useDebounced(lots, 300);
  return useQuery({
    queryKey: ['order-costs', assetId, settled, accountId],
    queryFn: () => {
      const params = new URLSearchParams({ id: String(assetId), volume: String(settled), ...(accountId ? { account_id: String(accountId) } : {}) });
      return http.get<{ data: OrderCosts }>(`/trades/costs?${params}`).then((r) => r.data);
    },
    enabled: assetId !== null && settled > 0,
    placeholderData: keepPreviousData,
    // Commission and swaps change with the group's terms, not the tick: a minute-old answer is fine.
    staleTime: 60_000,
    retry: false,
  });
}
