import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClient, AdminClientDetail, AdminNotificationRequest, Paged } from '@bourse/contract';
import { http } from '@/lib/api-client';

export type ClientStatus = AdminClient['status'];
export type ClientFilters = { search: string; status: ClientStatus | ''; page: number };

/** Query keys of the back office's client list and client details. */
export const clientKeys = {
  all: ['admin', 'clients'] as const,
  list: (filters: ClientFilters) => [...clientKeys.all, 'list', filters] as const,
  detail: (id: number) => [...clientKeys.all, 'detail', id] as const,
};

function listPath({ search, status, page }: ClientFilters): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (status) params.set('status', status);
  params.set('page', String(page));
  return `/admin/clients?${params}`;
}

export const getClients = (filters: ClientFilters) => http.get<Paged<AdminClient>>(listPath(filters));
export const getClient = (id: number) => http.get<{ data: AdminClientDetail }>(`/admin/clients/${id}`).then((r) => r.data);

export function useClients(filters: ClientFilters) {
  return useQuery({ queryKey: clientKeys.list(filters), queryFn: () => getClients(filters), placeholderData: keepPreviousData });
}

export function useClient(id: number | null) {
  return useQuery({ queryKey: clientKeys.detail(id ?? 0), queryFn: () => getClient(id!), enabled: id !== null });
}

/** Approve, deactivate or reactivate; the list and the details are refetched. */
export function useSetClientStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ClientStatus) => http.patch<{ data: AdminClientDetail }>(`/admin/clients/${id}/status`, { status }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(clientKeys.detail(id), data);
      return queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}

export function useLoginLink(id: number) {
  return useMutation({ mutationFn: () => http.post<{ data: { url: string; expires_at: string } }>(`/admin/clients/${id}/login-link`, {}).then((r) => r.data) });
}

export function useSignOutClient(id: number) {
  return useMutation({ mutationFn: () => http.post<{ message: string }>(`/admin/clients/${id}/sign-out`, {}) });
}

export function useSendNotification() {
  return useMutation({ mutationFn: (body: AdminNotificationRequest) => http.post<{ message: string; sent: number }>('/admin/notifications', body) });
}
