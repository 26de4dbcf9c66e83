import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { runEvery } from '../../lib/background-job.ts';
import { countLosingAccounts, hasPeriod, insertPeriod } from './risk-warning.repository.ts';

/** How often the worker looks for a quarter not computed yet. */
const CHECK_EVERY_MS = 3_600_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The last calendar quarter (UTC) completed by `nowMs`, and the twelve months that end with it:
 * [from, to), `periodStart` and `periodEnd` their first and last days. On 15 January 2025 it is
 * 1 January to 31 December 2024.
 */
export function quarterWindow(nowMs: number): { from: Date; to: Date; periodStart: string; periodEnd: string } {
  const now = new Date(nowMs);
  const quarterStartMonth = Math.floor(now.getUTCMonth() / 3) * 3;
  const to = Date.UTC(now.getUTCFullYear(), quarterStartMonth, 1);
  const from = Date.UTC(now.getUTCFullYear() - 1, quarterStartMonth, 1);
  return { from: new Date(from), to: new Date(to), periodStart: isoDay(from), periodEnd: isoDay(to - 1) };
}

/** `lost` of `counted` as a whole percentage, half up; null with nothing counted. */
export function lossPercent(lost: number, counted: number): number | null {
  return counted === 0 ? null : Math.round((lost * 100) / counted);
}

export type QuarterOutcome = { periodEnd: string; computed: boolean; counted?: number; lost?: number; percent?: number | null };

/**
 * The risk warning's percentage for the last quarter completed by `nowMs`, kept once per quarter.
 *
 * Formula: over the twelve months ending at the quarter's end, among the live (not demo) accounts
 * of retail customers with at least one trade closed in those months, an account lost money when
 * the sum of its trading-result journal entries in them (realised P/L, commissions, swaps, the
 * swap-free fee, dividends; not deposits, withdrawals, transfers, purchases or corrections such as
 * bonuses and negative balance protection) is below zero; percent = lost ÷ counted × 100, rounded
 * to a whole number (half up). No account counted: no percentage (the warning keeps the
 * operator's figure, or ESMA's standard range).
 *
 * The quarter's row is the guard: a later run (this node or another, a restart) finds it and
 * computes nothing, and of two runs racing the insert keeps the first.
 */
export async function computeRiskWarning(db: DbOrTx, nowMs: number): Promise<QuarterOutcome> {
  const window = quarterWindow(nowMs);
  if (await hasPeriod(db, window.periodEnd)) return { periodEnd: window.periodEnd, computed: false };
  const { counted, lost } = await countLosingAccounts(db, window.from, window.to);
  const percent = lossPercent(lost, counted);
  const computed = await insertPeriod(db, {
    periodEnd: window.periodEnd,
    periodStart: window.periodStart,
    accountsCounted: counted,
    accountsLost: lost,
    percent,
    computedAt: new Date(nowMs),
  });
  return { periodEnd: window.periodEnd, computed, counted, lost, percent };
}

/** The worker computes the last quarter's figure at start (a quarter ended while it was down) and checks hourly. */
export async function riskWarningAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  runEvery(
    ctx,
    CHECK_EVERY_MS,
    'risk warning figure',
    async () => {
      const outcome = await computeRiskWarning(ctx.db, Date.now());
      if (outcome.computed) ctx.log.info(outcome, 'risk warning: the quarter’s percentage of retail accounts losing money was computed');
    },
    { atStart: true },
  );
}
