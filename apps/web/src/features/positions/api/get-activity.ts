import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { ActivityPage } from '@bourse/contract';
import { RETRY_MS } from '@/config/constants';
import { http } from '@/lib/api-client';
import { tradeKeys } from './get-trades';
import { downloadCsv } from '@/lib/download-csv';

/** Under the trade lists' key, so every trade event refreshes the log as it does them. */
const activityKey = (accountId: number | null, search: string) => [...tradeKeys.all, 'activity', accountId, search] as const;

function query(accountId: number | null, search: string, before?: number): string {
  const params = new URLSearchParams();
  if (accountId !== null) params.set('account_id', String(accountId));
  if (search) params.set('search', search);
  if (before) params.set('before', String(before));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The selected account's activity log, newest first, 50 rows a page. */
export function useActivityQuery(accountId: number | null, search: string) {
  return useInfiniteQuery({
    queryKey: activityKey(accountId, search),
    queryFn: ({ pageParam }) => http.get<ActivityPage>(`/account/activity${query(accountId, search, pageParam)}`),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    retry: 1,
    retryDelay: RETRY_MS,
  });
}

/** Downloads the log as the search shows it, as activity-{account number}.csv. */
export function useExportActivity() {
  return useMutation({
    mutationFn: async ({ accountId, accountNumber, search }: { accountId: number | null; accountNumber: string; search: string }) =>
      downloadCsv(await http.get<string>(`/account/activity/export.csv${query(accountId, search)}`, { headers: { Accept: 'text/csv' } }), `activity-${accountNumber}.csv`),
  });
}
