/** Levels quoted on each side. */
export const LEVELS = 5;

export type Level = { price: number; size: number };
/** Best first on each side. */
export type Book = { bids: Level[]; asks: Level[] };
export type Move = { before: Book; after: Book };

/** MDUpdateAction (279) and MDEntryType (269) as they go on the wire. */
export type BookDiffEntry = { action: '0' | '1' | '2'; type: '0' | '1'; price: number; size?: number };

/** Where a symbol starts and the smallest step of its price; any other symbol starts at 100, in steps of 0.01. */
const KNOWN: Record<string, { mid: number; tick: number }> = {
  'EUR/USD': { mid: 1.085, tick: 0.00001 },
  'GBP/USD': { mid: 1.27, tick: 0.00001 },
  'USD/JPY': { mid: 151.2, tick: 0.001 },
  'XAU/USD': { mid: 2350, tick: 0.01 },
  'BTC/USD': { mid: 65_000, tick: 0.01 },
  'ETH/USD': { mid: 3_500, tick: 0.01 },
};
const OTHER = { mid: 100, tick: 0.01 };
/** Largest move of the mid per step, as a fraction of it. */
const STEP = 0.0002;
/** Half the spread, and the gap between levels, as a fraction of the mid. */
const HALF_SPREAD = 0.00002;

type Walk = { mid: number; tick: number; decimals: number; book: Book };

/** A random walk per symbol with a five-level book around it. */
export class RandomMarket {
  private readonly walks = new Map<string, Walk>();
  private readonly random: () => number;

  constructor(symbols: readonly string[], random: () => number = Math.random) {
    this.random = random;
    for (const symbol of symbols) {
      const { mid, tick } = KNOWN[symbol] ?? OTHER;
      const walk: Walk = { mid, tick, decimals: Math.max(0, Math.round(-Math.log10(tick))), book: { bids: [], asks: [] } };
      walk.book = this.bookAround(walk);
      this.walks.set(symbol, walk);
    }
  }

  has(symbol: string): boolean {
    return this.walks.has(symbol);
  }

  book(symbol: string): Book {
    return this.walks.get(symbol)!.book;
  }

  /** Moves every symbol one step. */
  step(): Map<string, Move> {
    const moves = new Map<string, Move>();
    for (const [symbol, walk] of this.walks) {
      const before = walk.book;
      walk.mid *= 1 + STEP * (this.random() * 2 - 1);
      walk.book = this.bookAround(walk);
      moves.set(symbol, { before, after: walk.book });
    }
    return moves;
  }

  private bookAround(walk: Walk): Book {
    const gap = Math.max(walk.tick, this.round(walk, walk.mid * HALF_SPREAD));
    const bestBid = this.round(walk, walk.mid - gap);
    const bestAsk = this.round(walk, walk.mid + gap);
    const level = (price: number) => ({ price: this.round(walk, price), size: 1 + Math.floor(this.random() * 10) });
    return {
      bids: Array.from({ length: LEVELS }, (_, i) => level(bestBid - i * gap)),
      asks: Array.from({ length: LEVELS }, (_, i) => level(bestAsk + i * gap)),
    };
  }

  private round(walk: Walk, price: number): number {
    return Number((Math.round(price / walk.tick) * walk.tick).toFixed(walk.decimals));
  }
}

/**
 * The incremental entries that take a subscriber's view of the book (its top `depth` levels) from
 * `before` to `after`, by price: deletes first, so a receiver keeping a fixed number of levels has
 * room for the new ones.
 */
export function bookDiff(before: Book, after: Book, depth: number): BookDiffEntry[] {
  const deletes: BookDiffEntry[] = [];
  const rest: BookDiffEntry[] = [];
  for (const [side, type] of [['bids', '0'], ['asks', '1']] as const) {
    const was = new Map(before[side].slice(0, depth).map((l) => [l.price, l.size]));
    const now = new Map(after[side].slice(0, depth).map((l) => [l.price, l.size]));
    for (const price of was.keys()) if (!now.has(price)) deletes.push({ action: '2', type, price });
    for (const [price, size] of now) {
      const old = was.get(price);
      if (old === undefined) rest.push({ action: '0', type, price, size });
      else if (old !== size) rest.push({ action: '1', type, price, size });
    }
  }
  return [...deletes, ...rest];
}
