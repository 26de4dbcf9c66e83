import { Decimal } from 'decimal.js';
import { marketplaceMessages as msg, parseAdvisorParams, strategyKeys, type ExpertAdvisor, type StrategyKey } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import type { TradingAccountRow } from '../accounts/accounts.repository.ts';
import { freeMarginOf } from '../accounts/free-margin.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { lockAccount } from '../trading/trades.repository.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { countDownload, type ItemPlan, insertPurchase, ownedItemIds, plansOfItems, publishedItem, publishedItems, purchaseByKey, type ExpertAdvisorRow } from './marketplace.repository.ts';
import { ensurePlanAllows, payingAccount } from './paying-account.ts';

/** The catalogue as the caller sees it: every published item with whether they own it. */
export async function listItems(db: DbOrTx, userId: number, language?: string): Promise<ExpertAdvisor[]> {
  const [items, owned] = await Promise.all([publishedItems(db), ownedItemIds(db, userId)]);
  const plans = await plansOfItems(db, items.map((i) => i.id));
  const mine = new Set(owned);
  return items.map((item) => itemView(item, mine.has(item.id), plans.get(item.id) ?? [], language));
}

/** An advisor's complete parameters as its robot and its backtest run them; an item that does not trade keeps its own. */
function shownParams(row: ExpertAdvisorRow): Record<string, unknown> {
  if (!strategyKeys.includes(row.strategy as StrategyKey)) return row.defaultParams;
  const parsed = parseAdvisorParams(row.strategy as StrategyKey, row.defaultParams);
  return parsed.success ? (parsed.data as Record<string, unknown>) : row.defaultParams;
}

function itemView(row: ExpertAdvisorRow, owned: boolean, plans: ItemPlan[], language?: string): ExpertAdvisor {
  // Each text falls back to English on its own, so a translated name with no description still reads.
  const translated = language ? row.translations[language] : undefined;
  const name = translated?.name || row.name;
  return {
    id: row.id,
    name,
    title: name,
    description: translated?.description || row.description,
    author: row.author,
    image: row.image,
    type: row.type,
    strategy: row.strategy,
    default_params: shownParams(row),
    features: row.features,
    amount_val: Number(row.amount),
    amount: row.amount,
    billing: row.billing,
    rating: Number(row.rating),
    downloads: row.downloads,
    status: owned ? 'purchased' : 'available',
    plans,
  };
}

/** A month after `from`: the next renewal of a monthly item. */
export function nextRenewal(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * POST /purchase/ea: refuses an item the customer's plan may not run and a paid item from a demo
 * account; then, in one transaction holding the account lock, checks the free margin, debits the
 * price as a `purchase` journal entry and records the ownership. The ownership's unique index makes
 * any number of clicks debit once; a retry with the same key answers success again.
 */
export async function purchaseItem(ctx: AppContext, userId: number, itemId: number, accountId: number | undefined, key: string | null): Promise<void> {
  const item = await publishedItem(ctx.db, itemId);
  if (!item) throw notFound(msg.notFound);
  await ensurePlanAllows(ctx, userId, item.id);
  const price = new Decimal(item.amount);
  const account = await payingAccount(ctx, userId, accountId, price.greaterThan(0));
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = (await lockAccount(tx, account.id))!;
      if (price.greaterThan(0)) await ensureFunds(ctx, tx, locked, price);
      const now = new Date();
      await insertPurchase(tx, {
        userId,
        accountId: account.id,
        eaId: item.id,
        amount: item.amount,
        renewsAt: item.billing === 'monthly' ? nextRenewal(now) : null,
        idempotencyKey: key,
      });
      if (price.greaterThan(0)) await postEntry(tx, { accountId: account.id, kind: 'purchase', amount: price.negated().toFixed(2), reference: `ea:${item.id}` });
      await countDownload(tx, item.id);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const prior = key ? await purchaseByKey(ctx.db, userId, key) : null;
    if (prior?.eaId === item.id) return;
    throw conflict(msg.owned);
  }
  await publishUserUpdated(ctx, userId);
}

/** Refuses a charge the account's free margin (equity − margin used) does not cover. */
export async function ensureFunds(ctx: AppContext, tx: DbOrTx, account: TradingAccountRow, price: Decimal): Promise<void> {
  if (price.greaterThan(await freeMarginOf(ctx, tx, account))) throw new HttpError(422, msg.insufficientFunds, { expert_advisor_id: [msg.insufficientFunds] });
}
