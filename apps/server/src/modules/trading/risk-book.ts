import { closingPrice, markedQuote, pnl, roundPrice, trailStop, type Side } from '@bourse/domain';
import type { Quote } from '../market/price-source.ts';
import { rateFrom, type RateSource } from './instruments.ts';
import { TriggerIndex, type Cross, type Watch } from './trigger-index.ts';
import type { TradeRow } from './trades.repository.ts';

/** What a crossed trigger asks the engine to do. */
export type Fire =
  | { kind: 'tp' | 'sl' | 'entry' | 'trail'; accountId: number; tradeId: number }
  | { kind: 'stopout'; accountId: number };

type Position = {
  id: number;
  assetId: number;
  side: Side;
  status: 'open' | 'pending';
  orderType: 'market' | 'limit' | 'stop';
  units: number;
  open: number;
  quoteCurrency: string;
  margin: number;
  tp: number | null;
  sl: number | null;
  trailing: number | null;
  /** The group's markup the trade was placed with: it sees the instrument's quote this much wider on each side. */
  markup: number;
  handles: number[];
};

type AccountBook = {
  id: number;
  userId: number;
  currency: string;
  balance: number;
  /** The customer group whose margin-call and stop-out levels apply (see RiskBook.groupLevels). */
  groupId: number | null;
  positions: Map<number, Position>;
  thresholds: number[];
  /** Equity ÷ margin in percent at the last exact check; null without open margin. */
  marginLevel: number | null;
};

export type AccountInfo = { id: number; userId: number; currency: string; balance: string; groupId?: number };

/** A group's margin levels in percent: a notice at the first, positions closed at the second. */
export type GroupLevels = { marginCall: number; stopOut: number };

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * The risk engine's memory: every open position and pending order with its triggers in a
 * {@link TriggerIndex}, and per account a stop-out threshold per (instrument, side) exposure.
 * Thresholds share the account's slack (equity above the stop-out level) equally between its
 * exposures, so the account can only reach stop-out after at least one of them is crossed; a
 * crossing triggers an exact re-check that either stops out or re-shares the slack.
 */
export class RiskBook {
  readonly index = new TriggerIndex<Fire>();
  readonly accounts = new Map<number, AccountBook>();
  /** Conversion rates `quote>account` as last known (the fallback when a pair has no price). */
  readonly rates = new Map<string, number>();
  /** The pair each rate is read from at every check, so a move of that pair counts at once. */
  readonly rateSources = new Map<string, RateSource>();
  /** The stop-out level of an account whose group is not known. */
  stopOutLevel: number;
  /** Margin levels per customer group, refreshed by the engine. */
  readonly groupLevels = new Map<number, GroupLevels>();

  constructor(stopOutLevel: number) {
    this.stopOutLevel = stopOutLevel;
  }

  /** The margin-call and stop-out levels that apply to an account: its group's. */
  levelsOf(accountId: number): GroupLevels {
    const groupId = this.accounts.get(accountId)?.groupId;
    return (groupId != null && this.groupLevels.get(groupId)) || { marginCall: Math.max(100, this.stopOutLevel), stopOut: this.stopOutLevel };
  }

  /** Replaces what the book knows of an account with its live trades. */
  load(info: AccountInfo, rows: TradeRow[]): void {
    const previous = this.accounts.get(info.id);
    this.drop(info.id);
    if (rows.length === 0) return;
    const book = newBook(info, previous);
    for (const row of rows) {
      const p = toPosition(row);
      keepTrailingProgress(p, previous?.positions.get(p.id));
      this.#register(book.id, p);
      book.positions.set(p.id, p);
    }
    this.accounts.set(info.id, book);
  }

  /**
   * Applies changed trades of one account: open and pending rows replace what the book held for
   * them, any other status removes them. `info` (when given) refreshes the balance.
   */
  apply(info: AccountInfo, rows: TradeRow[]): void {
    let book = this.accounts.get(info.id);
    if (!book) {
      book = newBook(info);
      this.accounts.set(info.id, book);
    }
    book.balance = Number(info.balance);
    if (info.groupId !== undefined) book.groupId = info.groupId;
    for (const row of rows) {
      const before = book.positions.get(row.id);
      if (before) for (const h of before.handles) this.index.remove(h);
      book.positions.delete(row.id);
      if (row.status !== 'open' && row.status !== 'pending') continue;
      const p = toPosition(row);
      keepTrailingProgress(p, before);
      this.#register(book.id, p);
      book.positions.set(p.id, p);
    }
    if (book.positions.size === 0) this.drop(info.id);
  }

  drop(accountId: number): void {
    const book = this.accounts.get(accountId);
    if (!book) return;
    for (const p of book.positions.values()) for (const h of p.handles) this.index.remove(h);
    for (const h of book.thresholds) this.index.remove(h);
    this.accounts.delete(accountId);
  }

  setBalance(accountId: number, balance: string): void {
    const book = this.accounts.get(accountId);
    if (book) book.balance = Number(balance);
  }

  userOf(accountId: number): number | null {
    return this.accounts.get(accountId)?.userId ?? null;
  }

  /** Moves a trailing stop after its ratchet fired; returns the new stop to persist, or null. */
  ratchet(accountId: number, tradeId: number, quote: Quote): number | null {
    const p = this.accounts.get(accountId)?.positions.get(tradeId);
    if (p?.status !== 'open' || p.trailing === null) return null;
    p.sl = roundPrice(trailStop(p.side, p.sl, p.trailing, markedQuote(quote, p.markup)));
    for (const h of p.handles) this.index.remove(h);
    p.handles = [];
    this.#register(accountId, p);
    return p.sl;
  }

  /** A conversion rate at the current quote of its pair, remembered for when that pair has none. */
  #rate(key: string, quoteOf: (assetId: number) => Quote | null): number | undefined {
    const source = this.rateSources.get(key);
    const live = source ? rateFrom(source, { quote: quoteOf }) : null;
    if (live !== null) this.rates.set(key, live);
    return live ?? this.rates.get(key);
  }

  /**
   * Exact margin check of an account at current quotes and rates. Returns true when it is at or
   * below the stop-out level; otherwise re-places its thresholds and returns false.
   *
   * A threshold is where the account would reach the level if its P&L moved linearly with that one
   * price. For positions quoted in another currency it does not (the rate moves with the price, or
   * with another pair's), so their thresholds sit at half that distance and the pair each rate is
   * read from gets a threshold of its own: an early re-check costs little, a late one is a missed
   * stop-out.
   */
  needsStopOut(accountId: number, quoteOf: (assetId: number) => Quote | null): boolean {
    const book = this.accounts.get(accountId);
    if (!book) return false;
    for (const h of book.thresholds) this.index.remove(h);
    book.thresholds = [];
    let equity = book.balance;
    let margin = 0;
    const exposures = new Map<string, { assetId: number; side: Side; sensitivity: number; quote: Quote; converted: boolean }>();
    // Per rate pair: the quote-currency P&L whose account value that pair's price moves.
    const rateExposures = new Map<number, { source: RateSource; quotePnl: number }>();
    for (const p of book.positions.values()) {
      if (p.status !== 'open') continue;
      margin += p.margin;
      const quote = quoteOf(p.assetId);
      const key = `${p.quoteCurrency}>${book.currency}`;
      const rate = this.#rate(key, quoteOf);
      if (!quote || rate === undefined) continue;
      const quotePnl = pnl({ side: p.side, units: p.units, openPrice: p.open, closePrice: closingPrice(p.side, markedQuote(quote, p.markup)), conversion: 1 });
      equity += quotePnl * rate;
      const e = exposures.get(`${p.assetId}:${p.side}`) ?? { assetId: p.assetId, side: p.side, sensitivity: 0, quote, converted: rate !== 1 };
      e.sensitivity += p.units * rate;
      exposures.set(`${p.assetId}:${p.side}`, e);
      const source = this.rateSources.get(key);
      if (source && source.assetId !== p.assetId) {
        const r = rateExposures.get(source.assetId) ?? { source, quotePnl: 0 };
        r.quotePnl += quotePnl;
        rateExposures.set(source.assetId, r);
      }
    }
    book.marginLevel = margin > 0 ? (equity / margin) * 100 : null;
    if (margin <= 0) return false;
    const { stopOut } = this.levelsOf(accountId);
    if ((equity / margin) * 100 <= stopOut) return true;
    const share = (equity - (margin * stopOut) / 100) / (exposures.size + rateExposures.size);
    const watch = (assetId: number, falling: boolean, from: Quote, move: number) =>
      book.thresholds.push(
        this.index.add({
          assetId,
          ...(falling ? { watch: 'bid' as const, cross: 'down' as const, level: from.bid - move } : { watch: 'ask' as const, cross: 'up' as const, level: from.ask + move }),
          payload: { kind: 'stopout', accountId },
        }),
      );
    for (const e of exposures.values()) {
      if (e.sensitivity <= 0) continue;
      watch(e.assetId, e.side === 'buy', e.quote, (share / e.sensitivity) * (e.converted ? 0.5 : 1));
    }
    for (const { source, quotePnl } of rateExposures.values()) {
      const quote = quoteOf(source.assetId);
      if (!quote || quotePnl === 0 || !(quote.price > 0)) continue;
      // d(equity)/d(price) of this pair: the quote P&L times d(rate)/d(price).
      const slope = quotePnl * (source.invert ? -1 / quote.price ** 2 : 1);
      watch(source.assetId, slope > 0, quote, (share / Math.abs(slope)) * 0.5);
    }
    return false;
  }

  /**
   * Indexes a position's triggers. Its levels are on the quote it sees (the instrument's widened by
   * its markup), the index watches the instrument's: a bid level sits `markup` higher, an ask level lower.
   */
  #register(accountId: number, p: Position): void {
    const add = (kind: 'tp' | 'sl' | 'entry' | 'trail', watch: Watch, cross: Cross, level: number) =>
      p.handles.push(
        this.index.add({ assetId: p.assetId, watch, cross, level: p.markup === 0 ? level : roundPrice(watch === 'bid' ? level + p.markup : level - p.markup), payload: { kind, accountId, tradeId: p.id } }),
      );
    const buy = p.side === 'buy';
    if (p.status === 'pending') {
      const limit = p.orderType === 'limit';
      // Buys enter at the ask (limit below, stop above); sells at the bid (limit above, stop below).
      add('entry', buy ? 'ask' : 'bid', buy === limit ? 'down' : 'up', p.open);
      return;
    }
    if (p.tp !== null) add('tp', buy ? 'bid' : 'ask', buy ? 'up' : 'down', p.tp);
    if (p.sl !== null) add('sl', buy ? 'bid' : 'ask', buy ? 'down' : 'up', p.sl);
    if (p.sl !== null && p.trailing !== null) add('trail', buy ? 'bid' : 'ask', buy ? 'up' : 'down', buy ? p.sl + p.trailing : p.sl - p.trailing);
  }
}

/** An account's book, empty; what a reload does not learn (its group) is kept from the `previous` one. */
function newBook(info: AccountInfo, previous?: AccountBook): AccountBook {
  return {
    id: info.id,
    userId: info.userId,
    currency: info.currency,
    balance: Number(info.balance),
    groupId: info.groupId ?? previous?.groupId ?? null,
    positions: new Map(),
    thresholds: [],
    marginLevel: previous?.marginLevel ?? null,
  };
}

/** A trailing stop moved in memory may not be written yet: a reload must never move it back. */
function keepTrailingProgress(p: Position, before: Position | undefined): void {
  if (before && p.trailing !== null && before.trailing === p.trailing && before.sl !== null && p.sl !== null) {
    p.sl = p.side === 'buy' ? Math.max(p.sl, before.sl) : Math.min(p.sl, before.sl);
  }
}

function toPosition(row: TradeRow): Position {
  return {
    id: row.id,
    assetId: row.assetId,
    side: row.tradeType,
    status: row.status === 'pending' ? 'pending' : 'open',
    orderType: row.orderType,
    units: Number(row.volume),
    open: Number(row.openingPrice),
    quoteCurrency: row.quoteCurrency,
    margin: Number(row.margin),
    tp: num(row.takeProfit),
    sl: num(row.stopLoss),
    trailing: num(row.trailingStop),
    markup: Number(row.markup),
    handles: [],
  };
}
