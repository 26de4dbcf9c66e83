import type {
  IBusinessMessageReject,
  IExecutionReport,
  INewOrderSingle,
  IOrderStatusRequest,
  IPositionReport,
  IRequestForPositions,
  IRequestForPositionsAck,
} from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import type { VenueOrder, VenueResult } from './venue-types.ts';

/**
 * The FIX 4.4 order messages an execution venue sends and reads, as the objects jspurefix encodes
 * and decodes (its bundled QuickFIX 4.4 dictionary; OrderQty sits in the OrderQtyData component).
 */

/** Side (54). */
const SIDES = { buy: '1', sell: '2' } as const;
/** TimeInForce (59). */
const TIME_IN_FORCE = { IOC: '3', FOK: '4' } as const;
/** OrdStatus (39) after which nothing more happens to an order. */
const DONE = { filled: '2', rejected: '8', cancelled: '4', doneForDay: '3', expired: 'C' } as const;
/** OrdStatus (39) of an order still in progress, in words. */
const IN_PROGRESS: Record<string, string> = {
  '0': 'new',
  '1': 'partially filled',
  '5': 'replaced',
  '6': 'pending cancel',
  '7': 'stopped',
  '9': 'suspended',
  A: 'pending new',
  B: 'calculated',
  D: 'accepted for bidding',
  E: 'pending replace',
};
/** OrdRejReason (103), for a reject that comes without a Text. */
const REJECT_REASONS: Record<number, string> = {
  0: 'refused by the provider',
  1: 'unknown symbol',
  2: 'exchange closed',
  3: 'order exceeds limit',
  4: 'too late to enter',
  5: 'unknown order',
  6: 'duplicate order',
  8: 'stale order',
  11: 'unsupported order characteristic',
  13: 'incorrect quantity',
};
/** PosReqResult (1230). */
const POSITIONS_NONE_FOUND = 2;
/** AccountType (581): carried on the customer side of the provider's books. */
const CUSTOMER_ACCOUNT = 1;

/** NewOrderSingle (D): a limit order at `limitPrice`, or a market order when it is null. */
export function newOrderSingle(order: VenueOrder, now: Date): INewOrderSingle {
  return {
    ClOrdID: order.clOrdId,
    Instrument: { Symbol: order.symbol },
    Side: SIDES[order.side],
    TransactTime: now,
    OrderQtyData: { OrderQty: order.quantity },
    OrdType: order.limitPrice === null ? '1' : '2',
    ...(order.limitPrice !== null && { Price: order.limitPrice }),
    TimeInForce: TIME_IN_FORCE[order.timeInForce],
  } as INewOrderSingle;
}

/** OrderStatusRequest (H): where the order with this ClOrdID stands. */
export function orderStatusRequest(clOrdId: string, symbol: string, side: VenueOrder['side']): IOrderStatusRequest {
  return { ClOrdID: clOrdId, Instrument: { Symbol: symbol }, Side: SIDES[side] } as IOrderStatusRequest;
}

/** RequestForPositions (AN) for positions (PosReqType 0) of the session's account, as of today. */
export function requestForPositions(reqId: string, account: string, now: Date): IRequestForPositions {
  return {
    PosReqID: reqId,
    PosReqType: 0,
    Account: account,
    AccountType: CUSTOMER_ACCOUNT,
    ClearingBusinessDate: now,
    TransactTime: now,
  } as IRequestForPositions;
}

/** What an ExecutionReport says of its order. */
export type ReportReading = {
  clOrdId: string | undefined;
  /** The order is done: the result will not change. */
  final: boolean;
  /** ExecType I: the provider answering a status request (or a repeated ClOrdID) with the order as it stands. */
  statusAnswer: boolean;
  result: VenueResult;
};

/**
 * The order's state after an ExecutionReport, from its cumulative figures (CumQty, AvgPx), so that
 * any one report of several (a part-fill, then the cancel of the rest) tells the whole story so far.
 */
export function readExecutionReport(msg: IExecutionReport): ReportReading {
  const filledQuantity = isNumber(msg.CumQty) && msg.CumQty > 0 ? msg.CumQty : 0;
  const averagePrice = filledQuantity > 0 && isNumber(msg.AvgPx) && msg.AvgPx > 0 ? msg.AvgPx : null;
  const reading = (final: boolean, status: VenueResult['status'], text: string | undefined): ReportReading => ({
    clOrdId: msg.ClOrdID,
    final,
    statusAnswer: msg.ExecType === 'I',
    result: { status, filledQuantity, averagePrice, ...(text !== undefined && { text }) },
  });
  const text = msg.Text || undefined;
  switch (msg.OrdStatus) {
    case DONE.filled:
      return reading(true, 'filled', text);
    case DONE.rejected:
      return reading(true, 'rejected', text ?? rejectReason(msg.OrdRejReason));
    case DONE.cancelled:
    case DONE.doneForDay:
    case DONE.expired: {
      const why = text ?? (msg.OrdStatus === DONE.cancelled ? 'cancelled' : msg.OrdStatus === DONE.expired ? 'expired' : 'done for day');
      return reading(true, filledQuantity > 0 ? 'partial' : 'rejected', why);
    }
    default:
      return reading(false, 'unknown', `order ${IN_PROGRESS[msg.OrdStatus] ?? `in OrdStatus ${msg.OrdStatus}`}`);
  }
}

function rejectReason(reason: number | undefined): string {
  if (reason === undefined) return 'rejected';
  return REJECT_REASONS[reason] ?? `rejected (OrdRejReason ${reason})`;
}

/** How many PositionReports follow an acknowledgement, or why the request was refused. */
export function readPositionsAck(msg: IRequestForPositionsAck): { reports: number } | { refused: string } {
  if (msg.PosReqResult === POSITIONS_NONE_FOUND) return { reports: 0 };
  if (msg.PosReqResult !== 0) return { refused: msg.Text || `PosReqResult ${msg.PosReqResult}` };
  return { reports: isNumber(msg.TotalNumPosReports) ? msg.TotalNumPosReports : 0 };
}

/**
 * A symbol's net quantity: LongQty less ShortQty, summed over the report's entries (a provider
 * reporting several position types for a symbol in one report would be counted more than once).
 */
export function readPositionReport(msg: IPositionReport): { symbol: string | undefined; net: number; total: number | undefined } {
  let net = 0;
  for (const entry of msg.PositionQty?.NoPositions ?? []) {
    if (isNumber(entry.LongQty)) net += entry.LongQty;
    if (isNumber(entry.ShortQty)) net -= entry.ShortQty;
  }
  return { symbol: msg.Instrument?.Symbol, net: Number(net.toFixed(8)), total: isNumber(msg.TotalNumPosReports) ? msg.TotalNumPosReports : undefined };
}

/** The ClOrdID or PosReqID a BusinessMessageReject refers to, and why, in words. */
export function readBusinessReject(msg: IBusinessMessageReject): { refMsgType: string; refId: string | undefined; text: string } {
  return { refMsgType: msg.RefMsgType, refId: msg.BusinessRejectRefID, text: msg.Text || `BusinessRejectReason ${msg.BusinessRejectReason}` };
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
