import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { closingPrice, markedQuote, pnlDecimal, type BidAsk } from '@bourse/domain';
import type { CloseReason } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { postEntry } from '../accounts/ledger.service.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import type { PriceSource } from '../market/price-source.ts';
import { closeTradeIf, insertTrade, tradesOfAccount, updateTradeIf, type TradeRow } from './trades.repository.ts';
import { writeFlatten } from './a-book/a-book-flatten.ts';
import { closeCommissionSplit, postCommission } from './commission.ts';

/** A public trade id: short, unguessable, unique (a collision fails the insert, never merges). */
export function newTradeId(): string {
  return `T${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * Result of settling a close: the closed row (the slice, for a partial close), the new balance, and
 * the account's other positions closed because the balance went below zero (see `settleClose`).
 */
export type Settlement = { closed: TradeRow; remaining: TradeRow | null; pnl: Decimal; commission: Decimal; balance: string | null; liquidated: TradeRow[] };

/** Where the account's other positions would close now, for liquidating them. */
export type Market = { prices: PriceSource; conversion(quoteCurrency: string): Promise<number | null> };

export type CloseOrder = {
  trade: TradeRow;
  quote: BidAsk;
  /** Account-currency value of one unit of the trade's quote currency. */
  conversion: number;
  reason: CloseReason;
  /** Lots to close; the whole position when omitted or equal to it. */
  lots?: number;
};

/**
 * Closes an open trade (or part of it) at the quote's closing side and posts the realised P&L to
 * the ledger, in the caller's transaction with the account already locked. Returns null when the
 * trade was no longer open: it settled elsewhere, and must not settle twice.
 *
 * Negative balance protection is per account, not per position. When the P&L leaves the balance
 * below zero, the account has run out of money: its other open positions are closed at the current
 * price (reason stop_out) and their P&L posted first, and only what is still negative after that
 * is corrected back to exactly 0. Correcting each loss on its own would let a hedged pair turn a
 * loss written off by the broker into the other leg's profit.
 */
export async function settleClose(tx: DbOrTx, order: CloseOrder, market: Market): Promise<Settlement | null> {
  const first = await closeTrade(tx, order);
  if (!first) return null;
  // A partial close's slice is a new row without the order's key: the log names who placed the order.
  await recordActivity(tx, 'closed', { ...first.closed, idempotencyKey: order.trade.idempotencyKey }, order.reason === 'manual' ? undefined : 'system');
  let balance = await postRealised(tx, order.trade.accountId, first.pnl, first.closed.tradeId);
  balance = (await postCommission(tx, order.trade.accountId, first.commission, first.closed.tradeId)) ?? balance;
  const liquidated: TradeRow[] = [];
  if (balance === null || !new Decimal(balance).isNegative()) return { ...first, balance, liquidated };
  for (const trade of await tradesOfAccount(tx, order.trade.accountId, ['open'])) {
    const quote = market.prices.isOpen(trade.assetId) ? market.prices.quote(trade.assetId) : null;
    const conversion = quote ? await market.conversion(trade.quoteCurrency) : null;
    if (!quote || conversion === null) continue;
    const next = await closeTrade(tx, { trade, quote, conversion, reason: 'stop_out' });
    if (!next) continue;
    liquidated.push(next.closed);
    if (trade.venue) await writeFlatten(tx, trade);
    await recordActivity(tx, 'closed', next.closed, 'system');
    balance = (await postRealised(tx, trade.accountId, next.pnl, next.closed.tradeId)) ?? balance;
    balance = (await postCommission(tx, trade.accountId, next.commission, next.closed.tradeId)) ?? balance;
  }
  if (new Decimal(balance).isNegative()) {
    balance = await postEntry(tx, {
      accountId: order.trade.accountId,
      kind: 'correction',
      amount: new Decimal(balance).negated().toFixed(2),
      reference: `negative balance protection ${first.closed.tradeId}`,
    });
  }
  return { ...first, balance, liquidated };
}

/**
 * The trade (or its closed slice) marked closed at the quote, with its P&L and the commission the
 * close charges (its share of the close commission fixed at the fill); null when it was no longer open.
 */
async function closeTrade(tx: DbOrTx, order: CloseOrder): Promise<{ closed: TradeRow; remaining: TradeRow | null; pnl: Decimal; commission: Decimal } | null> {
  const { trade } = order;
  // The trade closes on the quote widened by the markup it was placed with.
  const price = closingPrice(trade.tradeType, markedQuote(order.quote, Number(trade.markup)));
  const partial = order.lots !== undefined && new Decimal(order.lots).lessThan(trade.lots);
  const units = partial ? new Decimal(order.lots!).times(trade.contractSize) : new Decimal(trade.volume);
  const pnl = pnlDecimal({
    side: trade.tradeType,
    units: units.toNumber(),
    openPrice: Number(trade.openingPrice),
    closePrice: price,
    conversion: order.conversion,
  });
  const commission = closeCommissionSplit(trade, partial ? order.lots! : Number(trade.lots));
  const closedFields = { status: 'closed' as const, closingPrice: String(price), pnl: pnl.toFixed(2), closeReason: order.reason, closeTime: new Date() };
  if (!partial) {
    const closed = await closeTradeIf(tx, trade.id, 'open', { ...closedFields, commission: commission.closed, closeCommission: '0.00' });
    return closed && { closed, remaining: null, pnl, commission: commission.charge };
  }
  const share = new Decimal(order.lots!).dividedBy(trade.lots);
  const closedMargin = share.times(trade.margin).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  // The swaps charged so far go with the lots: the closed slice shows its share.
  const closedSwap = share.times(trade.swap).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const remaining = await updateTradeIf(tx, trade.id, 'open', {
    lots: new Decimal(trade.lots).minus(order.lots!).toFixed(2),
    volume: new Decimal(trade.volume).minus(units).toFixed(8),
    margin: new Decimal(trade.margin).minus(closedMargin).toFixed(2),
    swap: new Decimal(trade.swap).minus(closedSwap).toFixed(2),
    ...commission.remaining,
  });
  if (!remaining) return null;
  const { id: _id, createdAt: _c, updatedAt: _u, idempotencyKey: _k, requestHash: _h, firstResponse: _f, ...copy } = trade;
  const closed = await insertTrade(tx, {
    ...copy,
    ...closedFields,
    tradeId: newTradeId(),
    parentId: trade.id,
    lots: new Decimal(order.lots!).toFixed(2),
    volume: units.toFixed(8),
    margin: closedMargin.toFixed(2),
    swap: closedSwap.toFixed(2),
    commission: commission.closed,
    closeCommission: '0.00',
  });
  return { closed, remaining, pnl, commission: commission.charge };
}

/** Posts realised P&L; returns the new balance, or null when there was nothing to post. */
function postRealised(tx: DbOrTx, accountId: number, pnl: Decimal, reference: string): Promise<string | null> {
  if (pnl.isZero()) return Promise.resolve(null);
  return postEntry(tx, { accountId, kind: 'realised_pnl', amount: pnl.toFixed(2), reference });
}
