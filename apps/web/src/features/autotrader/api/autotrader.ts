import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAutotraderRequest, AutotraderRisk } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

type Answer = { status: string; message: string };

/** SPEC §7 POST /update/autotrader: asks for the Auto Trader at a risk level. */
export function useRequestAutotrader() {
  return useMutation({ mutationFn: (risk: AutotraderRisk) => http.post<Answer>('/update/autotrader', { autotrader_type: risk }) });
}

/** Switches a running Auto Trader off, then refreshes the user (its `autotrader` flag). */
export function useSwitchOffAutotrader() {
  const fetchUser = useSession((s) => s.fetchUser);
  return useMutation({
    mutationFn: () => http.post<Answer>('/autotrader/off', {}),
    onSuccess: async () => {
      await fetchUser();
    },
  });
}

const requestsKey = ['admin', 'autotrader-requests'] as const;

/** Back office: every Auto Trader request, newest first. */
export function useAutotraderRequests() {
  return useQuery({
    queryKey: requestsKey,
    queryFn: async () => (await http.get<{ data: AdminAutotraderRequest[] }>('/admin/autotrader_requests')).data,
  });
}

export type Decision = { id: number } & ({ approve: true } | { approve: false; reason: string });

export function useDecideAutotraderRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      d.approve ? http.post<Answer>(`/admin/autotrader_requests/${d.id}/approve`, {}) : http.post<Answer>(`/admin/autotrader_requests/${d.id}/reject`, { reason: d.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}
