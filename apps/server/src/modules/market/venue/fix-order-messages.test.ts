import type { IExecutionReport, IPositionReport, IRequestForPositionsAck } from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import { describe, expect, it } from 'vitest';
import {
  newOrderSingle,
  orderStatusRequest,
  readBusinessReject,
  readExecutionReport,
  readPositionReport,
  readPositionsAck,
  requestForPositions,
} from './fix-order-messages.ts';

const NOW = new Date('2026-03-02T10:00:00Z');
const report = (fields: Partial<IExecutionReport>) => ({ ClOrdID: 'c1', ExecType: 'F', CumQty: 0, AvgPx: 0, ...fields }) as IExecutionReport;

describe('FIX order messages', () => {
  it('sends a limit order with its price, and a market order without one', () => {
    expect(newOrderSingle({ clOrdId: 'c1', symbol: 'EUR/USD', side: 'sell', quantity: 100_000, limitPrice: 1.085, timeInForce: 'FOK' }, NOW)).toEqual({
      ClOrdID: 'c1',
      Instrument: { Symbol: 'EUR/USD' },
      Side: '2',
      TransactTime: NOW,
      OrderQtyData: { OrderQty: 100_000 },
      OrdType: '2',
      Price: 1.085,
      TimeInForce: '4',
    });
    const market = newOrderSingle({ clOrdId: 'c2', symbol: 'BTC/USD', side: 'buy', quantity: 0.5, limitPrice: null, timeInForce: 'IOC' }, NOW);
    expect(market).toMatchObject({ Side: '1', OrdType: '1', TimeInForce: '3' });
    expect(market).not.toHaveProperty('Price');
  });

  it('asks after an order by ClOrdID, and for the positions of the account', () => {
    expect(orderStatusRequest('c1', 'BTC/USD', 'buy')).toEqual({ ClOrdID: 'c1', Instrument: { Symbol: 'BTC/USD' }, Side: '1' });
    expect(requestForPositions('p1', 'BOURSE', NOW)).toEqual({ PosReqID: 'p1', PosReqType: 0, Account: 'BOURSE', AccountType: 1, ClearingBusinessDate: NOW, TransactTime: NOW });
  });

  it('reads a fill, and a part-fill as not yet final until the rest is cancelled', () => {
    expect(readExecutionReport(report({ OrdStatus: '2', CumQty: 2, AvgPx: 101.5 }))).toEqual({
      clOrdId: 'c1',
      final: true,
      statusAnswer: false,
      result: { status: 'filled', filledQuantity: 2, averagePrice: 101.5 },
    });
    expect(readExecutionReport(report({ OrdStatus: '1', CumQty: 1, AvgPx: 101.5 }))).toMatchObject({
      final: false,
      result: { status: 'unknown', filledQuantity: 1, averagePrice: 101.5, text: 'order partially filled' },
    });
    expect(readExecutionReport(report({ ExecType: '4', OrdStatus: '4', CumQty: 1, AvgPx: 101.5, Text: 'rest cancelled' }))).toMatchObject({
      final: true,
      result: { status: 'partial', filledQuantity: 1, averagePrice: 101.5, text: 'rest cancelled' },
    });
    expect(readExecutionReport(report({ ExecType: 'I', OrdStatus: '3', CumQty: 0.4, AvgPx: 99 }))).toMatchObject({
      final: true,
      statusAnswer: true,
      result: { status: 'partial', filledQuantity: 0.4, text: 'done for day' },
    });
  });

  it('reads a reject, or a cancel that filled nothing, as rejected, in the provider’s words or the reason code’s', () => {
    expect(readExecutionReport(report({ ExecType: '8', OrdStatus: '8', Text: 'credit line exhausted' })).result).toEqual({
      status: 'rejected',
      filledQuantity: 0,
      averagePrice: null,
      text: 'credit line exhausted',
    });
    expect(readExecutionReport(report({ ExecType: '8', OrdStatus: '8', OrdRejReason: 1 })).result.text).toBe('unknown symbol');
    expect(readExecutionReport(report({ ExecType: 'I', OrdStatus: '8', OrdRejReason: 5 })).result).toMatchObject({ status: 'rejected', text: 'unknown order' });
    expect(readExecutionReport(report({ ExecType: '8', OrdStatus: '8', OrdRejReason: 42 })).result.text).toBe('rejected (OrdRejReason 42)');
    expect(readExecutionReport(report({ ExecType: '4', OrdStatus: '4' })).result).toMatchObject({ status: 'rejected', filledQuantity: 0, text: 'cancelled' });
    expect(readExecutionReport(report({ ExecType: 'C', OrdStatus: 'C' })).result).toMatchObject({ status: 'rejected', text: 'expired' });
  });

  it('reads an order still in progress as not final, whatever the status', () => {
    expect(readExecutionReport(report({ ExecType: '0', OrdStatus: '0' }))).toMatchObject({ final: false, result: { status: 'unknown', text: 'order new' } });
    expect(readExecutionReport(report({ ExecType: 'I', OrdStatus: 'Z' }))).toMatchObject({ final: false, statusAnswer: true, result: { text: 'order in OrdStatus Z' } });
    // A price without a fill is no average price.
    expect(readExecutionReport(report({ OrdStatus: '0', CumQty: 0, AvgPx: 101 })).result.averagePrice).toBeNull();
  });

  it('reads how many position reports follow, none found, or a refusal', () => {
    const ack = (fields: Partial<IRequestForPositionsAck>) => ({ PosMaintRptID: 'a', PosReqID: 'p1', PosReqStatus: 0, ...fields }) as IRequestForPositionsAck;
    expect(readPositionsAck(ack({ PosReqResult: 0, TotalNumPosReports: 3 }))).toEqual({ reports: 3 });
    expect(readPositionsAck(ack({ PosReqResult: 2, TotalNumPosReports: 0 }))).toEqual({ reports: 0 });
    expect(readPositionsAck(ack({ PosReqResult: 3, Text: 'not authorised' }))).toEqual({ refused: 'not authorised' });
    expect(readPositionsAck(ack({ PosReqResult: 4 }))).toEqual({ refused: 'PosReqResult 4' });
  });

  it('reads a position as long less short', () => {
    const position = (NoPositions: object[]) => ({ PosReqID: 'p1', TotalNumPosReports: 2, Instrument: { Symbol: 'BTC/USD' }, PositionQty: { NoPositions } }) as IPositionReport;
    expect(readPositionReport(position([{ PosType: 'TQ', LongQty: 1.85, ShortQty: 0 }]))).toEqual({ symbol: 'BTC/USD', net: 1.85, total: 2 });
    expect(readPositionReport(position([{ PosType: 'TQ', LongQty: 0.1, ShortQty: 0.3 }]))).toEqual({ symbol: 'BTC/USD', net: -0.2, total: 2 });
    expect(readPositionReport({ PosReqID: 'p1' } as IPositionReport)).toEqual({ symbol: undefined, net: 0, total: undefined });
  });

  it('reads what a business reject refers to', () => {
    expect(readBusinessReject({ RefMsgType: 'D', BusinessRejectRefID: 'c1', BusinessRejectReason: 3, Text: 'not authorised' } as never)).toEqual({ refMsgType: 'D', refId: 'c1', text: 'not authorised' });
    expect(readBusinessReject({ RefMsgType: 'AN', BusinessRejectReason: 3 } as never)).toEqual({ refMsgType: 'AN', refId: undefined, text: 'BusinessRejectReason 3' });
  });
});
