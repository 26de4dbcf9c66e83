import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { closingPrice, pnlDecimal, type BidAsk } from '@bourse/domain';
import type { CloseReason } from '@bourse/contract';
import type { DbOrTx } from '../../db/client.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { insertTrade, updateTradeIf, type TradeRow } from './trades.repository.ts';

/** A public trade id: short, unguessable, unique (a collision fails the insert, never merges). */
export function newTradeId(): string {
  return `T${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** Result of settling a close: the closed row (the slice, for a partial close) and the new balance. */
export type Settlement = { closed: TradeRow; remaining: TradeRow | null; pnl: Decimal; balance: string | null };

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
 */
export async function settleClose(tx: DbOrTx, order: CloseOrder): Promise<Settlement | null> {
  const { trade } = order;
  const price = closingPrice(trade.tradeType, order.quote);
  const partial = order.lots !== undefined && new Decimal(order.lots).lessThan(trade.lots);
  const units = partial ? new Decimal(order.lots!).times(trade.contractSize) : new Decimal(trade.volume);
  const pnl = pnlDecimal({
    side: trade.tradeType,
    units: units.toNumber(),
    openPrice: Number(trade.openingPrice),
    closePrice: price,
    conversion: order.conversion,
  });
  const closedFields = { status: 'closed' as const, closingPrice: String(price), pnl: pnl.toFixed(2), closeReason: order.reason, closeTime: new Date() };
  let closed: TradeRow | null;
  let remaining: TradeRow | null = null;
  if (partial) {
    const share = new Decimal(order.lots!).dividedBy(trade.lots);
    const closedMargin = share.times(trade.margin).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    remaining = await updateTradeIf(tx, trade.id, 'open', {
      lots: new Decimal(trade.lots).minus(order.lots!).toFixed(2),
      volume: new Decimal(trade.volume).minus(units).toFixed(8),
      margin: new Decimal(trade.margin).minus(closedMargin).toFixed(2),
    });
    if (!remaining) return null;
    const { id: _id, createdAt: _c, updatedAt: _u, idempotencyKey: _k, requestHash: _h, firstResponse: _f, ...copy } = trade;
    closed = await insertTrade(tx, {
      ...copy,
      ...closedFields,
      tradeId: newTradeId(),
      parentId: trade.id,
      lots: new Decimal(order.lots!).toFixed(2),
      volume: units.toFixed(8),
      margin: closedMargin.toFixed(2),
    });
  } else {
    closed = await updateTradeIf(tx, trade.id, 'open', closedFields);
    if (!closed) return null;
  }
  const balance = await postPnl(tx, trade.accountId, pnl, closed.tradeId);
  return { closed, remaining, pnl, balance };
}

/**
 * Posts realised P&L, then applies negative balance protection: a balance left below zero is
 * brought back to exactly 0 with a `correction` entry. Returns the new balance, or null when
 * nothing was posted.
 */
export async function postPnl(tx: DbOrTx, accountId: number, pnl: Decimal, reference: string): Promise<string | null> {
  if (pnl.isZero()) return null;
  const balance = await postEntry(tx, { accountId, kind: 'realised_pnl', amount: pnl.toFixed(2), reference });
  if (!new Decimal(balance).isNegative()) return balance;
  return postEntry(tx, {
    accountId,
    kind: 'correction',
    amount: new Decimal(balance).negated().toFixed(2),
    reference: `negative balance protection ${reference}`,
  });
}
