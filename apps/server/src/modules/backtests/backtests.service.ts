import { parseAdvisorParams, strategyKeys, type Backtest, type BacktestReport, type StrategyKey } from '@bourse/contract';
import type { z } from 'zod';
import type { backtestRequest } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { conflict, HttpError, invalid, notFound } from '../../http/errors.ts';
import { marketOf } from '../market/market.runtime.ts';
import { publishedItem } from '../marketplace/marketplace.repository.ts';
import { activeBacktestOf, backtestOfUser, type BacktestRow, insertBacktest, recentBacktests } from './backtests.repository.ts';

export type BacktestBody = z.output<typeof backtestRequest>;
/** Starts a queued run (the runner of this server). */
export type Enqueue = (id: number) => void;

const RECENT = 20;
export const backtestMessages = {
  busy: 'A backtest is already running. Wait for it to finish before starting another.',
  eaNotFound: 'Expert Advisor not found',
  asset: 'Choose an instrument that is available for trading.',
} as const;

type Source = { strategy: StrategyKey; defaults: Record<string, unknown>; eaId: number | null };

/** A published advisor of the catalogue: its strategy and default parameters. */
async function advisorSource(db: DbOrTx, eaId: number): Promise<Source> {
  const item = await publishedItem(db, eaId);
  if (item?.type !== 'expert_advisor' || !strategyKeys.includes(item.strategy as StrategyKey)) throw notFound(backtestMessages.eaNotFound);
  return { strategy: item.strategy as StrategyKey, defaults: item.defaultParams, eaId };
}

/** Parameters over the advisor's defaults, validated by the strategy's schema (422 per field). */
function validParams(strategy: StrategyKey, defaults: Record<string, unknown>, given: Record<string, unknown>): Record<string, unknown> {
  const parsed = parseAdvisorParams(strategy, defaults, given);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[['params', ...issue.path].join('.')] ??= []).push(issue.message);
  const first = Object.values(errors)[0]![0]!;
  throw new HttpError(422, first, errors);
}


/** Checks and queues a run: the advisor or strategy, its parameters, the instrument, one run at a time. */
export async function createBacktest(ctx: AppContext, userId: number, body: BacktestBody, enqueue: Enqueue): Promise<Backtest> {
  const source: Source = body.ea_id !== undefined ? await advisorSource(ctx.db, body.ea_id) : { strategy: body.strategy!, defaults: {}, eaId: null };
  if (body.strategy && body.strategy !== source.strategy) throw invalid('strategy', `This advisor runs the ${source.strategy} strategy.`);
  const params = validParams(source.strategy, source.defaults, body.params);
  const inst = marketOf(ctx).state.find(body.asset_id);
  if (!inst?.enabled) throw invalid('asset_id', backtestMessages.asset);
  if (await activeBacktestOf(ctx.db, userId)) throw conflict(backtestMessages.busy);
  let row: BacktestRow;
  try {
    row = await insertBacktest(ctx.db, {
      userId,
      eaId: source.eaId,
      strategy: source.strategy,
      params,
      assetId: inst.id,
      timeframe: body.timeframe,
      fromTime: new Date(body.from),
      toTime: new Date(body.to),
      initialBalance: body.initial_balance.toFixed(2),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(backtestMessages.busy);
    throw error;
  }
  enqueue(row.id);
  return viewOf(row);
}

export async function getBacktest(ctx: AppContext, userId: number, id: number): Promise<Backtest> {
  const row = await backtestOfUser(ctx.db, userId, id);
  if (!row) throw notFound();
  return viewOf(row);
}

export async function listBacktests(ctx: AppContext, userId: number): Promise<Omit<Backtest, 'report'>[]> {
  const rows = await recentBacktests(ctx.db, userId, RECENT);
  return rows.map((r) => {
    const { report: _report, ...rest } = viewOf({ ...r, report: null });
    return rest;
  });
}

/** A row in the API's shape. */
export function viewOf(row: BacktestRow): Backtest {
  return {
    id: row.id,
    ea_id: row.eaId,
    strategy: row.strategy as StrategyKey,
    params: row.params,
    asset_id: row.assetId,
    timeframe: row.timeframe as Backtest['timeframe'],
    from: row.fromTime.toISOString(),
    to: row.toTime.toISOString(),
    status: row.status,
    progress: row.progress,
    report: (row.report as BacktestReport | null) ?? null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
