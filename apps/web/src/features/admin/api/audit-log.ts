import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditLogEntry, Paged } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';

/** The audit screen's filters, as kept in the URL (empty: not filtered). */
export type AuditFilters = { actor: string; customer: string; action: string; from: string; to: string; page: number };

export const auditKeys = {
  all: ['admin', 'audit-log'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
  actions: () => [...auditKeys.all, 'actions'] as const,
};

function query({ page, ...filters }: AuditFilters, withPage: boolean): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (withPage) params.set('page', String(page));
  return params.toString();
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: auditKeys.list(filters),
    queryFn: () => http.get<Paged<AuditLogEntry>>(`/admin/audit-log?${query(filters, true)}`),
    placeholderData: keepPreviousData,
  });
}

/** Every action the log holds, for the action filter. */
export function useAuditActions() {
  return useQuery({ queryKey: auditKeys.actions(), queryFn: async () => (await http.get<{ data: string[] }>('/admin/audit-log/actions')).data, staleTime: 60_000 });
}

/** Downloads what the filters select (every page) as audit-log-{today}.csv. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const text = await http.get<string>(`/admin/audit-log/export.csv?${query(filters, false)}`, { headers: { Accept: 'text/csv' } });
      downloadCsv(text, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}
