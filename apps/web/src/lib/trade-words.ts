import type { Trade } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** A trade's side as the lists show it (upper-cased by their style), with the kind of a pending order; shown with `t()`. */
const sideWords: Record<string, string> = {
  buy: msg('buy'),
  sell: msg('sell'),
  'buy limit': msg('buy limit'),
  'buy stop': msg('buy stop'),
  'sell limit': msg('sell limit'),
  'sell stop': msg('sell stop'),
};

/** "buy", or "buy limit" for a pending order when `kind` is asked for: the English message to show with `t()`. */
export function sideWord(trade: Pick<Trade, 'trade_type' | 'order_type'>, kind = false): string {
  const text = kind && trade.order_type !== 'market' ? `${trade.trade_type} ${trade.order_type}` : trade.trade_type;
  return sideWords[text] ?? text;
}

/** The side in capitals, as dialogs and toasts name it; shown with `t()`. */
export const sideCaps: Record<Trade['trade_type'], string> = { buy: msg('BUY'), sell: msg('SELL') };

/** The kind of an order, as toasts name it; shown with `t()`. */
export const kindWords: Record<Trade['order_type'], string> = { market: msg('market'), limit: msg('limit'), stop: msg('stop') };

/** Stands for an element in a translated sentence, which is cut there to put the element in. */
export { SLOT } from '@/lib/message-slot';
