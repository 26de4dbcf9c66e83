import { type FillReceipt, formatPrice, type Trade, type TradeSide } from '@bourse/contract';
import { fillCosts } from '@bourse/domain';
import type { TradeRow } from './trades.repository.ts';

const num = (value: string | null): number | null => (value === null ? null : Number(value));
const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** Live figures of an open trade: where it would close now and its unrealised P&L. */
export type LiveFigures = { closingPrice: number; pnl: string };

/** A trade row as the API shows it (SPEC §3 Trade); open trades carry live figures when known. */
export function tradeView(row: TradeRow, live?: LiveFigures | null): Trade {
  return {
    id: row.id,
    trade_id: row.tradeId,
    account_id: row.accountId,
    asset_id: row.assetId,
    asset_symbol: row.assetSymbol,
    asset_name: row.assetName,
    trade_type: row.tradeType,
    order_type: row.orderType,
    status: row.status,
    volume: Number(row.volume),
    lots: Number(row.lots),
    margin: row.margin,
    leverage: row.leverage,
    opening_price: num(row.openingPrice),
    closing_price: live ? live.closingPrice : num(row.closingPrice),
    take_profit: num(row.takeProfit),
    stop_loss: num(row.stopLoss),
    trailing_stop: num(row.trailingStop),
    trigger_price: num(row.triggerPrice),
    open_time: iso(row.openTime),
    close_time: iso(row.closeTime),
    pnl: live ? live.pnl : row.pnl,
    swap: row.swap,
    commission: row.commission,
    markup: Number(row.markup),
    close_reason: row.closeReason,
    requested_price: num(row.requestedPrice),
    filled_price: num(row.filledPrice),
    slippage: num(row.slippage),
    ...costFields({ units: Number(row.volume), slippage: num(row.slippage), spread: num(row.spread), conversion: num(row.fillConversion), pipSize: num(row.pipSize) }),
    latency_ms: row.latencyMs,
    created_at: row.createdAt.toISOString(),
    ...placedBy(row.idempotencyKey),
  };
}

/** Robots and the Auto Trader tag their orders through the idempotency keys they derive. */
export function placedBy(key: string | null): Pick<Trade, 'placed_by' | 'robot_id'> {
  const robot = key?.match(/^robot:(\d+):/);
  if (robot) return { placed_by: 'robot', robot_id: Number(robot[1]) };
  return { placed_by: key?.startsWith('autotrader:') ? 'autotrader' : 'customer', robot_id: null };
}

/** Keys only the server's own robots derive; a client sending one would pass its order off as theirs. */
export function isServerKey(key: string): boolean {
  return key.startsWith('robot:') || key.startsWith('autotrader:');
}

/**
 * SPEC §8 success line: "Bought 0.01 lots (1000 units) at 1.10012", the price in the instrument's
 * `digits` (as stored when the catalogue no longer lists it); a close reads "Closed ...".
 */
export function fillMessage(side: TradeSide, lots: number, units: number, price: number, digits: number | null, action: 'open' | 'close' = 'open'): string {
  const verb = action === 'close' ? 'Closed' : side === 'buy' ? 'Bought' : 'Sold';
  return `${verb} ${lots} lots (${units} units) at ${digits === null ? price : formatPrice(price, digits)}`;
}

/** Slippage of a fill: positive when the trader got a worse price than requested. */
export function slippageOf(side: TradeSide, requested: number, filled: number): number {
  const raw = side === 'buy' ? filled - requested : requested - filled;
  return Number(raw.toFixed(10));
}

/** A fill's spread and its costs in pips and money, as the API names them. */
function costFields(fill: Parameters<typeof fillCosts>[0]) {
  const costs = fillCosts(fill);
  return { spread: fill.spread, slippage_pips: costs.slippagePips, slippage_cost: costs.slippageCost, spread_pips: costs.spreadPips, spread_cost: costs.spreadCost };
}

/** The spread of a quote, rounded off the float noise of ask − bid. */
export function spreadOf(quote: { bid: number; ask: number }): number {
  return Number((quote.ask - quote.bid).toFixed(10));
}

/**
 * The receipt of a fill at `price` (an entry, or the exit of a close), with the `spread` at the
 * fill and the quote-to-account `conversion` rate.
 */
export function receipt(opts: {
  side: TradeSide;
  lots: number;
  units: number;
  requested: number | null;
  filled: number;
  spread: number;
  conversion: number;
  pipSize: number | null;
  digits: number | null;
  currency: string;
  latencyMs: number;
  action?: 'open' | 'close';
  /** The commission the fill charged (negative), when it charged one. */
  commission?: string;
}): FillReceipt {
  const slippage = opts.requested === null ? null : slippageOf(opts.side, opts.requested, opts.filled);
  return {
    side: opts.side,
    lots: opts.lots,
    units: opts.units,
    requested_price: opts.requested,
    filled_price: opts.filled,
    slippage,
    ...costFields({ units: opts.units, slippage, spread: opts.spread, conversion: opts.conversion, pipSize: opts.pipSize }),
    commission: opts.commission ?? '0.00',
    currency: opts.currency,
    latency_ms: opts.latencyMs,
    message: fillMessage(opts.side, opts.lots, opts.units, opts.filled, opts.digits, opts.action),
  };
}
