import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerFigures, CustomerGroup, DailyPnlRow, DeskAccounts, Exposure, Hedge, HedgeRule, HedgeRuleInput, ManualHedgeInput, Paged, ToxicFlag } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';

export type DeskPeriod = { from: string; to: string };

/** Query keys of the dealing desk; everything under `root` is read again when the desk's channel says so. */
export const deskKeys = {
  root: ['admin', 'desk'] as const,
  exposure: (accounts: DeskAccounts) => ['admin', 'desk', 'exposure', accounts] as const,
  rules: ['admin', 'desk', 'rules'] as const,
  hedges: (page: number) => ['admin', 'desk', 'hedges', page] as const,
  customers: (period: DeskPeriod) => ['admin', 'desk', 'customers', period] as const,
  toxic: (period: DeskPeriod) => ['admin', 'desk', 'toxic', period] as const,
  daily: (period: DeskPeriod, accounts: DeskAccounts) => ['admin', 'desk', 'daily', period, accounts] as const,
  groups: ['admin', 'desk', 'groups'] as const,
};

const periodQuery = ({ from, to }: DeskPeriod) => new URLSearchParams({ from, to }).toString();

/** The exposure per instrument and asset class; no polling: the desk channel invalidates it. */
export function useExposure(accounts: DeskAccounts) {
  return useQuery({
    queryKey: deskKeys.exposure(accounts),
    queryFn: async () => (await http.get<{ data: Exposure }>(`/admin/desk/exposure?accounts=${accounts}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useHedgeRules() {
  return useQuery({ queryKey: deskKeys.rules, queryFn: async () => (await http.get<{ data: HedgeRule[] }>('/admin/desk/hedge-rules')).data });
}

/** Sets an instrument's rule (`body`), or removes it (null). */
export function useSetHedgeRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ assetId, body }: { assetId: number; body: HedgeRuleInput | null }) =>
      body ? (await http.put<{ data: HedgeRule }>(`/admin/desk/hedge-rules/${assetId}`, body)).data : await http.delete<{ message: string }>(`/admin/desk/hedge-rules/${assetId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.root }),
  });
}

export function useHedges(page: number) {
  return useQuery({ queryKey: deskKeys.hedges(page), queryFn: () => http.get<Paged<Hedge>>(`/admin/desk/hedges?page=${page}`), placeholderData: keepPreviousData });
}

export function usePlaceHedge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ManualHedgeInput) => (await http.post<{ data: Hedge }>('/admin/desk/hedges', body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.root }),
  });
}

export function useTopCustomers(period: DeskPeriod) {
  return useQuery({
    queryKey: deskKeys.customers(period),
    queryFn: async () => (await http.get<{ data: { by_pnl: CustomerFigures[]; by_volume: CustomerFigures[] } }>(`/admin/desk/top-customers?${periodQuery(period)}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useToxicFlow(period: DeskPeriod) {
  return useQuery({
    queryKey: deskKeys.toxic(period),
    queryFn: async () => (await http.get<{ data: { within_seconds: number; min_trades: number; min_win_rate: number; flags: ToxicFlag[] } }>(`/admin/desk/toxic-flow?${periodQuery(period)}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useDailyPnl(period: DeskPeriod, accounts: DeskAccounts) {
  return useQuery({
    queryKey: deskKeys.daily(period, accounts),
    queryFn: async () => (await http.get<{ data: { rows: DailyPnlRow[]; snapshots: string[] } }>(`/admin/desk/reports/daily?${periodQuery(period)}&accounts=${accounts}`)).data,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the period's daily P&L as CSV. */
export function useExportDailyPnl() {
  return useMutation({
    mutationFn: async ({ period, accounts }: { period: DeskPeriod; accounts: DeskAccounts }) => {
      const text = await http.get<string>(`/admin/desk/reports/daily.csv?${periodQuery(period)}&accounts=${accounts}`, { headers: { Accept: 'text/csv' } });
      downloadCsv(text, `desk-pnl-${period.from}-${period.to}.csv`);
    },
  });
}

/** The groups a dealer may move a customer to. */
export function useDeskGroups() {
  return useQuery({ queryKey: deskKeys.groups, queryFn: async () => (await http.get<{ data: CustomerGroup[] }>('/admin/desk/groups')).data, staleTime: 60_000 });
}

/** Moves a trading account to another group from the desk; the desk's lists are read again. */
export function useMoveToGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, groupId }: { accountId: number; groupId: number }) =>
      (await http.put<{ data: CustomerGroup }>(`/admin/accounts/${accountId}/group`, { group_id: groupId })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.root }),
  });
}
