import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetType, CustomerGroup, GroupInput, Paged, SwapRate, SwapRateInput } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { clientKeys } from './clients';

export type SwapRateFilters = { search: string; type: AssetType | ''; custom: boolean; page: number };

/** Query keys of the dealing desk's back-office screens. */
export const dealingKeys = {
  groups: ['admin', 'groups'] as const,
  swapRates: ['admin', 'swap-rates'] as const,
  swapRatePage: (filters: SwapRateFilters) => ['admin', 'swap-rates', filters] as const,
};

/** Every customer group with the number of accounts in it. */
export function useGroups() {
  return useQuery({ queryKey: dealingKeys.groups, queryFn: async () => (await http.get<{ data: CustomerGroup[] }>('/admin/groups')).data });
}

/** Creates a group (`id` null) or replaces a group's terms. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: GroupInput }) =>
      (id === null ? await http.post<{ data: CustomerGroup }>('/admin/groups', body) : await http.put<{ data: CustomerGroup }>(`/admin/groups/${id}`, body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealingKeys.groups }),
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/admin/groups/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealingKeys.groups }),
  });
}

/** Moves a trading account to another group: the client's details and the groups' counts are fetched again. */
export function useMoveAccount(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, groupId }: { accountId: number; groupId: number }) =>
      (await http.put<{ data: CustomerGroup }>(`/admin/accounts/${accountId}/group`, { group_id: groupId })).data,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }), queryClient.invalidateQueries({ queryKey: dealingKeys.groups })]),
  });
}

function swapRatesPath({ search, type, custom, page }: SwapRateFilters): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (type) params.set('type', type);
  if (custom) params.set('custom', 'true');
  params.set('page', String(page));
  return `/admin/swap-rates?${params}`;
}

/** A page of instruments with their swap terms, searched and filtered. */
export function useSwapRates(filters: SwapRateFilters) {
  return useQuery({
    queryKey: dealingKeys.swapRatePage(filters),
    queryFn: () => http.get<Paged<SwapRate>>(swapRatesPath(filters)),
    placeholderData: keepPreviousData,
  });
}

/** Sets an instrument's swap terms (`body`), or removes them (null: back to the default, no swap). */
export function useSetSwapRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ symbol, body }: { symbol: string; body: SwapRateInput | null }) => {
      const path = `/admin/swap-rates/${encodeURIComponent(symbol)}`;
      return (body ? await http.put<{ data: SwapRate }>(path, body) : await http.delete<{ data: SwapRate }>(path)).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealingKeys.swapRates }),
  });
}
