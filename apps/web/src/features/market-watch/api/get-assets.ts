import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@bourse/contract';
import { msg } from '@/i18n/i18n';
import { http } from '@/lib/api-client';

/** Shown with `t()`. */
export const ASSETS_ERROR = msg('Failed to fetch assets. Please try again later.');

export const assetKeys = {
  all: ['assets'] as const,
  list: () => [...assetKeys.all, 'list'] as const,
};

/** GET /assets: every tradable instrument with its current values (SPEC §7). */
export async function getAssets(): Promise<Asset[]> {
  const { data } = await http.get<{ data: Asset[] }>('/assets');
  return data;
}

/** The catalogue; the price socket's data:all replaces it in place, ticks never touch it. */
export function useAssets() {
  return useQuery({ queryKey: assetKeys.list(), queryFn: getAssets, staleTime: Infinity, retry: false });
}
