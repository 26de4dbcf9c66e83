import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { tradingMessages as msg, type FillReceipt, type ModifyTradeRequest, type Trade } from '@bourse/contract';
import { errorMessage, http } from '@/lib/api-client';
import { tradesQueryRoot } from '@/lib/realtime-hooks';
import { kindWords, sideCaps } from '@/lib/trade-words';

export type CloseTradeResponse = { data: Trade; receipt: FillReceipt; message: string };

/** POST /trade/{id}/close: the whole position, or `volume` lots of it. */
export function closeTrade(id: number, volume?: number): Promise<CloseTradeResponse> {
  return http.post<CloseTradeResponse>(`/trade/${id}/close`, volume === undefined ? {} : { volume });
}

/** POST /trade/{id}/cancel: cancels a pending order. */
export function cancelOrder(id: number): Promise<{ data: Trade }> {
  return http.post<{ data: Trade }>(`/trade/${id}/cancel`, {});
}

/** PATCH /trade/{id}: new take-profit, stop-loss or trailing stop; 0 removes one. */
export function modifyTrade(id: number, patch: ModifyTradeRequest): Promise<{ data: Trade }> {
  return http.patch<{ data: Trade }>(`/trade/${id}`, patch);
}

type Feedback<V, R> = { success: (result: R, vars: V) => void; failure?: (error: unknown) => void };

/**
 * Every trade action refetches the trade lists and the account summary (SPEC §4: close, then
 * refresh). Its toasts belong to the mutation, not to the row that started it: the refetch (or a
 * `trade.updated` arriving first) may remove that row before the answer comes back.
 */
function useTradeMutation<V, R>(fn: (vars: V) => Promise<R>, feedback: Feedback<V, R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result, vars) => feedback.success(result, vars),
    onError: (error) => feedback.failure?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradesQueryRoot }),
  });
}

/** SPEC §8: "Position successfully closed" (with the exit line), or "Failed to close trade". */
export const useCloseTrade = () =>
  useTradeMutation(({ id, volume }: { id: number; volume?: number }) => closeTrade(id, volume), {
    success: (res) => toast.success(msg.closed, { description: res.receipt.message }),
    failure: () => toast.error(msg.closeFailed, { description: msg.closeFailedDetail }),
  });

export function useCancelOrder() {
  const { t } = useTranslation();
  return useTradeMutation((trade: Trade) => cancelOrder(trade.id), {
    success: (_res, trade) =>
      toast.success(t('Order cancelled'), {
        description: t('{{side}} {{kind}} {{lots}} lots {{symbol}}', { side: t(sideCaps[trade.trade_type]), kind: t(kindWords[trade.order_type]), lots: trade.lots, symbol: trade.asset_symbol }),
      }),
    failure: (error) => toast.error(t('Failed to cancel order'), { description: errorMessage(error, t('There was an error processing your request. Please try again.')) }),
  });
}

/** Errors are shown where the change was asked for (the dialog's fields, or a toast). */
export function useModifyTrade() {
  const { t } = useTranslation();
  return useTradeMutation(({ id, patch }: { id: number; patch: ModifyTradeRequest }) => modifyTrade(id, patch), {
    success: (_res, { patch }) => toast.success(patch.price === undefined ? t('Take profit and stop loss saved') : t('Order price saved')),
  });
}
