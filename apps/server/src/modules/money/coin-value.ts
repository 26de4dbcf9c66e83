import { Decimal } from 'decimal.js';
import { coinOf, cryptoCoins, type CryptoSlug, moneyMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/errors.ts';
import { conversionRate } from '../trading/instruments.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';

/** What one coin is worth in `currency` at the server's current price, or null without a price. */
export async function coinRate(ctx: AppContext, crypto: CryptoSlug, currency: string): Promise<number | null> {
  if (!ctx.prices) return null;
  const { coin } = coinOf(crypto);
  // A dollar stablecoin is valued as the dollar it is pegged to.
  return conversionRate(tradingRuntime(ctx).catalog, ctx.prices, coin === 'USDT' ? 'USD' : coin, currency);
}

/** `coins` of `crypto` in `currency` (cents) with the rate used; a 503 while the coin has no price. */
export async function coinValue(ctx: AppContext, crypto: CryptoSlug, coins: number | string, currency: string): Promise<{ value: string; rate: number }> {
  const rate = await coinRate(ctx, crypto, currency);
  if (rate === null) throw new HttpError(503, msg.noCoinPrice);
  return { value: new Decimal(coins).times(rate).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2), rate };
}

/** The USD value of one coin of each accepted kind now, for the deposit form's estimate. */
export async function usdRates(ctx: AppContext): Promise<Record<string, number | null>> {
  return Object.fromEntries(await Promise.all(cryptoCoins.map(async (c) => [c.slug, await coinRate(ctx, c.slug, 'USD')] as const)));
}
