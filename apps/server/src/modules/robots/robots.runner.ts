import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { robotMessages as msg, type StrategyKey } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { runEvery } from '../../lib/background-job.ts';
import { expertAdvisors, robots } from '../../db/schema/index.ts';
import { runAutotraders } from '../autotrader/house-robot.ts';
import { usableItemIds } from '../marketplace/marketplace.repository.ts';
import { notify } from '../notifications/notifications.service.ts';
import { runRobot } from './robot-pass.ts';
import { robotKeyPrefix } from './robots.service.ts';

/**
 * One pass of every running Expert Advisor over the bar that just closed. A robot whose advisor is
 * no longer the customer's (a lapsed subscription) stops, and the customer is told.
 */
export async function runRobots(ctx: AppContext, nowMs: number): Promise<number> {
  const running = await ctx.db
    .select({ robot: robots, name: expertAdvisors.name, strategy: expertAdvisors.strategy })
    .from(robots)
    .innerJoin(expertAdvisors, eq(expertAdvisors.id, robots.eaId))
    .where(eq(robots.status, 'running'));
  let placed = 0;
  for (const { robot, name, strategy } of running) {
    if (!strategy || !(await usableItemIds(ctx.db, robot.userId)).includes(robot.eaId)) {
      await ctx.db.update(robots).set({ status: 'stopped', lastAction: `Stopped: ${name} ${msg.lostOwnership}`, lastActionAt: new Date() }).where(eq(robots.id, robot.id));
      await notify(ctx, robot.userId, { title: 'Expert Advisor stopped', message: `${name} ${msg.lostOwnership}`, color: 'warning' });
      continue;
    }
    const run = { userId: robot.userId, assetId: robot.assetId, strategy: strategy as StrategyKey, params: robot.params, keyPrefix: robotKeyPrefix(robot.id), maxOpen: robot.maxPositions };
    const outcome = await runRobot(ctx, run, nowMs);
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
