import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminEaInput, adminEaSalesResponse, adminEaSchema } from '@bourse/contract';
import { i18next } from '@/i18n/i18n';
import { apiUrl, authHeaders, http } from '@/lib/api-client';

export type AdminEa = z.infer<typeof adminEaSchema>;
export type AdminEaSales = z.infer<typeof adminEaSalesResponse>;

export const catalogueKeys = { items: ['admin', 'expert_advisors'] as const, sales: ['admin', 'ea_sales'] as const };

export function useCatalogue() {
  return useQuery({ queryKey: catalogueKeys.items, queryFn: () => http.get<{ data: AdminEa[] }>('/admin/expert_advisors').then((r) => r.data) });
}

export function useEaSales() {
  return useQuery({ queryKey: catalogueKeys.sales, queryFn: () => http.get<AdminEaSales>('/admin/ea_sales') });
}

/** The editable part of an item, as PUT and POST take it. */
export function toInput(item: AdminEa): AdminEaInput {
  const { id: _id, rating: _rating, downloads: _downloads, ...input } = item;
  return input;
}

export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AdminEaInput }) =>
      (id ? http.put<{ data: AdminEa }>(`/admin/expert_advisors/${id}`, input) : http.post<{ data: AdminEa }>('/admin/expert_advisors', input)).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.items }),
  });
}

/** Uploads a catalogue picture (PNG, JPEG or WebP); answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(apiUrl('/admin/marketplace/images'), { method: 'POST', headers: authHeaders(), body: form });
  const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!res.ok || !body.url) throw new Error(body.message ?? i18next.t('Could not upload the image'));
  return body.url;
}
