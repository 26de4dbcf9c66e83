import type { FillReceipt, Trade, TradeSide } from '@bourse/contract';
import { formatMoney, formatPrice } from '@/lib/format';

/** Puts a message in the language shown; without one the English message is filled in as it is. */
export type Translate = (message: string, values?: Record<string, string | number>) => string;
const english: Translate = (message, values = {}) => message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** SPEC §8 success title: "Buy order placed" / "Sell order placed". */
export function orderPlacedTitle(side: TradeSide, t: Translate = english): string {
  return side === 'buy' ? t('Buy order placed') : t('Sell order placed');
}

/** SPEC §8 success line: "Bought 0.01 lots (1000 units) at 1.10012", the price in the instrument's `digits`. */
export function fillDescription(receipt: Pick<FillReceipt, 'side' | 'lots' | 'units' | 'filled_price'>, digits: number, t: Translate = english): string {
  const values = { lots: receipt.lots, units: receipt.units, price: formatPrice(receipt.filled_price, digits) };
  return receipt.side === 'buy' ? t('Bought {{lots}} lots ({{units}} units) at {{price}}', values) : t('Sold {{lots}} lots ({{units}} units) at {{price}}', values);
}

type ReceiptFields = Pick<FillReceipt, 'requested_price' | 'filled_price' | 'slippage' | 'slippage_pips' | 'slippage_cost' | 'spread' | 'spread_pips' | 'spread_cost' | 'latency_ms'> &
  Partial<Pick<FillReceipt, 'commission'>>;

/** Pips with one decimal, signed when asked: "+0.3", "−1.0", "0.0". */
export function formatPips(pips: number, signed = false): string {
  return `${signOf(pips, signed)}${Math.abs(pips).toFixed(1)}`;
}

const signOf = (n: number, signed: boolean) => (n < 0 ? '−' : signed && n > 0 ? '+' : '');

/**
 * A fill cost as the customer reads it: in pips for a currency pair ("+0.3 pips"), in price with
 * the instrument's `digits` for other markets ("+5.00"), with its account-currency amount when
 * known ("($0.03)").
 */
export function fillCost(
  cost: { pips: number | null; price: number | null; money: number | null },
  currency: string,
  signed: boolean,
  digits: number,
  t: Translate = english,
): string | null {
  if (cost.pips === null && cost.price === null) return null;
  const size = cost.pips !== null ? t('{{pips}} pips', { pips: formatPips(cost.pips, signed) }) : `${signOf(cost.price!, signed)}${formatPrice(Math.abs(cost.price!), digits)}`;
  return cost.money === null ? size : `${size} (${signOf(cost.money, signed)}${formatMoney(Math.abs(cost.money), currency)})`;
}

/**
 * The fill receipt in one line: requested against filled price, the slippage (positive when the
 * fill was worse for the trader) and the spread, each in pips (or price) and account currency,
 * and the server's handling time.
 */
export function receiptLine(receipt: ReceiptFields, currency: string, digits: number, t: Translate = english): string {
  const parts = [];
  if (receipt.requested_price !== null) parts.push(t('Requested {{price}}', { price: formatPrice(receipt.requested_price, digits) }));
  parts.push(t('filled {{price}}', { price: formatPrice(receipt.filled_price, digits) }));
  const slippage = fillCost({ pips: receipt.slippage_pips, price: receipt.slippage, money: receipt.slippage_cost }, currency, true, digits, t);
  if (slippage) parts.push(t('slippage {{amount}}', { amount: slippage }));
  const spread = fillCost({ pips: receipt.spread_pips, price: receipt.spread, money: receipt.spread_cost }, currency, false, digits, t);
  if (spread) parts.push(t('spread {{amount}}', { amount: spread }));
  if (receipt.commission && Number(receipt.commission) !== 0) parts.push(t('commission {{amount}}', { amount: formatMoney(-Number(receipt.commission), currency) }));
  parts.push(`${receipt.latency_ms} ms`);
  const line = parts.join(' · ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** Title of a resting order: "Buy limit order placed". */
export function pendingPlacedTitle(trade: Pick<Trade, 'trade_type' | 'order_type'>, t: Translate = english): string {
  const buy = trade.trade_type === 'buy';
  if (trade.order_type === 'limit') return buy ? t('Buy limit order placed') : t('Sell limit order placed');
  if (trade.order_type === 'stop') return buy ? t('Buy stop order placed') : t('Sell stop order placed');
  return buy ? t('Buy market order placed') : t('Sell market order placed');
}

/** "Buy 0.01 lots (1000 units) when the price reaches 1.09000". */
export function pendingDescription(trade: Pick<Trade, 'trade_type' | 'lots' | 'volume' | 'opening_price'>, digits: number, t: Translate = english): string {
  const values = { lots: trade.lots, units: trade.volume, price: formatPrice(trade.opening_price ?? 0, digits) };
  return trade.trade_type === 'buy'
    ? t('Buy {{lots}} lots ({{units}} units) when the price reaches {{price}}', values)
    : t('Sell {{lots}} lots ({{units}} units) when the price reaches {{price}}', values);
}
