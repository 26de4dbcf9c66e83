import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentStatus, VerificationKind, VerificationOverview, VerificationQueue, VerificationReview } from '@bourse/contract';
import { i18next } from '@/i18n/i18n';
import { ApiError, apiUrl, authHeaders, http } from '@/lib/api-client';

export const verificationKeys = {
  own: ['verification'] as const,
  queue: (status: DocumentStatus) => ['admin', 'verification', 'queue', status] as const,
  queueRoot: ['admin', 'verification'] as const,
  review: (userId: number) => ['admin', 'verification', 'review', userId] as const,
};

/** GET /verification: the caller's four documents and the overall status. */
export function useVerification() {
  return useQuery({ queryKey: verificationKeys.own, queryFn: async () => (await http.get<{ data: VerificationOverview }>('/verification')).data });
}

/**
 * POST /verification/documents as multipart with upload progress (fetch cannot report it, so XHR).
 * Resolves with the new overview; rejects with the server's message.
 */
export function uploadDocument(kind: VerificationKind, file: File, onProgress: (percent: number) => void): Promise<VerificationOverview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = apiUrl('/verification/documents');
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText) as { data?: VerificationOverview; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) return resolve(body.data);
      console.error('API error', { status: xhr.status, statusText: xhr.statusText, data: body, url, method: 'POST' });
      const message = body?.message ?? (xhr.status === 413 ? i18next.t('The file is too large.') : i18next.t('The upload failed. Please try again.'));
      reject(new ApiError(xhr.status, message, { message }));
    };
    xhr.onerror = () => reject(new ApiError(0, i18next.t('Could not reach the server.'), null));
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Uploads one document and puts the answer in the cache. */
export function useUploadDocument(kind: VerificationKind, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(kind, file, onProgress),
    onSuccess: (data) => queryClient.setQueryData(verificationKeys.own, data),
  });
}

/** Back office: customers in one verification state, with the count of each state. */
export function useVerificationQueue(status: DocumentStatus) {
  return useQuery({
    queryKey: verificationKeys.queue(status),
    queryFn: () => http.get<VerificationQueue>(`/admin/verification?status=${status}`),
  });
}

export function useVerificationReview(userId: number) {
  return useQuery({
    queryKey: verificationKeys.review(userId),
    queryFn: async () => (await http.get<{ data: VerificationReview }>(`/admin/verification/users/${userId}`)).data,
  });
}

export type DocumentDecision = { id: number } & ({ approve: true } | { approve: false; reason: string });

/** Approves or rejects one document; the answer is the customer's refreshed review. */
export function useDecideDocument(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: DocumentDecision) =>
      d.approve
        ? http.post<{ data: VerificationReview; message: string }>(`/admin/verification/documents/${d.id}/approve`, {})
        : http.post<{ data: VerificationReview; message: string }>(`/admin/verification/documents/${d.id}/reject`, { reason: d.reason }),
    onSuccess: (res) => queryClient.setQueryData(verificationKeys.review(userId), res.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.queueRoot, exact: false, predicate: (q) => q.queryKey[2] === 'queue' }),
  });
}
