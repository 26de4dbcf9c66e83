import { and, count, eq, like } from 'drizzle-orm';
import { parseStrategyParams, robotMessages as msg, type Robot, type RobotSettings, type StrategyKey } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { robots, trades } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { publishedItem, usableItemIds } from '../marketplace/marketplace.repository.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';

type RobotRow = typeof robots.$inferSelect;

/** Trades a robot placed carry idempotency keys starting with this. */
export const robotKeyPrefix = (robotId: number) => `robot:${robotId}:`;

async function openPositions(ctx: AppContext, row: RobotRow): Promise<number> {
  const [r] = await ctx.db
    .select({ n: count() })
    .from(trades)
    .where(and(eq(trades.userId, row.userId), eq(trades.status, 'open'), like(trades.idempotencyKey, `${robotKeyPrefix(row.id)}%`)));
  return r?.n ?? 0;
}

async function view(ctx: AppContext, row: RobotRow): Promise<Robot> {
  return {
    id: row.id,
    ea_id: row.eaId,
    asset_id: row.assetId,
    params: row.params,
    max_positions: row.maxPositions,
    status: row.status,
    open_positions: await openPositions(ctx, row),
    last_action: row.lastAction,
    last_action_at: row.lastActionAt?.toISOString() ?? null,
  };
}

export async function listRobots(ctx: AppContext, userId: number): Promise<Robot[]> {
  const rows = await ctx.db.select().from(robots).where(eq(robots.userId, userId)).orderBy(robots.id);
  return Promise.all(rows.map((r) => view(ctx, r)));
}

/** The advisor a customer may run: published, a trading advisor, and theirs (SPEC §6 user.eas). */
async function usableAdvisor(ctx: AppContext, userId: number, eaId: number): Promise<{ strategy: StrategyKey }> {
  const item = await publishedItem(ctx.db, eaId);
  if (item?.type !== 'expert_advisor' || !item.strategy) throw notFound(msg.notFound);
  if (!(await usableItemIds(ctx.db, userId)).includes(eaId)) throw new HttpError(403, msg.notInPlan);
  return { strategy: item.strategy as StrategyKey };
}

/** Creates or changes the customer's robot for an advisor; starting it needs the settings to be valid. */
export async function saveRobot(ctx: AppContext, userId: number, eaId: number, settings: RobotSettings): Promise<Robot> {
  const { strategy } = await usableAdvisor(ctx, userId, eaId);
  const params = parseStrategyParams(strategy, settings.params);
  if (!params.success) {
    const first = params.error.issues[0]!;
    throw new HttpError(422, first.message, { [`params.${first.path.join('.')}`]: [first.message] });
  }
  if (!(await tradingRuntime(ctx).catalog.get(settings.asset_id))) throw new HttpError(422, msg.badInstrument, { asset_id: [msg.badInstrument] });
  const values = {
    assetId: settings.asset_id,
    params: params.data as Record<string, unknown>,
    maxPositions: settings.max_positions ?? 3,
    status: settings.status ?? 'stopped',
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(robots)
    .values({ userId, eaId, ...values })
    .onConflictDoUpdate({ target: [robots.userId, robots.eaId], set: values })
    .returning();
  return view(ctx, row!);
}

/** SPEC §4 Deactivate: the robot stops and its settings are dropped; its open trades stay. */
export async function deactivateRobot(ctx: AppContext, userId: number, eaId: number): Promise<void> {
  const gone = await ctx.db.delete(robots).where(and(eq(robots.userId, userId), eq(robots.eaId, eaId))).returning({ id: robots.id });
  if (gone.length === 0) throw notFound(msg.notActive);
}
