import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertInput, AlertSettings } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const alertsKey = ['alerts'] as const;

export type AlertList = { data: Alert[]; meta: { active: number; limit: number } };

/** The customer's alerts, newest first; `alert.changed` events refresh it (see useAlertEvents). */
export function useAlerts(enabled = true) {
  return useQuery({ queryKey: alertsKey, queryFn: () => http.get<AlertList>('/alerts'), enabled, staleTime: 30_000 });
}

/** Creates an alert, or replaces the condition of `id`. */
export function useSaveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AlertInput | AlertSettings }) =>
      id === null ? http.post<{ data: Alert }>('/alerts', body) : http.put<{ data: Alert }>(`/alerts/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

export type AlertAction = 'pause' | 'resume' | 'delete';

export function useAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: AlertAction }) =>
      action === 'delete' ? http.delete(`/alerts/${id}`) : http.post<{ data: Alert }>(`/alerts/${id}/${action}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
