import { Decimal } from 'decimal.js';
import { costShare, fillPrice, lotsToUnits, markedQuote, markupDistance, swapAmount, swapPerUnit } from '@bourse/domain';
import { type OrderCosts, tradingMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { termsOfAccount } from '../groups/groups.service.ts';
import { commissionOf } from './commission.ts';
import { accountFor, requirePrices } from './order.service.ts';
import { swapRateOf } from './swaps/swap-rates.repository.ts';
import { tradingRuntime } from './trading-runtime.ts';
import { Valuer } from './valuation.ts';

/**
 * What an order would cost before it is placed, for the ticket: crossing the spread now, the
 * commission on opening and on closing under the account's group, and one night's swap (null when
 * the instrument has none or the group is swap-free), in the account currency; each also as a
 * percentage of the order's notional at the price it would fill at, computed here from the same
 * figures so the ticket's percentages agree with the amounts that are charged.
 */
export async function orderCosts(ctx: AppContext, userId: number, q: { id: number; volume: number; type: 'buy' | 'sell'; account_id?: number | undefined }): Promise<OrderCosts> {
  const prices = requirePrices(ctx);
  const account = await accountFor(ctx, userId, q.account_id);
  const instrument = await tradingRuntime(ctx).catalog.get(q.id);
  if (!instrument) throw invalid('id', msg.assetUnavailable);
  const tick = prices.quote(instrument.id);
  if (!tick) throw new HttpError(422, msg.noPrice);
  const valuer = new Valuer(tradingRuntime(ctx).catalog, prices, account.currency);
  const conversion = await valuer.conversion(instrument.quoteCurrency);
  if (conversion === null) throw invalid('id', msg.noConversion);
  const units = lotsToUnits(q.volume, instrument.contractSize);
  const [terms, rate] = await Promise.all([termsOfAccount(ctx.db, account.id), swapRateOf(ctx.db, instrument.symbol)]);
  // The group's markup widens the quote the order would fill at, and so the spread it crosses.
  const markup = terms ? markupDistance(terms.markup, instrument) : 0;
  const quote = markedQuote(tick, markup);
  const price = fillPrice(q.type, quote);
  const commission = await commissionOf(terms, { lots: q.volume, units, price, quoteCurrency: instrument.quoteCurrency }, valuer);
  if (!commission) throw invalid('id', msg.noConversion);
  const swapFree = terms?.swapFree ?? false;
  const swap = (side: 'buy' | 'sell') => {
    const sideRate = rate ? (side === 'buy' ? rate.long_rate : rate.short_rate) : '0';
    if (swapFree || !rate || new Decimal(sideRate).isZero()) return null;
    const perUnit = swapPerUnit({ unit: rate.unit, rate: sideRate, dayCount: rate.day_count, digits: instrument.digits }, { price: fillPrice(side, quote), nights: 1, conversion });
    return swapAmount(units, perUnit).toFixed(2);
  };
  const spread = new Decimal(quote.ask).minus(quote.bid).times(units).times(conversion).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  // Both sides as paid: the ledger posts commissions as negative charges.
  const commissionPaid = commission.open.plus(commission.close).negated();
  const total = spread.plus(commissionPaid);
  // The percentages are of what the order is worth where it would fill, in the account currency,
  // so they compare with the money figures above, which are in the same currency.
  const notional = new Decimal(units).times(price).times(conversion).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const share = (cost: Decimal.Value) => costShare(cost, notional) ?? '0.0000';
  const swapLong = swap('buy');
  const swapShort = swap('sell');
  return {
    currency: account.currency,
    spread: spread.toFixed(2),
    commission_open: commission.open.toFixed(2),
    commission_close: commission.close.toFixed(2),
    swap_long: swapLong,
    swap_short: swapShort,
    swap_free: swapFree,
    group: terms?.name ?? '',
    markup,
    notional: notional.toFixed(2),
    total: total.toFixed(2),
    percent: {
      spread: share(spread),
      commission: share(commissionPaid),
      swap_long: swapLong === null ? null : share(swapLong),
      swap_short: swapShort === null ? null : share(swapShort),
      total: share(total),
    },
  };
}
