import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { parseAdvisorParams, robotMessages as msg, type Robot, type RobotSettings, type StrategyKey } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { robots, tradingAccounts, trades } from '../../db/schema/index.ts';
import { conflict, HttpError, invalid, notFound } from '../../http/errors.ts';
import { publishedItem, usableItemIds } from '../marketplace/marketplace.repository.ts';
import { accountOfUser } from '../trading/trades.repository.ts';
import { ensureAccountUsable } from '../accounts/account-usable.service.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';

type RobotRow = typeof robots.$inferSelect;

/** Trades a robot placed carry idempotency keys starting with this. */
export const robotKeyPrefix = (robotId: number) => `robot:${robotId}:`;

const startOfUtcDay = (nowMs: number) => new Date(Math.floor(nowMs / 86_400_000) * 86_400_000);

/** A robot's open positions and the realised P&L of its trades closed since midnight UTC. */
export async function robotFigures(db: DbOrTx, row: Pick<RobotRow, 'id' | 'userId'>, nowMs: number): Promise<{ open: number; todayPnl: number }> {
  const [r] = await db
    .select({
      open: sql<number>`count(*) filter (where ${trades.status} = 'open')`.mapWith(Number),
      todayPnl: sql<string>`coalesce(sum(${trades.pnl}) filter (where ${trades.status} = 'closed' and ${trades.closeTime} >= ${startOfUtcDay(nowMs)}), 0)`,
    })
    .from(trades)
    .where(and(eq(trades.userId, row.userId), like(trades.idempotencyKey, `${robotKeyPrefix(row.id)}%`)));
  return { open: r?.open ?? 0, todayPnl: Number(r?.todayPnl ?? 0) };
}

async function view(ctx: AppContext, row: RobotRow): Promise<Robot> {
  const figures = await robotFigures(ctx.db, row, Date.now());
  return {
    id: row.id,
    ea_id: row.eaId,
    account_id: row.accountId,
    asset_id: row.assetId,
    params: row.params,
    max_positions: row.maxPositions,
    max_lots: Number(row.maxLots),
    daily_loss_limit: row.dailyLossLimit === null ? null : Number(row.dailyLossLimit),
    status: row.status,
    open_positions: figures.open,
    today_pnl: figures.todayPnl,
    last_action: row.lastAction,
    last_action_at: row.lastActionAt?.toISOString() ?? null,
  };
}

export async function listRobots(ctx: AppContext, userId: number): Promise<{ data: Robot[]; halted_account_ids: number[] }> {
  const rows = await ctx.db.select().from(robots).where(eq(robots.userId, userId)).orderBy(robots.id);
  const halted = await ctx.db
    .select({ id: tradingAccounts.id })
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.robotsHalted, true)));
  return { data: await Promise.all(rows.map((r) => view(ctx, r))), halted_account_ids: halted.map((a) => a.id) };
}

/** The advisor a customer may run: published, a trading advisor, and theirs (SPEC §6 user.eas). */
async function usableAdvisor(ctx: AppContext, userId: number, eaId: number): Promise<{ strategy: StrategyKey; advertised: Record<string, unknown> }> {
  const item = await publishedItem(ctx.db, eaId);
  if (item?.type !== 'expert_advisor' || !item.strategy) throw notFound(msg.notFound);
  if (!(await usableItemIds(ctx.db, userId)).includes(eaId)) throw new HttpError(403, msg.notInPlan);
  return { strategy: item.strategy as StrategyKey, advertised: item.defaultParams };
}

/** One of the customer's trading accounts: the one asked for, or the first. */
async function ownAccount(db: DbOrTx, userId: number, accountId: number | undefined) {
  const account = await accountOfUser(db, userId, accountId);
  if (!account) throw invalid('account_id', msg.badAccount);
  return account;
}

/** Creates or changes the customer's robot for an advisor; starting it needs valid settings and the account's kill switch off. */
export async function saveRobot(ctx: AppContext, userId: number, eaId: number, settings: RobotSettings): Promise<Robot> {
  const { strategy, advertised } = await usableAdvisor(ctx, userId, eaId);
  // Whatever the customer leaves unset runs as the advisor advertises it, as in its backtest.
  const params = parseAdvisorParams(strategy, advertised, settings.params);
  if (!params.success) {
    const first = params.error.issues[0]!;
    throw new HttpError(422, first.message, { [`params.${first.path.join('.')}`]: [first.message] });
  }
  if (!(await tradingRuntime(ctx).catalog.get(settings.asset_id))) throw invalid('asset_id', msg.badInstrument);
  const account = await ownAccount(ctx.db, userId, settings.account_id);
  ensureAccountUsable(account, 'account_id');
  const status = settings.status ?? 'stopped';
  if (status === 'running' && account.robotsHalted) throw conflict(msg.halted);
  const values = {
    accountId: account.id,
    assetId: settings.asset_id,
    params: params.data as Record<string, unknown>,
    maxPositions: settings.max_positions ?? 3,
    maxLots: String(settings.max_lots ?? 1),
    dailyLossLimit: settings.daily_loss_limit == null ? null : String(settings.daily_loss_limit),
    status,
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

/** Stops running robots with the reason they stopped; returns the ones it stopped. */
export function stopRobots(db: DbOrTx, ids: number[], reason: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .update(robots)
    .set({ status: 'stopped', lastAction: reason, lastActionAt: new Date() })
    .where(and(inArray(robots.id, ids), eq(robots.status, 'running')))
    .returning({ id: robots.id });
}

/**
 * The account's kill switch: on, every robot trading on the account stops at once and none can
 * start until it is off again; the robots' open positions stay as they are.
 */
export async function setKillSwitch(ctx: AppContext, userId: number, accountId: number | undefined, halted: boolean) {
  const account = await ownAccount(ctx.db, userId, accountId);
  return ctx.db.transaction(async (tx) => {
    await tx.update(tradingAccounts).set({ robotsHalted: halted }).where(eq(tradingAccounts.id, account.id));
    const running = halted ? await tx.select({ id: robots.id }).from(robots).where(and(eq(robots.accountId, account.id), eq(robots.status, 'running'))) : [];
    const stopped = await stopRobots(tx, running.map((r) => r.id), msg.killSwitch);
    return { account_id: account.id, halted, stopped: stopped.length };
  });
}
