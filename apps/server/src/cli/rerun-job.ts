import { parseArgs } from 'node:util';
import type { AppContext } from '../app-context.ts';
import { CliError, EXIT, usageError } from './cli-errors.ts';
import { DAILY_JOBS, type DailyJobName, rerunJobUsage } from './daily-jobs.ts';

const DAY_MS = 86_400_000;

/**
 * What each daily job does for one day, as a line for the operator. Each loads its module when it
 * runs, as the command loads the database: a mistyped job or day is answered at once.
 */
const RUNNERS: Record<DailyJobName, (ctx: AppContext, day: string, nowMs: number) => Promise<string>> = {
  async 'swap-rollover'(ctx, day, nowMs) {
    const { rollOverOnDay } = await import('../modules/trading/swaps/rollover.ts');
    const outcome = await rollOverOnDay(ctx, day, nowMs).catch((error: unknown) => {
      throw error instanceof RangeError ? new CliError(EXIT.failed, error.message) : error;
    });
    return `${outcome.charged} position(s) charged${outcome.complete ? '' : '; some wait for a rate converting their quote currency (run again once prices are saved)'}`;
  },
  async 'savings-interest'(ctx, day) {
    const { accrueInterest } = await import('../modules/savings/savings.service.ts');
    // Any instant of the UTC day names it: noon, away from both edges.
    return `${await accrueInterest(ctx, Date.parse(`${day}T12:00:00Z`))} savings account(s) paid`;
  },
  async 'marketplace-renewals'(ctx, day, nowMs) {
    const { renewDue } = await import('../modules/marketplace/renewals.ts');
    const outcomes = await renewDue(ctx, new Date(Math.min(Date.parse(`${day}T00:00:00Z`) + DAY_MS, nowMs)));
    const renewed = outcomes.filter((o) => o.renewed).length;
    return `${renewed} renewed, ${outcomes.length - renewed} lapsed`;
  },
};

/** A calendar day as YYYY-MM-DD that exists and is not after today (UTC). */
function parseDay(value: string | undefined, nowMs: number): string {
  if (!value) throw usageError(`--day is required: ${rerunJobUsage}`);
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw usageError(`--day must be a date as YYYY-MM-DD, not "${value}"`);
  }
  if (ms > nowMs) throw usageError(`--day ${value} is in the future`);
  return value;
}

/** `bourse rerun-job <job> --day YYYY-MM-DD`: one daily job for one day, on this build's database. */
export async function rerunJob(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { day: { type: 'string' } } });
  const names = DAILY_JOBS.map((j) => j.name).join(', ');
  if (positionals.length !== 1) throw usageError(`name one job (${names}): ${rerunJobUsage}`);
  const job = DAILY_JOBS.find((j) => j.name === positionals[0]);
  if (!job) throw usageError(`unknown job "${positionals[0]}"; the daily jobs are ${names}`);
  const run = RUNNERS[job.name];
  const nowMs = Date.now();
  const day = parseDay(values.day, nowMs);

  const { cliConfig, jobContext, openCliDatabase } = await import('./cli-support.ts');
  const config = cliConfig();
  const database = await openCliDatabase(config);
  try {
    const summary = await run(await jobContext(config, database), day, nowMs);
    console.log(`${job.name} for ${day}: ${summary}.`);
    return EXIT.ok;
  } finally {
    await database.close();
  }
}
