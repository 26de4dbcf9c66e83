import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetType, CorporateAction, CorporateActionInput, CustomerGroup, GroupInput, Paged, PlanGroup, SwapRate, SwapRateInput } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { clientKeys } from './clients';

export type SwapRateFilters = { search: string; type: AssetType | ''; custom: boolean; page: number };

/** Query keys of the dealing desk's back-office screens. */
export const dealingKeys = {
  groups: ['admin', 'groups'] as const,
  planGroups: ['admin', 'plan-groups'] as const,
  swapRates: ['admin', 'swap-rates'] as const,
  swapRatePage: (filters: SwapRateFilters) => ['admin', 'swap-rates', filters] as const,
  corporateActions: ['admin', 'corporate-actions'] as const,
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

/** Each plan with the group its customers' new accounts join. */
export function usePlanGroups() {
  return useQuery({ queryKey: dealingKeys.planGroups, queryFn: async () => (await http.get<{ data: PlanGroup[] }>('/admin/plan-groups')).data });
}

/** Points a plan at a group (null: the default group); accounts already open stay in theirs. */
export function useSetPlanGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ planId, groupId }: { planId: number; groupId: number | null }) =>
      (await http.put<{ data: PlanGroup }>(`/admin/plans/${planId}/group`, { group_id: groupId })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealingKeys.planGroups }),
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

/** Every dividend (corporate action) entered, pending or applied. */
export function useCorporateActions() {
  return useQuery({ queryKey: dealingKeys.corporateActions, queryFn: async () => (await http.get<{ data: CorporateAction[] }>('/admin/corporate-actions')).data });
}

export function useAddCorporateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CorporateActionInput) => (await http.post<{ data: CorporateAction }>('/admin/corporate-actions', body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealingKeys.corporateActions }),
  });
}

/** Imports a CSV file's text: every row or none (a 422 names each bad row in `errors.csv`). */
export function useImportCorporateActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) => (await http.post<{ data: CorporateAction[] }>('/admin/corporate-actions/import', { csv })).data,
    onSuccess: (data) => queryClient.setQueryData(dealingKeys.corporateActions, data),
  });
}

/** Removes an action not yet applied (409 once it has been). */
export function useRemoveCorporateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/admin/corporate-actions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealingKeys.corporateActions }),
  });
}
