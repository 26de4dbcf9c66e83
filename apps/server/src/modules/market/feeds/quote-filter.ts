import type { DropReason } from './feed-types.ts';

/** The reasons the filter drops a quote for (a quote with an unknown symbol never reaches it). */
export type FilterDropReason = Exclude<DropReason, 'unknown_symbol'>;

/** What became of one quote: used now, held until the next quote decides, or dropped. */
export type FilterVerdict = 'accept' | 'hold' | FilterDropReason;

export type FilterDropCounts = Record<FilterDropReason, number>;

export type QuoteFilterOptions = {
  /** Number of instruments; quotes are checked by instrument index 0 … instruments-1. */
  instruments: number;
  /** K: a move larger than K times the recent volatility is a spike until the next quote confirms it. */
  spikeFactor?: number;
  /** Whether the instrument trades at `at` (ms); quotes outside trading hours are dropped. */
  isOpen: (index: number, at: number) => boolean;
  /** Accepted quotes per instrument before the spike test starts: volatility needs a few moves to mean anything. */
  warmupQuotes?: number;
  /**
   * The least volatility (absolute log-return) the spike test assumes. Without it a perfectly flat
   * series has a volatility of 0 and its first move, however small, would be a spike.
   */
  volatilityFloor?: number;
  /** Weight of the newest move in the volatility's exponentially weighted mean. */
  volatilityWeight?: number;
};

const REASONS = ['invalid', 'crossed', 'closed', 'spike'] as const satisfies readonly FilterDropReason[];
const INVALID = 0;
const CROSSED = 1;
const CLOSED = 2;
const SPIKE = 3;

/**
 * Drops quotes nobody should trade at: invalid or crossed prices, quotes outside trading hours,
 * and one-off spikes. A quote that moves the mid much further than the market has been moving is
 * held; the next valid quote decides. If it is near the held one the market really moved: the
 * held quote is confirmed and released (see `released`) together with the new one, which is
 * accepted. Otherwise the held quote is dropped as a spike and the new one is judged on its own.
 * No price reaches the customer before it is confirmed.
 *
 * Judges each instrument against its own history only, so a runtime with several sources per
 * instrument keeps one filter per source (a backup's small offset from the primary is no spike).
 */
export class QuoteFilter {
  /**
   * True after a `check` whose quote confirmed a held one; that quote is in `releasedBid`,
   * `releasedAsk` and `releasedAt`, to be used before the accepted quote (it came first). Plain
   * fields rather than an object so the hot path allocates nothing; valid until the next `check`.
   */
  released = false;
  releasedBid = 0;
  releasedAsk = 0;
  releasedAt = 0;

  private readonly spikeFactor: number;
  private readonly isOpen: (index: number, at: number) => boolean;
  private readonly warmupQuotes: number;
  private readonly volatilityFloor: number;
  private readonly volatilityWeight: number;
  private readonly lastMid: Float64Array;
  private readonly volatility: Float64Array;
  private readonly acceptedCounts: Float64Array;
  /** Per instrument, one counter per entry of `REASONS`. */
  private readonly dropCounts: Float64Array;
  private readonly dropTotals = new Float64Array(REASONS.length);
  private acceptedTotal = 0;
  private readonly holding: Uint8Array;
  private readonly heldBid: Float64Array;
  private readonly heldAsk: Float64Array;
  private readonly heldAt: Float64Array;

  constructor(options: QuoteFilterOptions) {
    const n = options.instruments;
    this.spikeFactor = options.spikeFactor ?? 8;
    this.isOpen = options.isOpen;
    this.warmupQuotes = options.warmupQuotes ?? 5;
    this.volatilityFloor = options.volatilityFloor ?? 1e-4;
    this.volatilityWeight = options.volatilityWeight ?? 0.05;
    this.lastMid = new Float64Array(n);
    this.volatility = new Float64Array(n);
    this.acceptedCounts = new Float64Array(n);
    this.dropCounts = new Float64Array(n * REASONS.length);
    this.holding = new Uint8Array(n);
    this.heldBid = new Float64Array(n);
    this.heldAsk = new Float64Array(n);
    this.heldAt = new Float64Array(n);
  }

  check(index: number, bid: number, ask: number, at: number): FilterVerdict {
    this.released = false;
    if (!(bid > 0 && ask > 0 && bid < Infinity && ask < Infinity)) return this.drop(index, INVALID);
    if (bid > ask) return this.drop(index, CROSSED);
    if (!this.isOpen(index, at)) return this.drop(index, CLOSED);
    const mid = (bid + ask) / 2;
    const limit = this.spikeFactor * Math.max(this.volatility[index]!, this.volatilityFloor);
    if (this.holding[index]) {
      this.holding[index] = 0;
      const heldMid = (this.heldBid[index]! + this.heldAsk[index]!) / 2;
      const fromHeld = Math.abs(Math.log(mid / heldMid));
      if (fromHeld <= limit) {
        this.releaseHeld(index, heldMid);
        this.learn(index, mid, fromHeld);
        return 'accept';
      }
      this.count(index, SPIKE);
    }
    const seen = this.acceptedCounts[index]!;
    const move = seen > 0 ? Math.abs(Math.log(mid / this.lastMid[index]!)) : 0;
    if (seen >= this.warmupQuotes && move > limit) {
      this.holding[index] = 1;
      this.heldBid[index] = bid;
      this.heldAsk[index] = ask;
      this.heldAt[index] = at;
      return 'hold';
    }
    this.learn(index, mid, move);
    return 'accept';
  }

  /** Whether the instrument has a quote held, waiting for the next one to confirm or drop it. */
  isHolding(index: number): boolean {
    return this.holding[index] === 1;
  }

  /** Quotes accepted for one instrument (confirmed held quotes included), or for all without an index. */
  accepted(index?: number): number {
    return index === undefined ? this.acceptedTotal : this.acceptedCounts[index]!;
  }

  drops(index: number): FilterDropCounts {
    return countsOf(this.dropCounts.subarray(index * REASONS.length, (index + 1) * REASONS.length));
  }

  /** Drops per reason over all instruments. */
  totals(): FilterDropCounts {
    return countsOf(this.dropTotals);
  }

  private releaseHeld(index: number, heldMid: number): void {
    this.released = true;
    this.releasedBid = this.heldBid[index]!;
    this.releasedAsk = this.heldAsk[index]!;
    this.releasedAt = this.heldAt[index]!;
    this.learn(index, heldMid, Math.abs(Math.log(heldMid / this.lastMid[index]!)));
  }

  /** Takes an accepted mid and its move from the previous one into the instrument's history. */
  private learn(index: number, mid: number, move: number): void {
    const seen = this.acceptedCounts[index]!;
    if (seen > 0) {
      const volatility = this.volatility[index]!;
      // A plain mean over the warm-up gives the weighted mean a fair start instead of one biased towards 0.
      const weight = seen < this.warmupQuotes ? 1 / seen : this.volatilityWeight;
      this.volatility[index] = volatility + weight * (move - volatility);
    }
    this.lastMid[index] = mid;
    this.acceptedCounts[index] = seen + 1;
    this.acceptedTotal++;
  }

  private drop(index: number, reason: number): FilterDropReason {
    this.count(index, reason);
    return REASONS[reason]!;
  }

  private count(index: number, reason: number): void {
    this.dropCounts[index * REASONS.length + reason]!++;
    this.dropTotals[reason]!++;
  }
}

function countsOf(counts: Float64Array): FilterDropCounts {
  return { invalid: counts[INVALID]!, crossed: counts[CROSSED]!, closed: counts[CLOSED]!, spike: counts[SPIKE]! };
}
