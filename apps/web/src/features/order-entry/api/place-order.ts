import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreTradeRequest, StoreTradeResponse } from '@bourse/contract';
import { http } from '@/lib/api-client';
import { tradesQueryRoot } from '@/lib/realtime-hooks';

export type PlaceOrderInput = { body: StoreTradeRequest; idempotencyKey: string };

/** POST /trades/store with the order form id as Idempotency-Key (a retry never opens a second trade). */
export function placeOrder({ body, idempotencyKey }: PlaceOrderInput): Promise<StoreTradeResponse> {
  return http.post<StoreTradeResponse>('/trades/store', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * Places an order; the trade lists and the account summary are refetched afterwards, without
 * holding the BUY and SELL buttons in "Processing..." while they load.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tradesQueryRoot }),
  });
}
