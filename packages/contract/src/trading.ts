import { z } from 'zod';
import { tradingMessages } from './messages.ts';
import { money } from './user.ts';

export const tradeSides = ['buy', 'sell'] as const;
export const tradeSide = z.enum(tradeSides);
export type TradeSide = z.infer<typeof tradeSide>;

/** `market` fills now; `limit` and `stop` rest as pending orders until their price is reached. */
export const orderKinds = ['market', 'limit', 'stop'] as const;
export const orderKind = z.enum(orderKinds);
export type OrderKind = z.infer<typeof orderKind>;

export const tradeStatuses = ['open', 'closed', 'pending', 'cancelled'] as const;
export type TradeStatus = (typeof tradeStatuses)[number];

/** Why a trade closed (or, for `no_margin`, why a pending order was cancelled when it came to fill). */
export const closeReasons = ['manual', 'tp', 'sl', 'stop_out', 'trailing', 'no_margin'] as const;
export type CloseReason = (typeof closeReasons)[number];

const price = z.coerce.number().positive().max(1e12);
/** 0 (or null) removes a level, as the order form sends 0 for "unset" (SPEC §7). */
const optionalLevel = z.union([z.coerce.number().min(0).max(1e12), z.null()]);

/**
 * POST /trades/store (SPEC §7). `volume` is in lots; `qty` (units), `amount` (notional), `margin`
 * and `leverage` are the client's hints: the server recomputes them. `opening_price` is the price the
 * client saw, checked against the allowed deviation. `order_type` limit or stop with `price` places a
 * pending order. `account_id` picks the trading account (default: the user's first).
 */
export const storeTradeRequest = z.object({
  type: tradeSide,
  id: z.coerce.number().int().positive(),
  volume: z.coerce.number({ error: tradingMessages.volumePositive }).positive(tradingMessages.volumePositive),
  opening_price: price,
  take_profit: optionalLevel.default(0),
  stop_loss: optionalLevel.default(0),
  leverage: z.coerce.number().min(0).optional(),
  amount: z.coerce.number().min(0).optional(),
  qty: z.coerce.number().min(0).optional(),
  margin: z.coerce.number().min(0).optional(),
  asset_symbol: z.string().max(64).optional(),
  asset_name: z.string().max(200).optional(),
  order_type: orderKind.default('market'),
  price: price.optional(),
  /** Trailing-stop distance in price units; 0 for none. */
  trailing_stop: optionalLevel.default(0),
  account_id: z.coerce.number().int().positive().optional(),
});
export type StoreTradeRequest = z.input<typeof storeTradeRequest>;

/**
 * What a fill cost beyond the market, for the receipt and the trade details: the spread at the fill
 * (ask − bid, in price), and the slippage and spread in pips (SPEC §9: 0.0001) and in account
 * currency, rounded to cents. Null where a fill did not record it (pending orders, older trades).
 */
const fillCostFields = {
  spread: z.number().nullable(),
  slippage_pips: z.number().nullable(),
  slippage_cost: z.number().nullable(),
  spread_pips: z.number().nullable(),
  spread_cost: z.number().nullable(),
};

/** SPEC §3 Trade plus the engine's own fields. Money is a decimal string; prices are numbers. */
export const tradeSchema = z.object({
  id: z.number().int(),
  trade_id: z.string(),
  account_id: z.number().int(),
  asset_id: z.number().int(),
  asset_symbol: z.string(),
  asset_name: z.string(),
  trade_type: tradeSide,
  order_type: orderKind,
  status: z.enum(tradeStatuses),
  /** Units (lots × contract size). */
  volume: z.number(),
  lots: z.number(),
  margin: money,
  leverage: z.number().int(),
  /** Fill price; the requested entry price while pending. */
  opening_price: z.number().nullable(),
  /** Current closing price while open (bid for a buy, ask for a sell); the exit price once closed. */
  closing_price: z.number().nullable(),
  take_profit: z.number().nullable(),
  stop_loss: z.number().nullable(),
  trailing_stop: z.number().nullable(),
  trigger_price: z.number().nullable(),
  open_time: z.string().nullable(),
  close_time: z.string().nullable(),
  /** Unrealised while open (at closing_price), realised once closed. */
  pnl: money,
  /** Swaps (overnight financing) charged (negative) or paid so far, in the account currency; not in `pnl`. */
  swap: money,
  /** Commission charged (negative) on opening and, once closed, on closing; not in `pnl`. */
  commission: money,
  /** The group's markup the trade priced with, a price distance on each side: it closes on the instrument's quote widened by it. */
  markup: z.number(),
  close_reason: z.enum(closeReasons).nullable(),
  requested_price: z.number().nullable(),
  filled_price: z.number().nullable(),
  slippage: z.number().nullable(),
  ...fillCostFields,
  latency_ms: z.number().int().nullable(),
  created_at: z.string(),
  /** Who placed it: the customer, one of their Expert Advisors (`robot_id`), or the Auto Trader. */
  placed_by: z.enum(['customer', 'robot', 'autotrader']),
  robot_id: z.number().int().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

/**
 * What a fill cost: the price the client saw, the price the server filled at, the slippage
 * ((filled − requested), positive when worse for the trader), the spread, both in pips and money,
 * and the server's handling time.
 * `message` is the SPEC §8 success line ("Bought 0.01 lots (1000 units) at 1.10012").
 */
export const fillReceipt = z.object({
  side: tradeSide,
  lots: z.number(),
  units: z.number(),
  requested_price: z.number().nullable(),
  filled_price: z.number(),
  slippage: z.number().nullable(),
  ...fillCostFields,
  /** The commission this fill charged (negative, or 0.00), per the account's group. */
  commission: z.string(),
  /** The account currency the costs are in. */
  currency: z.string(),
  latency_ms: z.number().int(),
  message: z.string(),
});
export type FillReceipt = z.infer<typeof fillReceipt>;

/** POST /trades/store answer: the trade, and the fill receipt (null for a pending order). */
export const storeTradeResponse = z.object({ data: tradeSchema, receipt: fillReceipt.nullable() });
export type StoreTradeResponse = z.infer<typeof storeTradeResponse>;

/** POST /trade/{id}/close: the whole position, or `volume` lots of it. */
export const closeTradeRequest = z.strictObject({ volume: z.coerce.number().positive(tradingMessages.volumePositive).optional() }).nullish();
/** The closed trade (for a partial close, the closed slice) and its exit receipt. */
export const closeTradeResponse = z.object({ data: tradeSchema, receipt: fillReceipt, message: z.string() });

// Strict: "close everything" must not be what a garbled request falls back to.
export const closeAllRequest = z.strictObject({ account_id: z.coerce.number().int().positive().optional() }).nullish();
export const closeAllResponse = z.object({ data: z.array(tradeSchema), message: z.string() });

/** PATCH /trade/{id}: new levels; 0 or null removes one, an absent field keeps it. `price` moves a pending order. */
export const modifyTradeRequest = z.strictObject({
  take_profit: optionalLevel.optional(),
  stop_loss: optionalLevel.optional(),
  trailing_stop: optionalLevel.optional(),
  price: price.optional(),
});
export type ModifyTradeRequest = z.infer<typeof modifyTradeRequest>;

export const tradeResponse = z.object({ data: tradeSchema });

/** Query of the trade lists and the summary: page and trading account. */
export const tradesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  account_id: z.coerce.number().int().positive().optional(),
});
export const accountQuery = z.object({ account_id: z.coerce.number().int().positive().optional() });

/**
 * GET /account/summary (SPEC §3 "Account summary", §9 formulas): equity = balance + pnl; free
 * margin = equity − margin; marginLevel = equity / margin × 100 (2 decimals), null for ∞ when no
 * margin is used; lifetimePnl is the sum of realised P&L.
 */
export const accountSummarySchema = z.object({
  account_id: z.number().int(),
  currency: z.string(),
  balance: money,
  credit: money,
  equity: money,
  margin: money,
  freeMargin: money,
  marginLevel: z.number().nullable(),
  pnl: money,
  lifetimePnl: money,
  /** The margin levels of the account's customer group, in percent: a notice at the first, stop-out at the second. */
  marginCallLevel: z.number(),
  stopOutLevel: z.number(),
  /** The group's markup: points added on each side of the quote, by asset class or instrument symbol (a symbol's wins). */
  markup: z.record(z.string(), z.number()),
});
export type AccountSummaryView = z.infer<typeof accountSummarySchema>;
export const accountSummaryResponse = z.object({ data: accountSummarySchema });

/** Profit calculator form (SPEC §5 messages). */
export const profitCalculatorSchema = z.object({
  volume: z.number({ error: tradingMessages.volumePositive }).positive(tradingMessages.volumePositive),
  entryPrice: z.number({ error: tradingMessages.entryPricePositive }).positive(tradingMessages.entryPricePositive),
  takeProfit: z.number({ error: tradingMessages.takeProfitNonNegative }).min(0, tradingMessages.takeProfitNonNegative),
  stopLoss: z.number({ error: tradingMessages.stopLossNonNegative }).min(0, tradingMessages.stopLossNonNegative),
});

/** Order form (SPEC §3, §5). */
export const orderFormSchema = z.object({
  type: tradeSide,
  id: z.string(),
  amount: z.number(),
  volume: z.number(),
  takeProfit: z.number().optional(),
  stopLoss: z.number().optional(),
});
export type OrderForm = z.infer<typeof orderFormSchema>;
