import { toast } from 'sonner';
import { tradingMessages as msg, type StoreTradeResponse, type TradeSide } from '@bourse/contract';
import { TOAST } from '@/config/constants';
import { i18next } from '@/i18n/i18n';
import { fillDescription, orderPlacedTitle, pendingDescription, pendingPlacedTitle, receiptLine, type Translate } from '@/lib/order-messages';

/** The messages in the language shown when the toast goes up. */
const translate: Translate = (message, values) => i18next.t(message, values ?? {});

/** SPEC §8 success toast (3 s) with the fill receipt under the fill line; prices in the instrument's `digits`. */
export function toastOrderPlaced(side: TradeSide, response: StoreTradeResponse, digits: number) {
  const { receipt, data } = response;
  if (!receipt) {
    toast.success(pendingPlacedTitle(data, translate), { description: pendingDescription(data, digits, translate), duration: TOAST.orderSuccessMs });
    return;
  }
  toast.success(orderPlacedTitle(side, translate), {
    duration: TOAST.orderSuccessMs,
    description: (
      <span className="flex flex-col gap-0.5">
        <span>{fillDescription(receipt, digits, translate)}</span>
        <span className="font-mono text-[11px] opacity-80" data-testid="fill-receipt">
          {receiptLine(receipt, receipt.currency, digits, translate)}
        </span>
      </span>
    ),
  });
}

/** SPEC §8 failure toast (5 s) with the server's message (or the generic one) as its description. */
export function toastOrderFailed(description: string) {
  toast.error(msg.executeFailed, { description, duration: TOAST.orderErrorMs });
}
