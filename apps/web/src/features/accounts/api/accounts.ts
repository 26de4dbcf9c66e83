import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { openAccountInput, User } from '@bourse/contract';
import type { z } from 'zod';
import { http } from '@/lib/api-client';
import { tradesQueryRoot } from '@/lib/realtime-hooks';
import { useSession } from '@/stores/session-store';

/** Every account's live figures (GET /account/summary per account) share this root. */
export const summariesRoot = [...tradesQueryRoot, 'summary'] as const;

/** After money moved: the cards' figures and the user's balances are fetched again. */
export function useRefreshAccounts() {
  const queryClient = useQueryClient();
  const fetchUser = useSession((s) => s.fetchUser);
  return () => {
    void queryClient.invalidateQueries({ queryKey: summariesRoot });
    void fetchUser();
  };
}

/** POST /accounts: the answer is the user with the new account listed. */
export function useOpenAccount() {
  const setUser = useSession((s) => s.setUser);
  return useMutation({
    mutationFn: (body: z.output<typeof openAccountInput>) => http.post<{ data: User }>('/accounts', body),
    onSuccess: (res) => setUser(res.data),
  });
}

/** POST /accounts/:id/reset: a demo account back to its starting balance. */
export function useResetAccount() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (accountId: number) => http.post<{ message: string }>(`/accounts/${accountId}/reset`),
    onSettled: refresh,
  });
}
