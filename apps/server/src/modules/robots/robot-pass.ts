import { and, eq, like } from 'drizzle-orm';
import { roundPrice, storeTradeRequest, tradingMessages, type StrategyKey } from '@bourse/contract';
import { strategyFor, type Bar, type OrderIntent, type RobotPosition } from '@bourse/domain';
import type { AppContext } from '../../app-context.ts';
import { trades } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { candlesOf } from '../market/candle.service.ts';
import { marketOf } from '../market/market.runtime.ts';
import { placeOrder } from '../trading/order.service.ts';
import { closeTrade } from '../trading/positions.service.ts';

/** Closed 1-minute bars a strategy is warmed on before it acts on the newest. */
const WARMUP_BARS = 120;

/**
 * One robot on one instrument. Every order it places has an idempotency key starting with
 * `keyPrefix`, which also tags the trades as its own (for its positions and its cap).
 */
export type RobotRun = {
  userId: number;
  /** The account it trades on; the customer's first when left out. */
  accountId?: number;
  assetId: number;
  strategy: StrategyKey;
  params: unknown;
  keyPrefix: string;
  maxOpen: number;
  /** An intent for more lots is placed with this many. */
  maxLots?: number;
};
export type RobotOutcome = { placed: number; closed: number; lastReason: string | null };

/** The last closed 1-minute bars of an instrument, oldest first, ending with the bar that closed before `nowMs`. */
export async function closedBars(ctx: AppContext, assetId: number, nowMs: number): Promise<Bar[]> {
  const market = marketOf(ctx);
  const inst = market.state.find(assetId);
  if (!inst?.enabled) return [];
  const lastOpen = Math.floor(nowMs / 60_000) * 60 - 60;
  const bars = await candlesOf(ctx.db, inst, market.seed, market.aggregator, { tf: '1m', from: lastOpen - WARMUP_BARS * 60, to: lastOpen }, nowMs);
  return bars.filter((b) => b.time <= lastOpen);
}

/** The robot's open trades (all instruments), by their key prefix. */
export function robotTrades(ctx: AppContext, userId: number, keyPrefix: string) {
  return ctx.db
    .select({ id: trades.id, assetId: trades.assetId, side: trades.tradeType, lots: trades.lots, openingPrice: trades.openingPrice, createdAt: trades.createdAt })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.status, 'open'), like(trades.idempotencyKey, `${keyPrefix}%`)));
}

/** The strategy warmed on all but the last bar, then asked about the last one with the robot's positions. */
export function intentsFor(strategy: StrategyKey, params: unknown, bars: Bar[], positions: RobotPosition[]): OrderIntent[] {
  if (bars.length < 2) return [];
  const s = strategyFor(strategy);
  let state = s.init(params);
  for (const bar of bars.slice(0, -1)) state = s.onBar(state, { bar, positions: [] }, params).state;
  return s.onBar(state, { bar: bars.at(-1)!, positions }, params).intents;
}

/**
 * A level the strategy set from the bar's close, moved to the same distance from the live entry
 * and onto the instrument's grid of `digits` (a stop on the wrong side is refused, and so is a
 * level with more decimals than the instrument has).
 */
function rebased(level: number | undefined, close: number, entry: number, digits: number): number {
  return level ? roundPrice((level / close) * entry, digits) : 0;
}

/**
 * One pass of a robot over the bar that just closed: its intents go through the engine's normal
 * order and close paths, each order keyed by robot, instrument and bar, so a pass run twice (a
 * restart, another node) places it once. Refusals (closed market, margin) are the engine's answer.
 */
export async function runRobot(ctx: AppContext, run: RobotRun, nowMs: number): Promise<RobotOutcome> {
  const outcome: RobotOutcome = { placed: 0, closed: 0, lastReason: null };
  const quote = ctx.prices?.quote(run.assetId);
  if (!quote) return outcome;
  const bars = await closedBars(ctx, run.assetId, nowMs);
  const open = await robotTrades(ctx, run.userId, run.keyPrefix);
  const positions = open
    .filter((t) => t.assetId === run.assetId)
    .map((t) => ({ id: String(t.id), side: t.side, lots: Number(t.lots), openPrice: Number(t.openingPrice), openTime: t.createdAt.getTime() / 1000 }));
  let openCount = open.length;
  const last = bars.at(-1);
  for (const [i, intent] of intentsFor(run.strategy, run.params, bars, positions).entries()) {
    try {
      if (intent.kind === 'close') {
        await closeTrade(ctx, run.userId, Number(intent.positionId), undefined, Date.now());
        openCount--;
        outcome.closed++;
        outcome.lastReason = intent.reason;
        continue;
      }
      if (openCount >= run.maxOpen || !last) continue;
      const entry = intent.side === 'buy' ? quote.ask : quote.bid;
      const digits = marketOf(ctx).state.find(run.assetId)?.digits ?? 8;
      const body = storeTradeRequest.parse({
        type: intent.side,
        id: run.assetId,
        ...(run.accountId === undefined ? {} : { account_id: run.accountId }),
        volume: Math.min(intent.lots, run.maxLots ?? intent.lots),
        opening_price: entry,
        take_profit: rebased(intent.takeProfit, last.close, entry, digits),
        stop_loss: rebased(intent.stopLoss, last.close, entry, digits),
      });
      const placed = await placeOrder(ctx, run.userId, body, `${run.keyPrefix}${run.assetId}:${last.time}:${i}`, Date.now());
      openCount++;
      if (!placed.replayed) outcome.placed++;
      // The robot's own fill receipt: why it traded and what the engine filled.
      const fill = placed.body.receipt?.message;
      outcome.lastReason = fill ? `${intent.reason}: ${fill}` : intent.reason;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // An earlier pass over this bar placed this order when the price was another: it stands.
      if (error.message === tradingMessages.idempotencyReused) continue;
      outcome.lastReason = `Order refused: ${error.message}`;
      ctx.log.info({ userId: run.userId, assetId: run.assetId, reason: error.message }, 'robot order refused');
    }
  }
  return outcome;
}
