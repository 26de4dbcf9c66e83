import { marketplaceMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/errors.ts';
import { ensureAccountUsable } from '../accounts/account-usable.service.ts';
import { accountsOfUser, type TradingAccountRow } from '../accounts/accounts.repository.ts';
import { accountFor } from '../trading/order.service.ts';
import { planOfUser, plansOfItems } from './marketplace.repository.ts';

const liveOnly = () => new HttpError(422, msg.liveOnly, { account_id: [msg.liveOnly] });

/**
 * The account a purchase is taken from. Demo money is play money: a paid item is paid from a live
 * account only, by default the customer's first usable live one; a free item may go on any
 * account, by default the first.
 */
export async function payingAccount(ctx: AppContext, userId: number, accountId: number | undefined, paid: boolean): Promise<TradingAccountRow> {
  if (paid && accountId === undefined) {
    const live = (await accountsOfUser(ctx.db, userId)).find((a) => a.kind === 'live' && a.status === 'active');
    if (!live) throw liveOnly();
    return live;
  }
  const account = await accountFor(ctx, userId, accountId);
  ensureAccountUsable(account, 'account_id');
  if (paid && account.kind !== 'live') throw liveOnly();
  return account;
}

/**
 * Refuses an item the customer's plan may not run (SPEC §6 wording): bought now, it could not be
 * started, so the customer is sent to a plan that includes it first.
 */
export async function ensurePlanAllows(ctx: AppContext, userId: number, itemId: number): Promise<void> {
  const plans = (await plansOfItems(ctx.db, [itemId])).get(itemId);
  if (!plans) return;
  const planId = await planOfUser(ctx.db, userId);
  if (!plans.some((p) => p.id === planId)) throw new HttpError(403, msg.notInPlan, { expert_advisor_id: [msg.notInPlan] });
}
