import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Asset, instrumentFeedConfig, PriceFeedsConfigView, PriceFeedsView } from '@bourse/contract';
import type { z } from 'zod';
import { http } from '@/lib/api-client';

/** How often the health view is refreshed: a stall shows within this of the router acting on it. */
const REFRESH_MS = 2000;

export const priceFeedsKeys = {
  /** Everything of the page: the live health and the routing read from the file. */
  all: ['admin', 'price-feeds'] as const,
  config: ['admin', 'price-feeds', 'config'] as const,
  assets: (search: string) => ['admin', 'assets', 'search', search] as const,
};

export function usePriceFeeds() {
  return useQuery({
    queryKey: priceFeedsKeys.all,
    queryFn: async () => (await http.get<{ data: PriceFeedsView }>('/admin/price-feeds')).data,
    refetchInterval: REFRESH_MS,
  });
}

/** The routing part of the price sources file: each instrument's sources, markup and execution. */
export function usePriceFeedsConfig() {
  return useQuery({
    queryKey: priceFeedsKeys.config,
    queryFn: async () => (await http.get<{ data: PriceFeedsConfigView }>('/admin/price-feeds/config')).data,
  });
}

/** What the back office sends for an instrument: the file's entry, defaults left to the server. */
export type InstrumentFeedInput = z.input<typeof instrumentFeedConfig>;

/**
 * Sets (`config`) or removes (null: back to the simulator) an instrument's routing. The server
 * writes the file and runs it at once: the routing is replaced by its answer and the live health
 * is fetched again.
 */
export function useSetInstrumentFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ symbol, config }: { symbol: string; config: InstrumentFeedInput | null }) => {
      const path = `/admin/price-feeds/instruments/${encodeURIComponent(symbol)}`;
      const res = config ? await http.put<{ data: PriceFeedsConfigView }>(path, config) : await http.delete<{ data: PriceFeedsConfigView }>(path);
      return res.data;
    },
    onSuccess: (view) => queryClient.setQueryData(priceFeedsKeys.config, view),
    // Also after a refusal: someone may have edited the file meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceFeedsKeys.all }),
  });
}

/** Instruments of the catalogue (enabled or not) whose symbol or name holds `search`: the first page. */
export function useAssetSearch(search: string) {
  return useQuery({
    queryKey: priceFeedsKeys.assets(search),
    queryFn: async () => (await http.get<{ data: Asset[] }>(`/admin/assets?${new URLSearchParams({ search })}`)).data,
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
