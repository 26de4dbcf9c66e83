import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/statement.ts';
import { runEvery } from '../../lib/background-job.ts';
import { unbalancedAccounts } from './ledger.repository.ts';

/** What one ledger check found: accounts whose balance is not the sum of their journal, and live accounts below zero. */
export type LedgerCheck = { unbalanced: { id: number; balance: string; journal: string }[]; negative: { id: number; balance: string }[] };

/** Checks every account: balance = Σ journal, and no live (retail) balance below zero (negative balance protection). */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const negative = rowsOf<{ id: number; balance: string }>(
    await db.execute(sql`SELECT id, balance::text AS balance FROM trading_accounts WHERE kind = 'live' AND balance < 0 ORDER BY id`),
  );
  return { unbalanced: await unbalancedAccounts(db), negative };
}

/**
 * Attachment: the worker checks the ledger at start and every LEDGER_CHECK_MINUTES. A failure is a
 * metric (bourse_ledger_unbalanced_accounts, bourse_ledger_negative_live_balances, which the alert
 * rules watch) and an error in the log naming the accounts.
 */
export async function ledgerCheckAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers || !(ctx.config.ledgerCheckMinutes > 0)) return;
  const { metrics } = ctx;
  runEvery(
    ctx,
    ctx.config.ledgerCheckMinutes * 60_000,
    'ledger check',
    async () => {
      const found = await checkLedger(ctx.db);
      metrics.ledgerUnbalanced.set(found.unbalanced.length);
      metrics.ledgerNegative.set(found.negative.length);
      metrics.ledgerCheckedAt.set(Date.now() / 1000);
      if (found.unbalanced.length || found.negative.length) ctx.log.error({ unbalanced: found.unbalanced.slice(0, 20), negative: found.negative.slice(0, 20) }, 'ledger check failed');
    },
    { atStart: true },
  );
}
