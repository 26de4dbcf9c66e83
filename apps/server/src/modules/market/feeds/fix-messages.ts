import type {
  IMarketDataIncrementalRefresh,
  IMarketDataRequest,
  IMarketDataRequestReject,
  IMarketDataSnapshotFullRefresh,
} from 'jspurefix/dist/types/FIX4.4/quickfix/index.js';
import type { BookChange, BookEntry, BookSide } from './fix-book.ts';

/**
 * The FIX 4.4 market-data messages a price source sends and reads, as the objects jspurefix encodes
 * and decodes (its bundled QuickFIX 4.4 dictionary names the groups: MDReqGrp, MDFullGrp, MDIncGrp).
 */

/** MDEntryType (269) values a price source asks for and reads; others (trades, index values) are passed over. */
const ENTRY_SIDES: Record<string, BookSide> = { '0': 'bid', '1': 'ask' };
/** MDUpdateAction (279). */
const ACTIONS: Record<string, BookChange['action']> = { '0': 'new', '1': 'change', '2': 'delete' };
/** MDReqRejReason (281), as the back office should read it. */
const REJECT_REASONS: Record<string, string> = {
  '0': 'unknown symbol',
  '1': 'duplicate MDReqID',
  '2': 'insufficient bandwidth',
  '3': 'insufficient permissions',
  '4': 'unsupported SubscriptionRequestType',
  '5': 'unsupported MarketDepth',
  '6': 'unsupported MDUpdateType',
  '7': 'unsupported AggregatedBook',
  '8': 'unsupported MDEntryType',
  '9': 'unsupported TradingSessionID',
  A: 'unsupported Scope',
  B: 'unsupported OpenCloseSettlFlag',
  C: 'unsupported MDImplicitDelete',
};

/** Snapshot plus updates (263=1), `depth` levels (264), incremental refreshes (265=1), bid and offer (269=0, 1). */
export function marketDataRequest(reqId: string, symbol: string, depth: number): IMarketDataRequest {
  return {
    MDReqID: reqId,
    SubscriptionRequestType: '1',
    MarketDepth: depth,
    MDUpdateType: 1,
    MDReqGrp: { NoMDEntryTypes: [{ MDEntryType: '0' }, { MDEntryType: '1' }] },
    InstrmtMDReqGrp: { NoRelatedSym: [{ Instrument: { Symbol: symbol } }] },
  } as IMarketDataRequest;
}

/** The bids and offers of a full refresh, and the symbol it names (if it names one: some name only the request). */
export function readSnapshot(msg: IMarketDataSnapshotFullRefresh): { symbol: string | undefined; entries: BookEntry[]; unreadable: number } {
  const entries: BookEntry[] = [];
  let unreadable = 0;
  for (const e of msg.MDFullGrp?.NoMDEntries ?? []) {
    const side = ENTRY_SIDES[e.MDEntryType];
    if (!side) continue;
    if (!isNumber(e.MDEntryPx)) {
      unreadable++;
      continue;
    }
    entries.push({ side, price: e.MDEntryPx, size: isNumber(e.MDEntrySize) ? e.MDEntrySize : 0 });
  }
  return { symbol: msg.Instrument?.Symbol, entries, unreadable };
}

/** The bid and offer changes of an incremental refresh, each with the symbol its entry names (if any). */
export function readIncrement(msg: IMarketDataIncrementalRefresh): { changes: (BookChange & { symbol: string | undefined })[]; unreadable: number } {
  const changes: (BookChange & { symbol: string | undefined })[] = [];
  let unreadable = 0;
  for (const e of msg.MDIncGrp?.NoMDEntries ?? []) {
    const side = e.MDEntryType === undefined ? undefined : ENTRY_SIDES[e.MDEntryType];
    if (e.MDEntryType !== undefined && !side) continue;
    const action = ACTIONS[e.MDUpdateAction];
    const priced = isNumber(e.MDEntryPx);
    // A change needs a side and something to find its entry by; anything else cannot be placed.
    if (!side || !action || (!priced && e.MDEntryID === undefined) || (e.MDEntryPx !== undefined && !priced)) {
      unreadable++;
      continue;
    }
    const change: BookChange & { symbol: string | undefined } = { action, side, symbol: e.Instrument?.Symbol };
    if (priced) change.price = e.MDEntryPx;
    if (isNumber(e.MDEntrySize)) change.size = e.MDEntrySize;
    if (e.MDEntryID !== undefined) change.id = String(e.MDEntryID);
    changes.push(change);
  }
  return { changes, unreadable };
}

/** Why a request was refused, in words. */
export function rejectReason(msg: IMarketDataRequestReject): string {
  const reason = msg.MDReqRejReason === undefined ? 'refused' : (REJECT_REASONS[msg.MDReqRejReason] ?? `reason ${msg.MDReqRejReason}`);
  return msg.Text ? `${reason}: ${msg.Text}` : reason;
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
