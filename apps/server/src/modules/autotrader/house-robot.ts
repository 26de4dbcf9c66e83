import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { autotraderMaxOpenTrades, storeTradeRequest, type AutotraderRisk } from '@bourse/contract';
import { maCrossover, type Bar, type MaCrossoverParams, type OrderIntent, type RobotPosition } from '@bourse/domain';
import type { AppContext } from '../../app-context.ts';
import { trades, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { candlesOf } from '../market/candle.service.ts';
import { marketOf } from '../market/market.runtime.ts';
import { accountFor, placeOrder } from '../trading/order.service.ts';
import { closeTrade } from '../trading/positions.service.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';

/** The house strategy: a quick EMA crossover on 1-minute bars with a 1% protective stop. */
export const HOUSE_PARAMS: MaCrossoverParams = { lots: 0.01, fast: 5, slow: 20, maType: 'ema', takeProfitPct: 0, stopLossPct: 1 };
/** Instruments the house robot trades: coins trade around the clock. */
export const HOUSE_PAIRS: [string, string][] = [
  ['BTC', 'USD'],
  ['ETH', 'USD'],
];
/** Every order the Auto Trader places carries this prefix in its idempotency key, which also tags its trades. */
export const HOUSE_KEY_PREFIX = 'autotrader:';
const WARMUP_BARS = 60;
/** One pass a minute: each sees the bar closed since the one before; a repeated pass is a no-op by its keys. */
const EVERY_MS = 60_000;

type Customer = { id: number; risk: AutotraderRisk };

/** The last closed 1-minute bars of an instrument, oldest first, ending with the bar that closed before `nowMs`. */
async function closedBars(ctx: AppContext, assetId: number, nowMs: number): Promise<Bar[]> {
  const market = marketOf(ctx);
  const inst = market.state.find(assetId);
  if (!inst?.enabled) return [];
  const lastOpen = Math.floor(nowMs / 60_000) * 60 - 60;
  const bars = await candlesOf(ctx.db, inst, market.seed, market.aggregator, { tf: '1m', from: lastOpen - WARMUP_BARS * 60, to: lastOpen }, nowMs);
  return bars.filter((b) => b.time <= lastOpen).map((b) => ({ ...b, volume: b.volume ?? 0 }));
}

async function houseTrades(ctx: AppContext, accountId: number) {
  return ctx.db
    .select({ id: trades.id, assetId: trades.assetId, side: trades.tradeType, volume: trades.volume, openingPrice: trades.openingPrice, createdAt: trades.createdAt })
    .from(trades)
    .where(and(eq(trades.accountId, accountId), eq(trades.status, 'open'), like(trades.idempotencyKey, `${HOUSE_KEY_PREFIX}%`)));
}

/**
 * The protective stop measured from the live entry price, not from the bar's close the strategy
 * saw: the price may have moved since the bar closed, and a stop on the wrong side is refused.
 */
function stopLevel(side: 'buy' | 'sell', entry: number): number {
  const pct = HOUSE_PARAMS.stopLossPct ?? 0;
  if (pct <= 0) return 0;
  return Number((entry * (1 - ((side === 'buy' ? 1 : -1) * pct) / 100)).toPrecision(8));
}

/** The strategy warmed on all but the last bar, then asked about the last one with the robot's positions. */
export function houseIntents(bars: Bar[], positions: RobotPosition[]): OrderIntent[] {
  if (bars.length < 2) return [];
  let state = maCrossover.init(HOUSE_PARAMS);
  for (const bar of bars.slice(0, -1)) state = maCrossover.onBar(state, { bar, positions: [] }, HOUSE_PARAMS).state;
  return maCrossover.onBar(state, { bar: bars.at(-1)!, positions }, HOUSE_PARAMS).intents;
}

/**
 * One pass of every approved Auto Trader over the bar that just closed: orders go through the
 * normal order path, each with a key derived from the customer, instrument and bar, so a pass run
 * twice (a restart, a second node) places each order once. SPEC §9 caps the open trades per risk.
 */
export async function runAutotraders(ctx: AppContext, nowMs: number): Promise<number> {
  const customers: Customer[] = (
    await ctx.db
      .select({ id: users.id, risk: users.autotraderRisk })
      .from(users)
      .where(and(eq(users.autotrader, true), eq(users.status, 'active')))
  ).map((u) => ({ id: u.id, risk: u.risk ?? 'medium' }));
  let placed = 0;
  for (const customer of customers) placed += await runFor(ctx, customer, nowMs);
  return placed;
}

async function runFor(ctx: AppContext, customer: Customer, nowMs: number): Promise<number> {
  const account = await accountFor(ctx, customer.id);
  const cap = autotraderMaxOpenTrades[customer.risk] ?? Number.POSITIVE_INFINITY;
  let placed = 0;
  for (const [base, quote] of HOUSE_PAIRS) {
    const inst = await tradingRuntime(ctx).catalog.pair(base, quote);
    const price = inst && ctx.prices?.quote(inst.id);
    if (!inst || !price) continue;
    const bars = await closedBars(ctx, inst.id, nowMs);
    const open = await houseTrades(ctx, account.id);
    const positions = open
      .filter((t) => t.assetId === inst.id)
      .map((t) => ({ id: String(t.id), side: t.side, lots: Number(t.volume), openPrice: Number(t.openingPrice), openTime: t.createdAt.getTime() / 1000 }));
    let openCount = open.length;
    const intents = houseIntents(bars, positions);
    for (const [i, intent] of intents.entries()) {
      try {
        if (intent.kind === 'close') {
          await closeTrade(ctx, customer.id, Number(intent.positionId), undefined, Date.now());
          openCount--;
          continue;
        }
        if (openCount >= cap) continue;
        const key = `${HOUSE_KEY_PREFIX}${customer.id}:${inst.id}:${bars.at(-1)!.time}:${i}`;
        const entry = intent.side === 'buy' ? price.ask : price.bid;
        const body = storeTradeRequest.parse({ type: intent.side, id: inst.id, volume: intent.lots, opening_price: entry, stop_loss: stopLevel(intent.side, entry) });
        const { replayed } = await placeOrder(ctx, customer.id, body, key, Date.now());
        openCount++;
        if (!replayed) placed++;
      } catch (error) {
        // A refused order (closed market, no free margin) is the engine's answer, not a fault.
        if (!(error instanceof HttpError)) throw error;
        ctx.log.info({ userId: customer.id, assetId: inst.id, reason: error.message }, 'auto trader order refused');
      }
    }
  }
  return placed;
}

/** Runs the Auto Traders on the node that runs the background work. */
export async function autotraderAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runAutotraders(ctx, Date.now())
      .catch((error: unknown) => ctx.log.error({ err: error }, 'auto trader pass failed'))
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}
