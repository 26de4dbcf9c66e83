import { useQuery } from '@tanstack/react-query';
import type { AccountHistory, HistoryRange } from '@bourse/contract';
import { tradeKeys } from '@/features/positions/api/get-trades';
import { http } from '@/lib/api-client';

/** The account's balance over the range, realised P&L and latest entries; under the trades root, so a closed trade refreshes it. */
export function useAccountHistory(accountId: number, range: HistoryRange) {
  return useQuery({
    queryKey: [...tradeKeys.all, 'history', accountId, range],
    queryFn: async () => (await http.get<{ data: AccountHistory }>(`/accounts/${accountId}/history?range=${range}`)).data,
    placeholderData: (previous) => previous,
  });
}

/** How many positions the account holds open (the first page's total). */
export function useOpenPositionCount(accountId: number) {
  return useQuery({
    queryKey: [...tradeKeys.list('open', accountId), 'count'],
    queryFn: async () => (await http.get<{ meta: { total: number } }>(`/open/trades?page=1&account_id=${accountId}`)).meta.total,
  });
}
