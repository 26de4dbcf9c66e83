import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { priceSocketConfigResponse } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const priceSocketKeys = { config: ['price-socket', 'config'] as const };

/** GET /market/socket: the price socket's API key (SPEC §7 "API key in handshake auth"). */
export async function getPriceSocketKey(): Promise<string> {
  const { data } = await http.get<z.infer<typeof priceSocketConfigResponse>>('/market/socket');
  return data.key;
}

/** The key once known, else null (the feed waits for it). */
export function usePriceSocketKey(): string | null {
  return useQuery({ queryKey: priceSocketKeys.config, queryFn: getPriceSocketKey, staleTime: Infinity, retry: 1 }).data ?? null;
}
