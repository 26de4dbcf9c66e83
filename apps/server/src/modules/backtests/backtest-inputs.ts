import { eq } from 'drizzle-orm';
import { timeframeSeconds, type StrategyKey, type Timeframe } from '@bourse/contract';
import { resolveLeverage } from '@bourse/domain';
import type { AppContext } from '../../app-context.ts';
import { backtests } from '../../db/schema/index.ts';
import { rangeCandles } from '../market/candle.repository.ts';
import type { Instrument } from '../market/instrument.ts';
import { marketOf } from '../market/market.runtime.ts';
import { type BacktestJob, type BacktestTerms, packBars } from './backtest-job.ts';

/** The simulated account is kept in US dollars. */
const ACCOUNT_CURRENCY = 'USD';

/** Account-currency value of one unit of the quote currency, from the current price of the linking pair. */
export function conversionOf(ctx: AppContext, quote: string): number {
  if (quote.toUpperCase() === ACCOUNT_CURRENCY) return 1;
  const { state } = marketOf(ctx);
  const direct = state.find(`${quote}/${ACCOUNT_CURRENCY}`);
  if (direct && state.price[direct.index]! > 0) return state.price[direct.index]!;
  const inverse = state.find(`${ACCOUNT_CURRENCY}/${quote}`);
  if (inverse && state.price[inverse.index]! > 0) return 1 / state.price[inverse.index]!;
  throw new Error(`No price converts ${quote} into ${ACCOUNT_CURRENCY} for this instrument.`);
}

/** The instrument's spreads, contract size and leverage from the catalogue, and the account. */
export function termsOf(ctx: AppContext, inst: Instrument, initialBalance: number): BacktestTerms {
  return {
    buySpread: inst.buySpread,
    sellSpread: inst.sellSpread,
    contractSize: inst.contractSize,
    leverage: resolveLeverage({ asset: inst.leverage, instrumentMax: inst.leverage }),
    initialBalance,
    conversion: conversionOf(ctx, inst.quoteCurrency),
  };
}

/**
 * Builds the job of backtest `id` from its row: the recorded candles of the range from the
 * database, and what the worker needs to generate the history before them.
 */
export async function loadJob(ctx: AppContext, id: number): Promise<BacktestJob> {
  const [row] = await ctx.db.select().from(backtests).where(eq(backtests.id, id));
  if (!row) throw new Error('The backtest no longer exists.');
  const market = marketOf(ctx);
  const inst = market.state.find(row.assetId);
  if (!inst?.enabled) throw new Error('The instrument is no longer available.');
  const tf = row.timeframe as Timeframe;
  const size = timeframeSeconds[tf];
  const from = Math.floor(row.fromTime.getTime() / 1000);
  const to = Math.floor(row.toTime.getTime() / 1000);
  const anchorBucket = Math.floor(inst.historyAnchor / 1000 / size) * size;
  const recorded = to >= anchorBucket ? await rangeCandles(ctx.db, inst.id, tf, Math.max(from - (from % size), anchorBucket), to) : [];
  // Closed bars only: the bar still in progress would be read before it ends.
  const last = Math.min(to, Math.floor(Date.now() / 1000) - size);
  return {
    strategy: row.strategy as StrategyKey,
    params: row.params,
    packed: packBars(recorded),
    terms: termsOf(ctx, inst, Number(row.initialBalance)),
    history: { inst, seed: market.seed, tf, from, to, last },
  };
}
