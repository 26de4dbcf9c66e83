import { useQuery } from '@tanstack/react-query';
import type { AccountSummaryView } from '@bourse/contract';
import { http } from '@/lib/api-client';

export const accountSummaryKeys = {
  all: ['account-summary'] as const,
  of: (accountId: number | null) => [...accountSummaryKeys.all, accountId] as const,
};

/** GET /account/summary for a trading account (the user's first when null). */
export async function getAccountSummary(accountId: number | null): Promise<AccountSummaryView> {
  const { data } = await http.get<{ data: AccountSummaryView }>(`/account/summary${accountId === null ? '' : `?account_id=${accountId}`}`);
  return data;
}

export function useAccountSummaryQuery(accountId: number | null) {
  return useQuery({ queryKey: accountSummaryKeys.of(accountId), queryFn: () => getAccountSummary(accountId), retry: false });
}
