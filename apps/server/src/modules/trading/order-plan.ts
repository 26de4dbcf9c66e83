import type { Decimal } from 'decimal.js';
import type { z } from 'zod';
import {
  closingPrice,
  fillPrice,
  lotsProblem,
  lotsToUnits,
  marginDecimal,
  markedQuote,
  markupDistance,
  type MarkupMap,
  clientCeiling,
  type LeveragePreset,
  pendingPriceAllowed,
  resolveLeverage,
  roundPrice,
  targetProblems,
  type BidAsk,
  type Side,
} from '@bourse/domain';
import { type AssetCategory, type ClientCategory, fitsDigits, formatPrice, priceDigitsMessage, type storeTradeRequest, tradingMessages as msg, type LeverageMap, type OrderKind } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import type { PriceSource } from '../market/price-source.ts';
import { getLeverageMap, getSiteSettings } from '../settings/settings.service.ts';
import type { Instrument } from './instruments.ts';
import type { Valuer } from './valuation.ts';
import { spreadOf } from './trade-view.ts';

export type StoreTradeBody = z.output<typeof storeTradeRequest>;

/** Everything decided about an order before its transaction: validated, priced and margined. */
export type OrderPlan = {
  instrument: Instrument;
  side: Side;
  kind: OrderKind;
  lots: number;
  units: number;
  leverage: number;
  margin: Decimal;
  /** Fill price of a market order; the entry price of a pending one. */
  price: number;
  requested: number;
  /** Ask − bid of the quote the order was priced from (the group's markup included), and its quote-to-account rate. */
  spread: number;
  /** The group's markup on each side, a price distance: the trade's fills, triggers and valuation use it. */
  markup: number;
  conversion: number;
  takeProfit: number | null;
  stopLoss: number | null;
  trailing: number | null;
};

/** The message for a fill that moved past the allowed deviation from the client's price, prices in the instrument's `digits`. */
export function priceMovedMessage(requested: number, filled: number, movedPct: number, maxPct: number, digits: number): string {
  const [from, to] = [formatPrice(requested, digits), formatPrice(filled, digits)];
  return `The price moved from ${from} to ${to} (${movedPct.toFixed(2)}%), more than the allowed ${maxPct}%. Please review the new price and try again.`;
}

/**
 * Checks an order against the instrument, the market and the SPEC rules, and prices it from the
 * server's own quote widened by the group's markup. Throws the client-facing error for the first
 * rule broken.
 */
export async function planOrder(
  ctx: AppContext,
  prices: PriceSource,
  instrument: Instrument | null,
  body: StoreTradeBody,
  valuer: Valuer,
  limits: LeverageLimits,
  groupMarkup: MarkupMap,
): Promise<OrderPlan> {
  if (!instrument) throw invalid('id', msg.assetUnavailable);
  if (limits.allowedClasses.length > 0 && !limits.allowedClasses.includes(instrument.category)) throw invalid('id', msg.groupClassNotAllowed);
  if (limits.allowedSymbols.length > 0 && !limits.allowedSymbols.includes(instrument.symbol)) throw invalid('id', msg.groupInstrumentNotAllowed);
  checkDigits(instrument, { price: body.price, take_profit: body.take_profit, stop_loss: body.stop_loss, trailing_stop: body.trailing_stop });
  const problem = lotsProblem(body.volume);
  if (problem) throw invalid('volume', problem === 'off_step' ? msg.volumeStep : msg.volumeRange);
  if (!prices.isOpen(instrument.id)) throw new HttpError(422, msg.marketClosed);
  if (body.order_type === 'market') requireLivePrices(prices, instrument.id);
  const raw = prices.quote(instrument.id);
  if (!raw) throw new HttpError(422, msg.noPrice);
  const markup = markupDistance(groupMarkup, instrument);
  const quote = markedQuote(raw, markup);
  const side = body.type;
  const price = entryPrice(ctx, side, body, quote, instrument.digits);
  const trailing = body.trailing_stop || null;
  const takeProfit = body.take_profit || null;
  const stopLoss = body.stop_loss || (trailing && body.order_type === 'market' ? trailingStart(side, quote, trailing) : null);
  checkTargets(side, price, takeProfit, stopLoss, false);
  const conversion = await valuer.conversion(instrument.quoteCurrency);
  if (conversion === null) throw invalid('id', msg.noConversion);
  const leverage = leverageOf(limits, instrument, body.leverage);
  const margin = marginDecimal({ lots: body.volume, contractSize: instrument.contractSize, rate: price, leverage, conversion });
  return {
    instrument,
    side,
    kind: body.order_type,
    lots: body.volume,
    units: lotsToUnits(body.volume, instrument.contractSize),
    leverage,
    margin,
    price,
    requested: body.order_type === 'market' ? body.opening_price : price,
    spread: spreadOf(quote),
    markup,
    conversion,
    takeProfit,
    stopLoss,
    trailing,
  };
}

/**
 * Refuses prices with more decimals than the instrument is quoted to, rather than rounding them:
 * a level moved to a price the customer did not type could trigger where they did not mean it.
 * `opening_price` is not checked: it is the client's view of the market, a hint.
 */
export function checkDigits(instrument: Pick<Instrument, 'symbol' | 'digits'>, prices: Record<string, number | null | undefined>): void {
  for (const [field, value] of Object.entries(prices)) {
    if (value && !fitsDigits(value, instrument.digits)) throw invalid(field, priceDigitsMessage(instrument.symbol, instrument.digits));
  }
}

/** Seconds a client waits before retrying a fill refused because the feed stalled. */
const STALL_RETRY_SECONDS = '5';

/** Refuses a fill at market while the feed (or the instrument's own source) is stalled: its last price may be far from the market. */
export function requireLivePrices(prices: PriceSource, assetId: number): void {
  if (prices.stalled(Date.now(), assetId)) throw new HttpError(503, msg.pricesStalled, undefined, { 'Retry-After': STALL_RETRY_SECONDS });
}

function entryPrice(ctx: AppContext, side: Side, body: StoreTradeBody, quote: BidAsk, digits: number): number {
  if (body.order_type !== 'market') {
    if (body.price === undefined) throw invalid('price', msg.pendingPriceRequired);
    if (!pendingPriceAllowed(side, body.order_type, body.price, quote)) throw invalid('price', pendingSideMessage(side, body.order_type));
    return roundPrice(body.price);
  }
  const filled = fillPrice(side, quote);
  const movedPct = (Math.abs(filled - body.opening_price) / body.opening_price) * 100;
  const maxPct = ctx.config.trading.maxDeviationPct;
  if (movedPct > maxPct) throw new HttpError(409, priceMovedMessage(body.opening_price, filled, movedPct, maxPct, digits));
  return filled;
}

/** The SPEC-side rule a pending price broke. */
export function pendingSideMessage(side: Side, kind: 'limit' | 'stop'): string {
  if (side === 'buy') return kind === 'limit' ? msg.buyLimitSide : msg.buyStopSide;
  return kind === 'limit' ? msg.sellLimitSide : msg.sellStopSide;
}

/** A trailing stop starts `distance` behind the price the position would close at. */
export function trailingStart(side: Side, quote: BidAsk, distance: number): number {
  const close = closingPrice(side, quote);
  return roundPrice(side === 'buy' ? close - distance : close + distance);
}

/**
 * Refuses take-profit and stop-loss levels on the wrong side of `reference`: the entry for a new
 * order, the current closing price (`open`) for a position being modified.
 */
export function checkTargets(side: Side, reference: number, takeProfit: number | null, stopLoss: number | null, open: boolean): void {
  const problems = targetProblems(side, reference, takeProfit, stopLoss);
  const errors: Record<string, string[]> = {};
  if (problems.takeProfit) {
    errors.take_profit = [side === 'buy' ? (open ? msg.takeProfitBuyOpen : msg.takeProfitBuy) : open ? msg.takeProfitSellOpen : msg.takeProfitSell];
  }
  if (problems.stopLoss) {
    errors.stop_loss = [side === 'buy' ? (open ? msg.stopLossBuyOpen : msg.stopLossBuy) : open ? msg.stopLossSellOpen : msg.stopLossSell];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
}

/**
 * What bounds an order: the user's plan and its leverage ceilings per asset class, the per-category
 * setting, the account's customer group (its leverage ceilings and the asset classes it may
 * trade, empty for all), and the site's regulatory preset with the client's category.
 */
export type LeverageLimits = {
  plan: number;
  planCaps: Partial<Record<AssetCategory, number>>;
  categories: LeverageMap;
  groupCaps: Partial<Record<AssetCategory, number>>;
  allowedClasses: string[];
  allowedSymbols: string[];
  preset: LeveragePreset;
  clientCategory: ClientCategory;
};

/**
 * SPEC §9 leverage for this user and instrument (see `resolveLeverage` for the precedence); the
 * plan's and the group's ceilings for the instrument's asset class, when they name one, cap it
 * below the plan's own, and a retail client's leverage is capped by the preset's ceiling for the
 * instrument's class. Like every ceiling, it lowers the leverage the order gets rather than
 * refusing it.
 */
function leverageOf(limits: LeverageLimits, instrument: Instrument, requested: number | undefined): number {
  const { plan } = limits;
  const classCap = Math.min(limits.planCaps[instrument.category] ?? plan, limits.groupCaps[instrument.category] ?? plan);
  return resolveLeverage({
    category: limits.categories[instrument.category],
    asset: instrument.leverage,
    plan,
    instrumentMax: instrument.leverage,
    planMax: Math.min(plan, classCap),
    regulatoryMax: clientCeiling(limits.preset, limits.clientCategory, instrument),
    requested: requested || null,
  });
}

/** The site's leverage settings an order reads: the per-category map and the regulatory preset. */
export type LeverageSettings = { categories: LeverageMap; preset: LeveragePreset };

// The leverage settings are read on every order; a second-old copy is fresh enough.
const LEVERAGE_SETTINGS_TTL_MS = 1000;
const leverageSettings = new WeakMap<AppContext, { settings: Promise<LeverageSettings>; at: number }>();

/** The per-category leverage setting and the regulatory preset (LeverageLimits), at most a second old. */
export function leverageSettingsOf(ctx: AppContext): Promise<LeverageSettings> {
  const cached = leverageSettings.get(ctx);
  if (cached && Date.now() - cached.at < LEVERAGE_SETTINGS_TTL_MS) return cached.settings;
  const settings = Promise.all([getLeverageMap(ctx.db), getSiteSettings(ctx.db)]).then(([categories, site]) => ({ categories, preset: site.leverage_preset }));
  // A failed read is not kept: the next order reads again.
  settings.catch(() => leverageSettings.delete(ctx));
  leverageSettings.set(ctx, { settings, at: Date.now() });
  return settings;
}
