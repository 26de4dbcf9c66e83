/** Buckets per window: the window's edge is exact to 1/60 of its length. */
const SLOTS = 60;
// One block of doubles per window, so a tick touches one object and one array: the bucket in
// progress and the finished buckets' extremes first, then a ring of (bucket, low, high).
const BUCKET = 0;
const BUCKET_LOW = 1;
const BUCKET_HIGH = 2;
const DONE_LOW = 3;
const DONE_HIGH = 4;
const RING = 5;
const SIZE = RING + 3 * SLOTS;

/**
 * The lowest and highest price of one instrument over a rolling window, in O(1) per tick: prices
 * fall into 60 buckets; the bucket in progress is tracked as it goes, and the finished buckets'
 * extremes are recomputed only when a bucket finishes. It knows the prices this node has seen
 * since it started watching.
 */
export class MoveWindow {
  readonly windowMs: number;
  readonly #bucketMs: number;
  readonly #data = new Float64Array(SIZE);
  low = Number.POSITIVE_INFINITY;
  high = Number.NEGATIVE_INFINITY;

  constructor(windowMs: number) {
    this.windowMs = windowMs;
    this.#bucketMs = windowMs / SLOTS;
    const d = this.#data;
    d[BUCKET] = Number.NEGATIVE_INFINITY;
    d[DONE_LOW] = Number.POSITIVE_INFINITY;
    d[DONE_HIGH] = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < SLOTS; i++) d[RING + 3 * i] = Number.NEGATIVE_INFINITY;
  }

  /** Adds a price seen at `now` (ms). */
  push(price: number, now: number): void {
    const d = this.#data;
    const bucket = Math.floor(now / this.#bucketMs);
    // A clock that steps back keeps adding to the bucket in progress.
    if (bucket > d[BUCKET]!) {
      if (d[BUCKET]! > Number.NEGATIVE_INFINITY) this.#finish(bucket);
      d[BUCKET] = bucket;
      d[BUCKET_LOW] = price;
      d[BUCKET_HIGH] = price;
    } else {
      if (price < d[BUCKET_LOW]!) d[BUCKET_LOW] = price;
      if (price > d[BUCKET_HIGH]!) d[BUCKET_HIGH] = price;
    }
    this.low = Math.min(d[DONE_LOW]!, d[BUCKET_LOW]!);
    this.high = Math.max(d[DONE_HIGH]!, d[BUCKET_HIGH]!);
  }

  /** How far `price` is above the window's low, as a fraction (0.02 = 2 %). */
  rise(price: number): number {
    return this.low > 0 && Number.isFinite(this.low) ? price / this.low - 1 : 0;
  }

  /** How far `price` is below the window's high, as a fraction. */
  fall(price: number): number {
    return this.high > 0 && Number.isFinite(this.high) ? 1 - price / this.high : 0;
  }

  /** Files the bucket in progress into the ring and recomputes the extremes of those `next` keeps. */
  #finish(next: number): void {
    const d = this.#data;
    const done = d[BUCKET]!;
    const at = RING + 3 * (done % SLOTS);
    d[at] = done;
    d[at + 1] = d[BUCKET_LOW]!;
    d[at + 2] = d[BUCKET_HIGH]!;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    const oldest = next - SLOTS + 1;
    for (let i = RING; i < SIZE; i += 3) {
      if (d[i]! < oldest) continue;
      if (d[i + 1]! < low) low = d[i + 1]!;
      if (d[i + 2]! > high) high = d[i + 2]!;
    }
    d[DONE_LOW] = low;
    d[DONE_HIGH] = high;
  }
}
