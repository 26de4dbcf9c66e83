import type {
  IExecutionReport,
  INewOrderSingle,
  IOrderStatusRequest,
  IPositionReport,
  IRequestForPositions,
  IRequestForPositionsAck,
} from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import type { LpOrder, OrderRequest, OrderStep } from './lp-orders.ts';

/** The order messages the provider reads and sends, as objects for jspurefix's FIX 4.4 encoder. */

export function readNewOrder(msg: INewOrderSingle): OrderRequest {
  return {
    clOrdId: msg.ClOrdID,
    symbol: msg.Instrument?.Symbol ?? '',
    side: msg.Side,
    quantity: Number(msg.OrderQtyData?.OrderQty),
    ordType: msg.OrdType,
    price: msg.Price,
    timeInForce: msg.TimeInForce,
  };
}

/**
 * ExecutionReport (8) of one step of an order. `execType` 'I' (order status) reports where the
 * order stands, in answer to an OrderStatusRequest or to a NewOrderSingle repeating its ClOrdID.
 */
export function executionReport(order: LpOrder, step: OrderStep, execId: string, execType: string = step.execType): IExecutionReport {
  const { request } = order;
  return {
    OrderID: order.orderId,
    ClOrdID: request.clOrdId,
    ExecID: execId,
    ExecType: execType,
    OrdStatus: step.ordStatus,
    ...(step.rejectReason !== undefined && { OrdRejReason: step.rejectReason }),
    Instrument: { Symbol: request.symbol },
    Side: request.side,
    OrderQtyData: { OrderQty: request.quantity },
    OrdType: request.ordType,
    ...(request.price !== undefined && { Price: request.price }),
    ...(request.timeInForce !== undefined && { TimeInForce: request.timeInForce }),
    ...(execType !== 'I' && step.lastQty !== undefined && { LastQty: step.lastQty, LastPx: step.lastPx }),
    LeavesQty: step.leavesQty,
    CumQty: step.cumQty,
    AvgPx: step.avgPx,
    TransactTime: new Date(),
    ...(step.text !== undefined && { Text: step.text }),
  } as IExecutionReport;
}

/** The answer to an OrderStatusRequest for a ClOrdID never received: OrdStatus rejected, OrdRejReason 5 (unknown order). */
export function unknownOrderReport(msg: IOrderStatusRequest, execId: string): IExecutionReport {
  return {
    OrderID: 'NONE',
    ClOrdID: msg.ClOrdID,
    ExecID: execId,
    ExecType: 'I',
    OrdStatus: '8',
    OrdRejReason: 5,
    Instrument: { Symbol: msg.Instrument?.Symbol ?? '' },
    Side: msg.Side,
    LeavesQty: 0,
    CumQty: 0,
    AvgPx: 0,
    TransactTime: new Date(),
    Text: 'unknown order',
  } as IExecutionReport;
}

/** RequestForPositionsAck (AO): how many PositionReports follow; PosReqResult 2 (none found) when there are none. */
export function positionsAck(msg: IRequestForPositions, reportId: string, count: number): IRequestForPositionsAck {
  return {
    PosMaintRptID: reportId,
    PosReqID: msg.PosReqID,
    TotalNumPosReports: count,
    PosReqResult: count ? 0 : 2,
    // Completed.
    PosReqStatus: 0,
    Account: msg.Account,
    AccountType: msg.AccountType,
  } as IRequestForPositionsAck;
}

/** PositionReport (AP) of one symbol: the net quantity as LongQty or ShortQty, PosType TQ (transaction quantity). */
export function positionReport(msg: IRequestForPositions, reportId: string, count: number, symbol: string, net: number, mid: number): IPositionReport {
  return {
    PosMaintRptID: reportId,
    PosReqID: msg.PosReqID,
    TotalNumPosReports: count,
    PosReqResult: 0,
    ClearingBusinessDate: msg.ClearingBusinessDate ?? new Date(),
    Account: msg.Account,
    AccountType: msg.AccountType,
    Instrument: { Symbol: symbol },
    SettlPrice: mid,
    // Theoretical: a mid of the moment, not a settlement.
    SettlPriceType: 2,
    PriorSettlPrice: mid,
    PositionQty: { NoPositions: [{ PosType: 'TQ', LongQty: Math.max(net, 0), ShortQty: Math.max(-net, 0) }] },
  } as IPositionReport;
}
