import type {
  IMarketDataIncrementalRefresh,
  IMarketDataRequestReject,
  IMarketDataSnapshotFullRefresh,
} from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import type { Book, BookDiffEntry } from './lp-market.ts';

/** The market-data messages the provider sends, as objects for jspurefix's FIX 4.4 encoder. */

/** MarketDataSnapshotFullRefresh (W): the top `depth` levels of each side. */
export function snapshot(reqId: string, symbol: string, book: Book, depth: number): IMarketDataSnapshotFullRefresh {
  const side = (levels: Book['bids'], type: '0' | '1') =>
    levels.slice(0, depth).map((l, i) => ({ MDEntryType: type, MDEntryPx: l.price, MDEntrySize: l.size, MDEntryPositionNo: i + 1 }));
  return {
    MDReqID: reqId,
    Instrument: { Symbol: symbol },
    MDFullGrp: { NoMDEntries: [...side(book.bids, '0'), ...side(book.asks, '1')] },
  } as IMarketDataSnapshotFullRefresh;
}

/** MarketDataIncrementalRefresh (X): each entry names its symbol, as FIX 4.4 has it. */
export function increment(reqId: string, symbol: string, entries: readonly BookDiffEntry[]): IMarketDataIncrementalRefresh {
  return {
    MDReqID: reqId,
    MDIncGrp: {
      NoMDEntries: entries.map((e) => ({
        MDUpdateAction: e.action,
        MDEntryType: e.type,
        Instrument: { Symbol: symbol },
        MDEntryPx: e.price,
        ...(e.size !== undefined && { MDEntrySize: e.size }),
      })),
    },
  } as IMarketDataIncrementalRefresh;
}

/** MarketDataRequestReject (Y) for symbols the provider does not quote (MDReqRejReason 0). */
export function unknownSymbolReject(reqId: string, symbols: readonly (string | undefined)[]): IMarketDataRequestReject {
  return { MDReqID: reqId, MDReqRejReason: '0', Text: `${symbols.map((s) => s ?? '(none)').join(', ')} not quoted here` } as IMarketDataRequestReject;
}
