import type { IMarketDataIncrementalRefresh, IMarketDataRequestReject, IMarketDataSnapshotFullRefresh } from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import { describe, expect, it } from 'vitest';
import { marketDataRequest, readIncrement, readSnapshot, rejectReason } from './fix-messages.ts';

describe('FIX market-data messages', () => {
  it('asks for snapshot plus incremental updates of bids and offers, one symbol a request', () => {
    expect(marketDataRequest('lp-1', 'EUR/USD', 3)).toEqual({
      MDReqID: 'lp-1',
      SubscriptionRequestType: '1',
      MarketDepth: 3,
      MDUpdateType: 1,
      MDReqGrp: { NoMDEntryTypes: [{ MDEntryType: '0' }, { MDEntryType: '1' }] },
      InstrmtMDReqGrp: { NoRelatedSym: [{ Instrument: { Symbol: 'EUR/USD' } }] },
    });
  });

  it('reads the bids and offers of a snapshot and passes over other entry types', () => {
    const msg = {
      MDReqID: 'lp-1',
      Instrument: { Symbol: 'EUR/USD' },
      MDFullGrp: {
        NoMDEntries: [
          { MDEntryType: '0', MDEntryPx: 1.0851, MDEntrySize: 1_000_000 },
          { MDEntryType: '1', MDEntryPx: 1.0853 },
          { MDEntryType: '2', MDEntryPx: 1.0852, MDEntrySize: 5 },
          { MDEntryType: '0', MDEntryPx: Number.NaN },
        ],
      },
    } as unknown as IMarketDataSnapshotFullRefresh;
    expect(readSnapshot(msg)).toEqual({
      symbol: 'EUR/USD',
      entries: [
        { side: 'bid', price: 1.0851, size: 1_000_000 },
        { side: 'ask', price: 1.0853, size: 0 },
      ],
      unreadable: 1,
    });
    expect(readSnapshot({ MDReqID: 'lp-2' } as IMarketDataSnapshotFullRefresh)).toEqual({ symbol: undefined, entries: [], unreadable: 0 });
  });

  it('reads new, change and delete entries with their symbols, ids and sizes', () => {
    const msg = {
      MDReqID: 'lp-1',
      MDIncGrp: {
        NoMDEntries: [
          { MDUpdateAction: '0', MDEntryType: '0', Instrument: { Symbol: 'BTC/USD' }, MDEntryPx: 65_000.5, MDEntrySize: 2 },
          { MDUpdateAction: '1', MDEntryType: '1', MDEntryID: 'a7', MDEntrySize: 3 },
          { MDUpdateAction: '2', MDEntryType: '1', Instrument: { Symbol: 'BTC/USD' }, MDEntryPx: 65_002 },
          { MDUpdateAction: '0', MDEntryType: '2', MDEntryPx: 65_001, MDEntrySize: 1 },
        ],
      },
    } as unknown as IMarketDataIncrementalRefresh;
    expect(readIncrement(msg)).toEqual({
      changes: [
        { action: 'new', side: 'bid', symbol: 'BTC/USD', price: 65_000.5, size: 2 },
        { action: 'change', side: 'ask', symbol: undefined, size: 3, id: 'a7' },
        { action: 'delete', side: 'ask', symbol: 'BTC/USD', price: 65_002 },
      ],
      unreadable: 0,
    });
  });

  it('counts entries it cannot place: no side, an unknown action, nothing to find them by, a price that is not a number', () => {
    const msg = {
      MDIncGrp: {
        NoMDEntries: [
          { MDUpdateAction: '2', MDEntryID: 'x1' },
          { MDUpdateAction: '9', MDEntryType: '0', MDEntryPx: 1 },
          { MDUpdateAction: '1', MDEntryType: '0', MDEntrySize: 4 },
          { MDUpdateAction: '1', MDEntryType: '0', MDEntryPx: Number.POSITIVE_INFINITY },
        ],
      },
    } as unknown as IMarketDataIncrementalRefresh;
    expect(readIncrement(msg)).toEqual({ changes: [], unreadable: 4 });
  });

  it('says why a request was refused', () => {
    expect(rejectReason({ MDReqID: '1', MDReqRejReason: '0', Text: 'no such pair' } as IMarketDataRequestReject)).toBe('unknown symbol: no such pair');
    expect(rejectReason({ MDReqID: '1', MDReqRejReason: '3' } as IMarketDataRequestReject)).toBe('insufficient permissions');
    expect(rejectReason({ MDReqID: '1', MDReqRejReason: 'Z' } as IMarketDataRequestReject)).toBe('reason Z');
    expect(rejectReason({ MDReqID: '1' } as IMarketDataRequestReject)).toBe('refused');
  });
});
