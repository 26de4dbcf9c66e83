import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Consent, ConsentUpdate, DataExport, ErasureRequest } from '@bourse/contract';
import { apiUrl, http } from '@/lib/api-client';
import { fetchProtectedFile, saveBlob } from '@/lib/protected-file';

export const privacyKeys = {
  consents: ['privacy', 'consents'] as const,
  exports: ['privacy', 'exports'] as const,
};

// While a copy is being built the list is asked again this often, until it is ready or failed.
const BUILDING_POLL_MS = 1500;

export function useConsents() {
  return useQuery({ queryKey: privacyKeys.consents, queryFn: async () => (await http.get<{ data: Consent[] }>('/user/consents')).data });
}

export function useChangeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentUpdate) => http.put<{ data: Consent[]; message: string }>('/user/consents', body),
    onSuccess: ({ data }) => queryClient.setQueryData(privacyKeys.consents, data),
  });
}

export function useDataExports() {
  return useQuery({
    queryKey: privacyKeys.exports,
    queryFn: async () => (await http.get<{ data: DataExport[] }>('/user/data-exports')).data,
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'building') ? BUILDING_POLL_MS : false),
  });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ data: DataExport; message: string }>('/user/data-exports', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.exports }),
  });
}

/** Fetches the copy with the bearer token and hands it to the browser as a file. */
export function useDownloadDataExport() {
  return useMutation({
    mutationFn: async (item: DataExport) => saveBlob(await fetchProtectedFile(apiUrl(`/user/data-exports/${item.id}/download`)), `bourse-data-${item.created_at.slice(0, 10)}.zip`),
  });
}

export function useEraseData() {
  return useMutation({ mutationFn: (body: ErasureRequest) => http.post<{ message: string }>('/user/erasure', body) });
}
