import { Decimal } from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { runEvery } from '../../lib/background-job.ts';
import type { Exposure } from '../trading/trades.repository.ts';
import { tradingRuntime } from '../trading/trading-runtime.ts';
import { Valuer } from '../trading/valuation.ts';
import { dueAccounts, exposuresOfAccounts, insertSnapshots, type Snapshot } from './equity-snapshots.repository.ts';

const HOUR_MS = 3_600_000;
const BATCH = 1_000;
// Checked this often: the first check of an hour takes its snapshots, the others find nothing due.
const CHECK_EVERY_MS = 5 * 60_000;

/** The start of the UTC hour `ms` falls in. */
export const hourOf = (ms: number) => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);

/** Balance plus the floating P&L of the open exposure at the server's prices now (SPEC §9 equity). */
async function equityOf(valuer: Valuer, balance: string, exposures: Exposure[]): Promise<Decimal> {
  const margin = exposures.reduce((sum, e) => sum.plus(e.margin), new Decimal(0));
  return (await valuer.freeMargin(balance, exposures)).plus(margin);
}

/**
 * Writes this hour's equity snapshot of every account that needs one, a batch at a time; returns
 * how many it wrote. Idempotent per hour: a second sweep in the same hour (after a restart, or on
 * another node) finds only the accounts the first did not reach. Without a price feed, accounts
 * with open positions wait for a later sweep rather than be recorded without their P&L.
 */
export async function snapshotEquity(ctx: AppContext, nowMs: number): Promise<number> {
  const hour = hourOf(nowMs);
  const valuers = new Map<string, Valuer>();
  const valuerFor = (currency: string) => {
    let valuer = valuers.get(currency);
    if (!valuer) valuers.set(currency, (valuer = new Valuer(tradingRuntime(ctx).catalog, ctx.prices!, currency)));
    return valuer;
  };
  let written = 0;
  for (let after = 0; ; ) {
    const due = await dueAccounts(ctx.db, hour, after, BATCH);
    if (due.length === 0) break;
    const exposures = await exposuresOfAccounts(
      ctx.db,
      due.filter((a) => a.open).map((a) => a.id),
    );
    const rows: Snapshot[] = [];
    for (const a of due) {
      if (a.open && !ctx.prices) continue;
      const equity = a.open ? await equityOf(valuerFor(a.currency), a.balance, exposures.get(a.id) ?? []) : new Decimal(a.balance);
      rows.push({ accountId: a.id, hour, balance: a.balance, equity: equity.toFixed(2) });
    }
    written += await insertSnapshots(ctx.db, rows);
    after = due.at(-1)!.id;
    if (due.length < BATCH) break;
  }
  return written;
}

/** The hourly equity snapshots, on the node that runs background work: at start, then every few minutes. */
export async function equitySnapshotsAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  // At start too, so an hour the process was down for is still recorded once it is back; as a run
  // of the job, so it is fenced by the lease, counted, and finished before the database closes.
  runEvery(ctx, CHECK_EVERY_MS, 'equity snapshots', () => snapshotEquity(ctx, Date.now()), { atStart: true });
}
