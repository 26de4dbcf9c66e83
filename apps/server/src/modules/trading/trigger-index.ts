/** Which price a trigger watches: the bid (buys close, sells enter) or the ask. */
export type Watch = 'bid' | 'ask';
/** `up` fires once the price is at or above the level, `down` once it is at or below. */
export type Cross = 'up' | 'down';

export type TriggerSpec<T> = { assetId: number; watch: Watch; cross: Cross; level: number; payload: T };

/**
 * A min-heap of (key, handle). Keys are levels for `up` books and negated levels for `down` books,
 * so "every entry the price has crossed" is always "every entry with key ≤ threshold".
 */
class KeyHeap {
  keys: number[] = [];
  handles: number[] = [];
  dead = 0;

  push(key: number, handle: number): void {
    const { keys, handles } = this;
    let i = keys.length;
    keys.push(key);
    handles.push(handle);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      handles[i] = handles[parent]!;
      i = parent;
    }
    keys[i] = key;
    handles[i] = handle;
  }

  pop(): number {
    const { keys, handles } = this;
    const top = handles[0]!;
    const lastKey = keys.pop()!;
    const lastHandle = handles.pop()!;
    const n = keys.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && keys[right]! < keys[left]! ? right : left;
      if (keys[child]! >= lastKey) break;
      keys[i] = keys[child]!;
      handles[i] = handles[child]!;
      i = child;
    }
    keys[i] = lastKey;
    handles[i] = lastHandle;
    return top;
  }
}

type Book = { bidUp: KeyHeap; bidDown: KeyHeap; askUp: KeyHeap; askDown: KeyHeap };
type Entry<T> = { payload: T; heap: KeyHeap };

/**
 * Resting triggers (take-profit, stop-loss, pending entries, trailing ratchets, stop-out thresholds)
 * indexed by price: per instrument, one heap per watched price and direction. A tick costs a
 * lookup and four comparisons plus the work for each trigger it crosses, however many rest.
 * Removal is lazy: a removed entry is skipped when it surfaces, and a heap mostly made of removed
 * entries is rebuilt.
 */
export class TriggerIndex<T> {
  readonly #books = new Map<number, Book>();
  readonly #live = new Map<number, Entry<T>>();
  #next = 1;

  get size(): number {
    return this.#live.size;
  }

  /** The instruments that have (or had) triggers here. */
  assetIds(): number[] {
    return [...this.#books.keys()];
  }

  /** Whether `assetId` has (or had) triggers here: a tick of any other instrument has nothing to check. */
  watches(assetId: number): boolean {
    return this.#books.has(assetId);
  }

  /** Adds a trigger; returns the handle that removes it. */
  add(spec: TriggerSpec<T>): number {
    let book = this.#books.get(spec.assetId);
    if (!book) {
      book = { bidUp: new KeyHeap(), bidDown: new KeyHeap(), askUp: new KeyHeap(), askDown: new KeyHeap() };
      this.#books.set(spec.assetId, book);
    }
    const heap = spec.watch === 'bid' ? (spec.cross === 'up' ? book.bidUp : book.bidDown) : spec.cross === 'up' ? book.askUp : book.askDown;
    const handle = this.#next++;
    heap.push(spec.cross === 'up' ? spec.level : -spec.level, handle);
    this.#live.set(handle, { payload: spec.payload, heap });
    return handle;
  }

  remove(handle: number): void {
    const entry = this.#live.get(handle);
    if (!entry) return;
    this.#live.delete(handle);
    entry.heap.dead++;
    if (entry.heap.dead > 64 && entry.heap.dead > entry.heap.keys.length / 2) this.#compact(entry.heap);
  }

  /**
   * The level of `assetId`'s trigger nearest to crossing on one side, or null when it has none. A
   * removed trigger may still answer, so it is a bound: nothing fires before the price reaches it.
   */
  nearest(assetId: number, watch: Watch, cross: Cross): number | null {
    const book = this.#books.get(assetId);
    const heap = book && (watch === 'bid' ? (cross === 'up' ? book.bidUp : book.bidDown) : cross === 'up' ? book.askUp : book.askDown);
    if (!heap || heap.keys.length === 0) return null;
    return cross === 'up' ? heap.keys[0]! : -heap.keys[0]!;
  }

  /** Removes and returns every trigger of `assetId` that the bid and ask have crossed. */
  collect(assetId: number, bid: number, ask: number): T[] {
    const book = this.#books.get(assetId);
    if (!book) return [];
    const fired: T[] = [];
    this.#drain(book.bidUp, bid, fired);
    this.#drain(book.bidDown, -bid, fired);
    this.#drain(book.askUp, ask, fired);
    this.#drain(book.askDown, -ask, fired);
    return fired;
  }

  #drain(heap: KeyHeap, threshold: number, fired: T[]): void {
    while (heap.keys.length > 0 && heap.keys[0]! <= threshold) {
      const handle = heap.pop();
      const entry = this.#live.get(handle);
      if (entry) {
        this.#live.delete(handle);
        fired.push(entry.payload);
      } else {
        heap.dead--;
      }
    }
  }

  #compact(heap: KeyHeap): void {
    const keys = heap.keys;
    const handles = heap.handles;
    heap.keys = [];
    heap.handles = [];
    heap.dead = 0;
    for (let i = 0; i < keys.length; i++) if (this.#live.has(handles[i]!)) heap.push(keys[i]!, handles[i]!);
  }
}
