import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlanRequest, OwnPlanRequest, PlansResponse } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const planKeys = {
  plans: ['plans'] as const,
  adminRequests: ['admin', 'plan-requests'] as const,
};

/** GET /plans: the plans side by side, the grid's rows and the caller's latest request. */
export function usePlans() {
  // Fetched each time the dialog opens: an operator may have decided the request meanwhile.
  return useQuery({ queryKey: planKeys.plans, queryFn: () => http.get<PlansResponse>('/plans'), staleTime: 0 });
}

/** POST /plans/request: asks the back office to move the caller to another plan. */
export function useRequestPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => http.post<{ status: string; message: string; data: OwnPlanRequest }>('/plans/request', { plan_id: planId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.plans }),
  });
}

/** Back office: every plan request, newest first. */
export function usePlanRequests() {
  return useQuery({
    queryKey: planKeys.adminRequests,
    queryFn: async () => (await http.get<{ data: AdminPlanRequest[] }>('/admin/plan_requests')).data,
  });
}

export type PlanDecision = { id: number } & ({ approve: true } | { approve: false; reason: string });

export function useDecidePlanRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: PlanDecision) =>
      d.approve
        ? http.post<{ message: string }>(`/admin/plan_requests/${d.id}/approve`, {})
        : http.post<{ message: string }>(`/admin/plan_requests/${d.id}/reject`, { reason: d.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.adminRequests }),
  });
}
