import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositWallet, MoneyRequest } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { tradesQueryRoot } from '@/lib/realtime-hooks';
import { useSession } from '@/stores/session-store';

const moneyKey = ['money'] as const;

/** The customer's deposits or withdrawals, newest first; kept fresh while an operator decides them. */
export function useMoneyRequests(kind: MoneyRequest['kind']) {
  return useQuery({
    queryKey: [...moneyKey, 'requests', kind],
    queryFn: async () => (await http.get<{ data: MoneyRequest[] }>(`/money/requests?kind=${kind}`)).data,
    refetchInterval: 15_000,
  });
}

export function useDepositOptions() {
  return useQuery({
    queryKey: [...moneyKey, 'options'],
    queryFn: async () => (await http.get<{ data: { wallets: DepositWallet[]; card_provider: string | null; usd_rates: Record<string, number | null> } }>('/deposit_options')).data,
    // The coin rates feed the deposit form's estimate: kept about as fresh as a quote a customer reads.
    refetchInterval: 30_000,
  });
}

type Answer = { data: MoneyRequest; message?: string };

/**
 * A call that moves money, sent with the idempotency key of the form it came from (a doubled click
 * or a retry is one request), then the requests and the user's balances are refreshed.
 */
export function useMoneyCall<B>(path: string | ((body: B) => string)) {
  const queryClient = useQueryClient();
  const refreshUser = useSession((s) => s.fetchUser);
  return useMutation({
    mutationFn: ({ body, key }: { body: B; key?: string }) =>
      http.post<Answer>(typeof path === 'string' ? path : path(body), body, key ? { headers: { 'idempotency-key': key } } : undefined),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKey });
      // The free margin shown as "Available" moves with every hold, release and credit.
      void queryClient.invalidateQueries({ queryKey: tradesQueryRoot });
      void refreshUser?.();
    },
  });
}

export function useCancelRequest() {
  return useMoneyCall<{ id: number }>((b) => `/money/requests/${b.id}/cancel`);
}
