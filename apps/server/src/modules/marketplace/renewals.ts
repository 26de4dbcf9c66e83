import { Decimal } from 'decimal.js';
import { localized, notices } from '@bourse/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { runEvery } from '../../lib/background-job.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { notify } from '../notifications/notifications.service.ts';
import { lockAccount } from '../trading/trades.repository.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { lockDueRenewals, publishedItem, updatePurchase, type PurchaseRow } from './marketplace.repository.ts';
import { ensureFunds, nextRenewal } from './marketplace.service.ts';

const BATCH = 50;
const EVERY_MS = 60_000;

/** Why a subscription lapsed: the free margin did not cover it, or it was on a demo account. */
type Outcome = { userId: number; name: string; renewed: boolean; demo?: boolean };

/**
 * Renews every monthly purchase due by `now`, each period exactly once: the purchase row is
 * locked and its `renews_at` moves on in the transaction that debits the balance, so a second run
 * (on this node or another) finds nothing due. A purchase the free margin cannot pay lapses.
 */
export async function renewDue(ctx: AppContext, now: Date): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const due = await lockDueRenewals(tx, now, BATCH);
      const done: Outcome[] = [];
      for (const purchase of due) done.push(await renewOne(ctx, tx, purchase));
      return done;
    });
    outcomes.push(...batch);
    if (batch.length < BATCH) break;
  }
  for (const o of outcomes) await tell(ctx, o);
  return outcomes;
}

async function renewOne(ctx: AppContext, tx: Tx, p: PurchaseRow): Promise<Outcome> {
  const item = await publishedItem(tx, p.eaId);
  const name = item?.name ?? 'Marketplace item';
  const account = (await lockAccount(tx, p.accountId))!;
  const price = new Decimal(item?.amount ?? p.amount);
  // A subscription taken on a demo account before paid items needed a live one ends here.
  if (price.greaterThan(0) && account.kind === 'demo') {
    await updatePurchase(tx, p.id, { status: 'lapsed' });
    return { userId: p.userId, name, renewed: false, demo: true };
  }
  try {
    if (!item) throw new HttpError(404, 'withdrawn');
    if (price.greaterThan(0)) await ensureFunds(ctx, tx, account, price);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await updatePurchase(tx, p.id, { status: 'lapsed' });
    return { userId: p.userId, name, renewed: false };
  }
  const period = p.renewsAt!;
  if (price.greaterThan(0)) {
    await postEntry(tx, { accountId: p.accountId, kind: 'purchase', amount: price.negated().toFixed(2), reference: `ea:${p.eaId}:renewal:${period.toISOString()}` });
  }
  await updatePurchase(tx, p.id, { renewsAt: nextRenewal(period) });
  return { userId: p.userId, name, renewed: true };
}

async function tell(ctx: AppContext, o: Outcome): Promise<void> {
  await notify(ctx, o.userId, o.renewed
    ? { title: localized(notices.renewedTitle), message: localized(notices.renewed, { name: o.name }), color: 'success' }
    : { title: localized(notices.lapsedTitle), message: localized(o.demo ? notices.lapsedDemo : notices.lapsed, { name: o.name }), color: 'warning' });
  await publishUserUpdated(ctx, o.userId);
}

/** Runs the renewals every minute on the node that runs the background workers. */
export async function renewalsAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  runEvery(ctx, EVERY_MS, 'marketplace renewals', () => renewDue(ctx, new Date()));
}
