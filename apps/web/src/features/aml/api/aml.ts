import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSourceOfFunds, AmlHit, AmlHitStatus, AmlSettings, SanctionsList, SanctionsSource } from '@bourse/contract';
import { i18next } from '@/i18n/i18n';
import { apiUrl, http, postForm } from '@/lib/api-client';

export const amlKeys = {
  lists: ['admin', 'aml', 'lists'] as const,
  hits: (status: AmlHitStatus | 'all') => ['admin', 'aml', 'hits', status] as const,
  allHits: ['admin', 'aml', 'hits'] as const,
  settings: ['admin', 'aml', 'settings'] as const,
};

export function useSanctionsLists() {
  return useQuery({ queryKey: amlKeys.lists, queryFn: async () => (await http.get<{ data: SanctionsList[] }>('/admin/aml/lists')).data });
}

type ImportAnswer = { data: SanctionsList; message: string };

/** POST /admin/aml/lists/:source: the list file (and OFAC's aliases), multipart. Rejects with the server's `{message, errors}`. */
async function sendList(source: SanctionsSource, file: File, aliases: File | null): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  if (aliases) body.append('aliases', aliases, aliases.name);
  return postForm<ImportAnswer>(`/admin/aml/lists/${source}`, body, () => i18next.t('The file could not be imported. Please try again.'));
}

export function useImportList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, file, aliases }: { source: SanctionsSource; file: File; aliases: File | null }) => sendList(source, file, aliases),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: amlKeys.lists }),
  });
}

export function useAmlHits(status: AmlHitStatus | 'all') {
  return useQuery({
    queryKey: amlKeys.hits(status),
    queryFn: async () => (await http.get<{ data: AmlHit[] }>(status === 'all' ? '/admin/aml/hits' : `/admin/aml/hits?status=${status}`)).data,
  });
}

export type HitDecision = { id: number; decision: 'clear' | 'confirm'; reason: string };

export function useDecideHit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: HitDecision) => http.post<{ data: AmlHit; message: string }>(`/admin/aml/hits/${id}/${decision}`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: amlKeys.allHits }),
  });
}

export function useAmlSettings() {
  return useQuery({ queryKey: amlKeys.settings, queryFn: async () => (await http.get<{ data: AmlSettings }>('/admin/aml/settings')).data });
}

export function useUpdateAmlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<AmlSettings>) => http.put<{ data: AmlSettings; message: string }>('/admin/aml/settings', patch),
    onSuccess: (answer) => queryClient.setQueryData(amlKeys.settings, answer.data),
  });
}

/** A declaration as the shared request queue shows it: the customer's name as `name`. */
export type QueuedDeclaration = AdminSourceOfFunds & { name: string };
const sourceOfFundsKey = ['admin', 'aml', 'source-of-funds'] as const;

/** Back office: source-of-funds declarations, waiting ones first. */
export function useSourceOfFundsDeclarations() {
  return useQuery({
    queryKey: sourceOfFundsKey,
    queryFn: async (): Promise<QueuedDeclaration[]> => (await http.get<{ data: AdminSourceOfFunds[] }>('/admin/aml/source-of-funds')).data.map((d) => ({ ...d, name: d.customer })),
  });
}

/** The supporting document's download (fetched with the session's token; the download is audited). */
export const declarationDocumentUrl = (id: number) => apiUrl(`/source-of-funds/${id}/document`);

export type DeclarationDecision = { id: number } & ({ approve: true } | { approve: false; reason: string });

export function useDecideSourceOfFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: DeclarationDecision) =>
      d.approve
        ? http.post<{ message: string }>(`/admin/aml/source-of-funds/${d.id}/approve`, {})
        : http.post<{ message: string }>(`/admin/aml/source-of-funds/${d.id}/reject`, { reason: d.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sourceOfFundsKey }),
  });
}
