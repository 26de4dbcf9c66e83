import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpertAdvisor } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

export const marketplaceKeys = { items: ['marketplace', 'items'] as const };

/** GET /expert_advisors: the published catalogue with the caller's ownership. */
export function useMarketplaceItems() {
  return useQuery({
    queryKey: marketplaceKeys.items,
    queryFn: async () => (await http.get<{ data: ExpertAdvisor[] }>('/expert_advisors')).data,
  });
}

export type PurchaseInput = { itemId: number; accountId: number | null; key: string };

/** POST /purchase/ea from the selected account; then the catalogue and the user (SPEC §4 EA purchase) are refreshed. */
export function usePurchaseItem() {
  const queryClient = useQueryClient();
  const fetchUser = useSession((s) => s.fetchUser);
  return useMutation({
    mutationFn: ({ itemId, accountId, key }: PurchaseInput) =>
      http.post<{ status: string; message: string }>(
        '/purchase/ea',
        { expert_advisor_id: itemId, ...(accountId === null ? {} : { account_id: accountId }) },
        { headers: { 'Idempotency-Key': key } },
      ),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: marketplaceKeys.items }), fetchUser()]);
    },
  });
}
