import type { FillReceipt, Trade, TradeSide } from '@bourse/contract';

/** SPEC §9: prices in orders have 5 decimals. */
export const ORDER_PRICE_DECIMALS = 5;

const sideWord = (side: TradeSide) => (side === 'buy' ? 'Buy' : 'Sell');
const price = (n: number) => n.toFixed(ORDER_PRICE_DECIMALS);

/** SPEC §8 success title: "Buy order placed" / "Sell order placed". */
export function orderPlacedTitle(side: TradeSide): string {
  return `${sideWord(side)} order placed`;
}

/** SPEC §8 success line: "Bought 0.01 lots (1000 units) at 1.10012". */
export function fillDescription(receipt: Pick<FillReceipt, 'side' | 'lots' | 'units' | 'filled_price'>): string {
  return `${receipt.side === 'buy' ? 'Bought' : 'Sold'} ${receipt.lots} lots (${receipt.units} units) at ${price(receipt.filled_price)}`;
}

/**
 * The fill receipt in one line: requested against filled price, the slippage (positive when the
 * fill was worse for the trader) and the server's handling time.
 */
export function receiptLine(receipt: Pick<FillReceipt, 'requested_price' | 'filled_price' | 'slippage' | 'latency_ms'>): string {
  const parts = [];
  if (receipt.requested_price !== null) parts.push(`Requested ${price(receipt.requested_price)}`);
  parts.push(`filled ${price(receipt.filled_price)}`);
  if (receipt.slippage !== null) {
    const sign = receipt.slippage > 0 ? '+' : receipt.slippage < 0 ? '−' : '';
    parts.push(`slippage ${sign}${price(Math.abs(receipt.slippage))}`);
  }
  parts.push(`${receipt.latency_ms} ms`);
  const line = parts.join(' · ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** Title of a resting order: "Buy limit order placed". */
export function pendingPlacedTitle(trade: Pick<Trade, 'trade_type' | 'order_type'>): string {
  return `${sideWord(trade.trade_type)} ${trade.order_type} order placed`;
}

/** "Buy 0.01 lots (1000 units) when the price reaches 1.09000". */
export function pendingDescription(trade: Pick<Trade, 'trade_type' | 'lots' | 'volume' | 'opening_price'>): string {
  return `${sideWord(trade.trade_type)} ${trade.lots} lots (${trade.volume} units) when the price reaches ${price(trade.opening_price ?? 0)}`;
}
