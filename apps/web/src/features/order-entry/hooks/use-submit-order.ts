import { useCallback } from 'react';
import { toast } from 'sonner';
import { tradingMessages as msg, type TradeSide } from '@bourse/contract';
import { parseVolumeInput } from '@bourse/domain';
import { errorMessage } from '@/lib/api-client';
import { assetStore } from '@/stores/asset-store';
import { usePlaceOrder } from '../api/place-order';
import { toastOrderFailed, toastOrderPlaced } from '../components/order-toasts';
import { buildOrderPayload, orderProblem, type OrderInput } from '../lib/order-payload';
import { playOrderBuzz, playOrderChime } from '../lib/trade-sounds';
import { toLots } from '../lib/volume-units';
import { useOrderForm } from '../stores/order-form-store';
import { groupMarkupOn } from '@/stores/account-summary-store';
import { latestQuote, type OrderContext } from './use-order-context';

function fail(message: string) {
  toastOrderFailed(message);
  playOrderBuzz();
}

/**
 * SPEC §4 Order: BUY/SELL submit the form at once for the active asset; success chimes, failure
 * buzzes; the form id is regenerated afterwards. `busy` is true while an order is in flight.
 */
export function useSubmitOrder({ leverage, conversion, accountId, markupMap }: OrderContext): { submit: (side: TradeSide) => void; busy: boolean } {
  const mutation = usePlaceOrder();
  const { mutate, isPending } = mutation;

  const submit = useCallback(
    (side: TradeSide) => {
      const asset = assetStore.getState().activeAsset;
      if (!asset) {
        toast.error(msg.noAsset);
        return;
      }
      const form = useOrderForm.getState();
      const quote = latestQuote(asset, groupMarkupOn(asset, markupMap));
      const price = side === 'buy' ? quote.ask : quote.bid;
      const lots = toLots(parseVolumeInput(form.text), form.unit, { contractSize: asset.contract_size, price, conversion });
      const targets = form.targets && { takeProfit: form.targets.takeProfit, stopLoss: form.targets.stopLoss };
      const input: OrderInput = { side, asset, quote, lots, leverage, conversion, pendingPrice: form.pendingPrice, targets, accountId };
      const problem = orderProblem(input);
      if (problem) {
        fail(problem);
        return;
      }
      mutate(
        { body: buildOrderPayload(input), idempotencyKey: form.id },
        {
          onSuccess: (response) => {
            toastOrderPlaced(side, response, asset.digits);
            playOrderChime();
            useOrderForm.getState().submitted(true);
          },
          onError: (error) => {
            fail(errorMessage(error, msg.executeFailedDetail));
            useOrderForm.getState().submitted(false);
          },
        },
      );
    },
    [leverage, conversion, accountId, markupMap, mutate],
  );

  return { submit, busy: isPending };
}
