import { channels, events } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { pushTradeChange } from '../push/push.service.ts';
import { MemoryInstrumentCatalog, type InstrumentCatalog } from './instruments.ts';
import type { TradeRow } from './trades.repository.ts';

/** What changed after a committed trading transaction. */
export type TradeChange = {
  userId: number;
  accountId: number;
  /** The trades touched (their `id`). */
  tradeIds: number[];
  reason: string;
  /** Realised P&L or a correction moved the balance. */
  balanceChanged: boolean;
  /** The committed rows and account, when the writer has them: saves the risk engine a re-read. */
  snapshot?: { account: { id: number; userId: number; currency: string; balance: string }; rows: TradeRow[] };
};

/** Per-server trading state: the instrument catalogue and who listens to committed changes. */
export type TradingRuntime = {
  catalog: InstrumentCatalog;
  listeners: Set<(change: TradeChange) => void>;
};

const runtimes = new WeakMap<AppContext, TradingRuntime>();

/** The trading runtime of one server (created on first use). */
export function tradingRuntime(ctx: AppContext): TradingRuntime {
  let runtime = runtimes.get(ctx);
  if (!runtime) {
    runtime = { catalog: new MemoryInstrumentCatalog(), listeners: new Set() };
    runtimes.set(ctx, runtime);
  }
  return runtime;
}

/**
 * Announces a committed change: `trade.updated` on `trade.{userId}`, `user.updated` on
 * `user.{userId}` when the balance moved, the in-process listeners (the risk engine), and a Web Push
 * for a fill or an automatic close (not awaited: the customer's devices never slow the engine).
 */
export async function announce(ctx: AppContext, change: TradeChange): Promise<void> {
  for (const listener of tradingRuntime(ctx).listeners) listener(change);
  void pushTradeChange(ctx, change).catch((error: unknown) => ctx.log.warn({ err: error, userId: change.userId }, 'trade push not sent'));
  const publish = async (channel: string, event: string, data: unknown) => {
    try {
      await ctx.broadcaster.publish(channel, event, data);
    } catch (error) {
      // The trade is committed; a lost notification only delays the client's refresh (it polls too).
      ctx.log.warn({ err: error, channel }, 'trade event not delivered');
    }
  };
  await publish(channels.trade(change.userId), events.tradeUpdated, { id: change.tradeIds[0], reason: change.reason });
  if (change.balanceChanged) await publish(channels.user(change.userId), events.userUpdated, { id: change.userId });
}
