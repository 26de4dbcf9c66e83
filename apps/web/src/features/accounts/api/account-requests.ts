import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccountRequest } from '@bourse/contract';
import { http } from '@/lib/api-client';

const requestsKey = ['admin', 'account-requests'] as const;

const fetchRequests = () => http.get<{ data: AdminAccountRequest[]; counts: { pending: number } }>('/admin/account_requests');

/** Back office: the live accounts held for review, newest first. */
export function useAccountRequests() {
  return useQuery({ queryKey: requestsKey, queryFn: fetchRequests, select: (r) => r.data });
}

/** How many live accounts wait for a decision (the same request as the list). */
export function useWaitingAccountCount() {
  return useQuery({ queryKey: requestsKey, queryFn: fetchRequests, select: (r) => r.counts.pending });
}

export type AccountDecision = { id: number } & ({ approve: true } | { approve: false; reason: string });

export function useDecideAccountRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: AccountDecision) =>
      d.approve
        ? http.post<{ message: string }>(`/admin/account_requests/${d.id}/approve`, {})
        : http.post<{ message: string }>(`/admin/account_requests/${d.id}/reject`, { reason: d.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}
