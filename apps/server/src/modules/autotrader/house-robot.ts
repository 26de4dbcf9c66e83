import { and, eq } from 'drizzle-orm';
import { autotraderMaxOpenTrades, type AutotraderRisk } from '@bourse/contract';
import type { MaCrossoverParams } from '@bourse/domain';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { runRobot } from '../robots/robot-pass.ts';
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

type Customer = { id: number; risk: AutotraderRisk };

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
  ctx.metrics.robotsRunning.set({ kind: 'auto_trader' }, customers.length);
  let placed = 0;
  for (const customer of customers) placed += await runFor(ctx, customer, nowMs);
  return placed;
}

async function runFor(ctx: AppContext, customer: Customer, nowMs: number): Promise<number> {
  // Orders go to the customer's default account; the cap counts the open trades of every pair together.
  const maxOpen = autotraderMaxOpenTrades[customer.risk] ?? Number.POSITIVE_INFINITY;
  const keyPrefix = `${HOUSE_KEY_PREFIX}${customer.id}:`;
  let placed = 0;
  for (const [base, quote] of HOUSE_PAIRS) {
    const inst = await tradingRuntime(ctx).catalog.pair(base, quote);
    if (!inst) continue;
    const outcome = await runRobot(ctx, { userId: customer.id, assetId: inst.id, strategy: 'ma_crossover', params: HOUSE_PARAMS, keyPrefix, maxOpen }, nowMs);
    placed += outcome.placed;
  }
  return placed;
}
