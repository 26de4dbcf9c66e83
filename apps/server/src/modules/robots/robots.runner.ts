import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { localized, notices, robotMessages as msg, type StrategyKey } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { runEvery } from '../../lib/background-job.ts';
import { expertAdvisors, robots, tradingAccounts, trades, users } from '../../db/schema/index.ts';
import { runAutotraders } from '../autotrader/house-robot.ts';
import { usableItemIds } from '../marketplace/marketplace.repository.ts';
import { tell } from '../preferences/preferences.service.ts';
import { runRobot } from './robot-pass.ts';
import { robotFigures, robotKeyPrefix, stopRobots } from './robots.service.ts';

type Running = {
  robot: typeof robots.$inferSelect;
  name: string;
  strategy: string | null;
  userStatus: string;
  halted: boolean;
};

async function stoppedOutSince(ctx: AppContext, accountId: number, since: Date): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.accountId, accountId), eq(trades.closeReason, 'stop_out'), gt(trades.closeTime, since)))
    .limit(1);
  return row !== undefined;
}

/** Why a running robot must stop before its pass, or null when it may trade. */
async function stopReason(ctx: AppContext, r: Running): Promise<string | null> {
  const { robot } = r;
  if (!r.strategy || !(await usableItemIds(ctx.db, robot.userId)).includes(robot.eaId)) return `${r.name} ${msg.lostOwnership}`;
  if (r.userStatus === 'deactivated') return msg.accountDisabled;
  if (r.halted) return msg.killSwitch;
  if (await stoppedOutSince(ctx, robot.accountId, robot.updatedAt)) return msg.stoppedOut;
  if (robot.dailyLossLimit !== null && (await robotFigures(ctx.db, robot, Date.now())).todayPnl <= -Number(robot.dailyLossLimit)) return msg.dailyLoss;
  return null;
}

/**
 * One pass of every running Expert Advisor over the bar that just closed. A robot stops, and the
 * customer is told, when its advisor is no longer theirs (a lapsed subscription, another plan),
 * the customer is disabled, the account's kill switch is on, the account was stopped out since
 * the robot started, or its trades closed today lost its daily loss limit.
 */
export async function runRobots(ctx: AppContext, nowMs: number): Promise<number> {
  const running: Running[] = await ctx.db
    .select({ robot: robots, name: expertAdvisors.name, strategy: expertAdvisors.strategy, userStatus: users.status, halted: tradingAccounts.robotsHalted })
    .from(robots)
    .innerJoin(expertAdvisors, eq(expertAdvisors.id, robots.eaId))
    .innerJoin(users, eq(users.id, robots.userId))
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, robots.accountId))
    .where(eq(robots.status, 'running'));
  ctx.metrics.robotsRunning.set({ kind: 'expert_advisor' }, running.length);
  let placed = 0;
  for (const r of running) {
    const { robot, name } = r;
    const reason = await stopReason(ctx, r);
    if (reason) {
      if ((await stopRobots(ctx.db, [robot.id], reason)).length > 0) {
        const text = reason.startsWith(name) ? localized(notices.robotLost, { name }) : localized(notices.robotStopped, { name, reason: { key: reason } });
        await tell(ctx, robot.userId, 'trading', { title: localized(notices.robotStoppedTitle), message: text, color: 'warning' });
      }
      continue;
    }
    const outcome = await runRobot(
      ctx,
      {
        userId: robot.userId,
        accountId: robot.accountId,
        assetId: robot.assetId,
        strategy: r.strategy as StrategyKey,
        params: robot.params,
        keyPrefix: robotKeyPrefix(robot.id),
        maxOpen: robot.maxPositions,
        maxLots: Number(robot.maxLots),
      },
      nowMs,
    );
    placed += outcome.placed;
    if (outcome.lastReason) await ctx.db.update(robots).set({ lastAction: outcome.lastReason, lastActionAt: new Date(nowMs) }).where(eq(robots.id, robot.id));
  }
  return placed;
}

/**
 * Runs the Expert Advisors and the Auto Traders on the node that runs the background work, by
 * default once a minute: each pass sees the bar closed since the one before, and a repeated pass
 * is a no-op by its order keys.
 */
export async function robotsAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  const every = ctx.config.trading.robotPassMs;
  if (!ctx.config.runWorkers || every <= 0) return;
  runEvery(ctx, every, 'robots pass', () => {
    const now = Date.now();
    return Promise.all([runRobots(ctx, now), runAutotraders(ctx, now)]);
  });
}
