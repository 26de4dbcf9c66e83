import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMoneyRequest, DepositWallet, depositWalletInput, MoneyRequest } from '@bourse/contract';
import type { z } from 'zod';
import { http } from '@/lib/api-client';

export type MoneyKind = 'deposit' | 'withdrawal';
/** The queue's filter: what waits for an operator, one final state, or everything. */
export type MoneyFilter = 'waiting' | 'completed' | 'rejected' | 'cancelled' | 'all';
type Queue = { data: AdminMoneyRequest[]; counts: Record<MoneyKind, number> };

export const moneyAdminKeys = {
  all: ['admin', 'money'] as const,
  queue: (kind: MoneyKind, filter: MoneyFilter) => ['admin', 'money', 'queue', kind, filter] as const,
  counts: ['admin', 'money', 'counts'] as const,
  wallets: ['admin', 'deposit_wallets'] as const,
};

const every: MoneyRequest['status'][] = ['requested', 'approved', 'completed', 'rejected', 'cancelled'];

/** The server lists one state at a time (or what waits); "all" gathers every state, newest first. */
async function fetchQueue(kind: MoneyKind, filter: MoneyFilter): Promise<Queue> {
  if (filter === 'waiting') return http.get<Queue>(`/admin/money?kind=${kind}`);
  if (filter !== 'all') return http.get<Queue>(`/admin/money?kind=${kind}&status=${filter}`);
  const parts = await Promise.all(every.map((status) => http.get<Queue>(`/admin/money?kind=${kind}&status=${status}`)));
  return { data: parts.flatMap((p) => p.data).sort((a, b) => b.id - a.id), counts: parts[0]!.counts };
}

export function useMoneyQueue(kind: MoneyKind, filter: MoneyFilter) {
  return useQuery({ queryKey: moneyAdminKeys.queue(kind, filter), queryFn: () => fetchQueue(kind, filter), refetchInterval: 30_000 });
}

/** What waits for an operator, per kind: the tabs' counts and the back-office menu's badge. */
export function useMoneyCounts(enabled = true) {
  return useQuery({
    enabled,
    queryKey: moneyAdminKeys.counts,
    queryFn: async () => (await http.get<Queue>('/admin/money?kind=deposit')).counts,
    refetchInterval: 30_000,
  });
}

export type MoneyDecision =
  | { verb: 'approve'; credited_amount?: number }
  | { verb: 'reject'; reason: string }
  | { verb: 'complete' };

export function useMoneyDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: MoneyDecision }) => {
      const { verb, ...body } = decision;
      return http.post<{ data: MoneyRequest }>(`/admin/money/${id}/${verb}`, verb === 'complete' || Object.keys(body).length === 0 ? undefined : body).then((r) => r.data);
    },
    // Also after a refusal: another operator may have decided the request, the list shows it as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyAdminKeys.all }),
  });
}

export type WalletInput = z.input<typeof depositWalletInput>;

export function useDepositWallets() {
  return useQuery({ queryKey: moneyAdminKeys.wallets, queryFn: async () => (await http.get<{ data: DepositWallet[] }>('/admin/deposit_wallets')).data });
}

export function useSaveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: z.output<typeof depositWalletInput> }) =>
      (id ? http.put<{ data: DepositWallet }>(`/admin/deposit_wallets/${id}`, input) : http.post<{ data: DepositWallet }>('/admin/deposit_wallets', input)).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyAdminKeys.wallets }),
  });
}
