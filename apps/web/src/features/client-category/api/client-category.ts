import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProfessionalRequest, ClientCategoryOverview } from '@bourse/contract';
import { i18next } from '@/i18n/i18n';
import { apiUrl, http, postForm } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

export const clientCategoryKeys = {
  own: ['client-category'] as const,
  queue: ['admin', 'professional-requests'] as const,
};

type Answer = { data: ClientCategoryOverview; message: string };

/** GET /client-category: the caller's category and their latest request to be treated as professional. */
export function useClientCategory() {
  return useQuery({ queryKey: clientCategoryKeys.own, queryFn: async () => (await http.get<{ data: ClientCategoryOverview }>('/client-category')).data });
}

/** The questionnaire's answers as the form holds them (text, as typed). */
export type ProfessionalForm = { trades_per_quarter: string; portfolio_eur: string; sector_years: string; sector_role: string; acknowledged: boolean };

/** POST /client-category/professional: the answers and the evidence files, multipart. Rejects with the server's `{message, errors}`. */
async function sendRequest(form: ProfessionalForm, files: File[]): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.append(name, String(value));
  for (const file of files) body.append('evidence', file, file.name);
  return postForm<Answer>('/client-category/professional', body, (status) => (status === 413 ? i18next.t('A file is larger than 8 MB.') : i18next.t('The request could not be sent. Please try again.')));
}

/** Sends the request and puts the answer in the cache. */
export function useRequestProfessional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, files }: { form: ProfessionalForm; files: File[] }) => sendRequest(form, files),
    onSuccess: (answer) => queryClient.setQueryData(clientCategoryKeys.own, answer.data),
  });
}

/** POST /client-category/retail: back to retail at once; the user (their category) is read again. */
export function useRevertToRetail() {
  const queryClient = useQueryClient();
  const fetchUser = useSession((s) => s.fetchUser);
  return useMutation({
    mutationFn: () => http.post<Answer>('/client-category/retail', {}),
    onSuccess: async (answer) => {
      queryClient.setQueryData(clientCategoryKeys.own, answer.data);
      await fetchUser();
    },
  });
}

/** The download link of an evidence file (fetched with the session's token). */
export const evidenceUrl = (id: number) => apiUrl(`/client-category/evidence/${id}/download`);

/** Back office: every request to be treated as professional, newest first. */
export function useProfessionalRequests() {
  return useQuery({
    queryKey: clientCategoryKeys.queue,
    queryFn: async () => (await http.get<{ data: AdminProfessionalRequest[] }>('/admin/professional_requests')).data,
  });
}

export type ProfessionalDecision = { id: number } & ({ approve: true } | { approve: false; reason: string });

export function useDecideProfessionalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: ProfessionalDecision) =>
      d.approve
        ? http.post<{ message: string }>(`/admin/professional_requests/${d.id}/approve`, {})
        : http.post<{ message: string }>(`/admin/professional_requests/${d.id}/reject`, { reason: d.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientCategoryKeys.queue }),
  });
}
