import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpertAdvisor } from '@bourse/contract';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '@/i18n/languages';
import { http } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';

export const marketplaceKeys = { items: ['marketplace', 'items'] as const };

/** GET /expert_advisors: the published catalogue with the caller's ownership, named in the language shown. */
export function useMarketplaceItems() {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : 'en';
  return useQuery({
    queryKey: [...marketplaceKeys.items, language],
    queryFn: async () => (await http.get<{ data: ExpertAdvisor[] }>(`/expert_advisors?lang=${language}`)).data,
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
