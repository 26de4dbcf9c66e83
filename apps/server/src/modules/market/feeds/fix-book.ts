/** Levels kept on each side: the most a depth-of-market panel shows, and the most a FIX source is asked for. */
export const BOOK_LEVELS = 5;

export type BookSide = 'bid' | 'ask';

export type BookLevel = {
  price: number;
  size: number;
  /** The provider's MDEntryID, when it names its entries. */
  id?: string;
};

export type BookEntry = BookLevel & { side: BookSide };

/** One entry of an incremental refresh (MDUpdateAction new, change or delete). */
export type BookChange = {
  action: 'new' | 'change' | 'delete';
  side: BookSide;
  price?: number;
  size?: number;
  id?: string;
};

export type BookTop = { bid: BookLevel; ask: BookLevel };

/**
 * The best few levels of one symbol's book from a FIX source, best first on each side. Entries are
 * matched by the provider's MDEntryID when it sends one and by price otherwise, which covers both
 * ways providers run an incremental book.
 */
export class FixBook {
  readonly bids: BookLevel[] = [];
  readonly asks: BookLevel[] = [];

  /** Replaces the whole book (a MarketDataSnapshotFullRefresh). */
  replace(entries: readonly BookEntry[]): void {
    this.clear();
    for (const e of entries) this.upsert(e.side, { price: e.price, size: e.size, id: e.id });
  }

  /** Applies one entry of an incremental refresh; one that names nothing in the book is ignored. */
  apply(change: BookChange): void {
    const levels = this.side(change.side);
    const at = this.find(levels, change);
    // Providers that keep a book by price clear a level by sending it with no size left.
    if (change.action === 'delete' || change.size === 0) {
      if (at >= 0) levels.splice(at, 1);
      return;
    }
    const found = at >= 0 ? levels[at]! : undefined;
    const price = change.price ?? found?.price;
    const size = change.size ?? found?.size;
    if (price === undefined || size === undefined) return;
    if (at >= 0) levels.splice(at, 1);
    this.upsert(change.side, { price, size, id: change.id ?? found?.id });
  }

  /** Best bid and best ask, or null while either side is empty. */
  top(): BookTop | null {
    const bid = this.bids[0];
    const ask = this.asks[0];
    return bid && ask ? { bid, ask } : null;
  }

  /** A copy of both sides, best first. */
  levels(): { bids: BookLevel[]; asks: BookLevel[] } {
    return { bids: this.bids.map((l) => ({ ...l })), asks: this.asks.map((l) => ({ ...l })) };
  }

  clear(): void {
    this.bids.length = 0;
    this.asks.length = 0;
  }

  private side(side: BookSide): BookLevel[] {
    return side === 'bid' ? this.bids : this.asks;
  }

  private find(levels: BookLevel[], change: BookChange): number {
    if (change.id !== undefined) {
      const byId = levels.findIndex((l) => l.id === change.id);
      if (byId >= 0) return byId;
    }
    return change.price === undefined ? -1 : levels.findIndex((l) => l.price === change.price);
  }

  /** Puts a level in its place (one at the same price is replaced) and keeps the best BOOK_LEVELS. */
  private upsert(side: BookSide, level: BookLevel): void {
    if (!(Number.isFinite(level.price) && Number.isFinite(level.size) && level.size > 0)) return;
    if (level.id === undefined) level = { price: level.price, size: level.size };
    const levels = this.side(side);
    const same = levels.findIndex((l) => l.price === level.price);
    if (same >= 0) levels.splice(same, 1);
    const better = side === 'bid' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
    let at = 0;
    while (at < levels.length && !better(level.price, levels[at]!.price)) at++;
    if (at >= BOOK_LEVELS) return;
    levels.splice(at, 0, level);
    if (levels.length > BOOK_LEVELS) levels.length = BOOK_LEVELS;
  }
}
