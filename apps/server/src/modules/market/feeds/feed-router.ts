import type { SourceStatus } from './feed-types.ts';

export type SwitchReason = 'stalled' | 'disconnected' | 'recovered';

/** One instrument's prices moving from one source to another. */
export type FeedSwitch = { index: number; from: string; to: string; reason: SwitchReason; at: number };

/** One source as the back office's health view shows it. */
export type SourceHealth = {
  source: string;
  status: SourceStatus;
  connected: boolean;
  /** Time since the source's last quote for any instrument; null before its first. */
  lastQuoteAgeMs: number | null;
  /** Mean over the last few complete seconds. */
  quotesPerSecond: number;
  /** Times the source came back after losing its connection. */
  reconnects: number;
  /** Switches away from this source because it stalled or disconnected. */
  failovers: number;
  /** Instruments whose prices come from this source now. */
  activeFor: number;
};

export type FeedRouterOptions = {
  /** Per instrument index, its sources in priority order, primary first. */
  sources: readonly (readonly string[])[];
  /** Whether the instrument trades at `now`; a closed market sends no quotes, so its silence is no stall. */
  isOpen: (index: number, now: number) => boolean;
  onSwitch: (event: FeedSwitch) => void;
  /** No quote for this long while the market is open counts as a stall. */
  stallMs?: number;
  /** How long a higher-priority source must be connected and quoting before prices move back to it. */
  recoverMs?: number;
};

/** Complete seconds the quote rate is averaged over; one bucket more holds the current second. */
const RATE_SECONDS = 5;
const RATE_BUCKETS = RATE_SECONDS + 1;

/**
 * Decides, per instrument, which of its sources the customer's prices come from. Prices move to
 * the next healthy source in priority order when the active one disconnects (at once) or stalls
 * (on the next `tick`), and back to a higher-priority source once it has been connected and
 * quoting for `recoverMs` without a break. With no healthy source to move to, the instrument stays
 * where it is until one turns up.
 *
 * A slot is one (instrument, source) pair of the configuration; the per-slot figures sit in flat
 * typed arrays, each instrument's slots together and in priority order.
 */
export class FeedRouter {
  private readonly stallMs: number;
  private readonly recoverMs: number;
  private readonly isOpen: (index: number, now: number) => boolean;
  private readonly onSwitch: (event: FeedSwitch) => void;

  private readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly statuses: SourceStatus[] = [];
  /** Per source: lost its connection and not connected since (also what a reconnect is counted from). */
  private readonly lost: Uint8Array;
  private readonly slotsOfSource: number[][] = [];
  private readonly lastSourceQuoteAt: Float64Array;
  /** Per source, RATE_BUCKETS quote counts, each for the second in `rateSecond`. */
  private readonly rateSecond: Float64Array;
  private readonly rateCount: Float64Array;
  private readonly reconnectCounts: Float64Array;
  private readonly failoverCounts: Float64Array;

  /** Per instrument, where its slots start; the entry after the last instrument closes the list. */
  private readonly firstSlot: Int32Array;
  /** Per instrument, its active slot, -1 for an instrument without sources. */
  private readonly active: Int32Array;
  private readonly wasOpen: Uint8Array;
  /** Per instrument, when the current open session was first seen: the stall clock starts there at the latest. */
  private readonly openSince: Float64Array;

  private readonly slotSource: Int32Array;
  private readonly slotInstrument: Int32Array;
  private readonly lastQuoteAt: Float64Array;
  /** Start of the slot's unbroken run of quotes while connected; Infinity when it has none. */
  private readonly healthySince: Float64Array;

  constructor(options: FeedRouterOptions) {
    this.stallMs = options.stallMs ?? 5000;
    this.recoverMs = options.recoverMs ?? 30_000;
    this.isOpen = options.isOpen;
    this.onSwitch = options.onSwitch;
    const lists = options.sources;
    const slots = lists.reduce((sum, list) => sum + list.length, 0);
    this.firstSlot = new Int32Array(lists.length + 1);
    this.active = new Int32Array(lists.length);
    this.wasOpen = new Uint8Array(lists.length);
    this.openSince = new Float64Array(lists.length).fill(-Infinity);
    this.slotSource = new Int32Array(slots);
    this.slotInstrument = new Int32Array(slots);
    this.lastQuoteAt = new Float64Array(slots).fill(-Infinity);
    this.healthySince = new Float64Array(slots).fill(Infinity);
    let slot = 0;
    lists.forEach((list, index) => {
      this.firstSlot[index] = slot;
      this.active[index] = list.length ? slot : -1;
      for (const name of list) {
        const id = this.idFor(name);
        this.slotSource[slot] = id;
        this.slotInstrument[slot] = index;
        this.slotsOfSource[id]!.push(slot);
        slot++;
      }
    });
    this.firstSlot[lists.length] = slot;
    const sources = this.names.length;
    this.lost = new Uint8Array(sources);
    this.lastSourceQuoteAt = new Float64Array(sources).fill(-Infinity);
    this.rateSecond = new Float64Array(sources * RATE_BUCKETS).fill(-1);
    this.rateCount = new Float64Array(sources * RATE_BUCKETS);
    this.reconnectCounts = new Float64Array(sources);
    this.failoverCounts = new Float64Array(sources);
  }

  /**
   * Records a quote of `source` for the instrument and tells whether it is the instrument's active
   * source, i.e. whether the quote should become the price.
   */
  quote(source: string, index: number, now: number): boolean {
    const id = this.ids.get(source);
    if (id === undefined) return false;
    this.countQuote(id, now);
    const slot = this.slotOf(id, index);
    if (slot < 0) return false;
    // A quote after a stall starts the healthy run afresh, as does the first one after a reconnect.
    if (this.statuses[id] === 'connected' && (this.healthySince[slot] === Infinity || now - this.lastQuoteAt[slot]! >= this.stallMs)) {
      this.healthySince[slot] = now;
    }
    this.lastQuoteAt[slot] = now;
    return this.active[index] === slot;
  }

  /** Takes a source's report about itself; a lost connection moves its instruments away at once. */
  status(source: string, status: SourceStatus, now: number): void {
    const id = this.ids.get(source);
    if (id === undefined) return;
    const previous = this.statuses[id];
    this.statuses[id] = status;
    if (status === 'connected') {
      if (this.lost[id]) this.reconnectCounts[id]!++;
      this.lost[id] = 0;
      return;
    }
    const slots = this.slotsOfSource[id]!;
    for (const slot of slots) this.healthySince[slot] = Infinity;
    // 'connecting' is how a source starts; straight after 'connected' it means the connection dropped.
    if (status === 'connecting' && previous !== 'connected') return;
    this.lost[id] = 1;
    for (const slot of slots) {
      const index = this.slotInstrument[slot]!;
      if (this.active[index] !== slot) continue;
      const to = this.firstHealthy(index, slot, this.isOpen(index, now), now);
      if (to >= 0) this.switchTo(index, to, 'disconnected', now);
    }
  }

  /** Moves instruments off stalled or lost sources and back to recovered ones; the runtime calls it every ~250 ms. */
  tick(now: number): void {
    const instruments = this.active.length;
    for (let index = 0; index < instruments; index++) {
      const current = this.active[index]!;
      const first = this.firstSlot[index]!;
      if (this.firstSlot[index + 1]! - first < 2) continue;
      if (!this.isOpen(index, now)) {
        this.wasOpen[index] = 0;
        continue;
      }
      if (!this.wasOpen[index]) {
        this.wasOpen[index] = 1;
        this.openSince[index] = now;
      }
      const down = this.lost[this.slotSource[current]!] === 1;
      // The last quote before a close is no stall: the silence counts from the open at the earliest.
      if (down || now - Math.max(this.lastQuoteAt[current]!, this.openSince[index]!) >= this.stallMs) {
        const to = this.firstHealthy(index, current, true, now);
        if (to >= 0) this.switchTo(index, to, down ? 'disconnected' : 'stalled', now);
        continue;
      }
      for (let slot = first; slot < current; slot++) {
        if (this.isHealthy(slot, true, now) && now - this.healthySince[slot]! >= this.recoverMs) {
          this.switchTo(index, slot, 'recovered', now);
          break;
        }
      }
    }
  }

  /** The source the instrument's prices come from now, null for an instrument without sources. */
  activeSource(index: number): string | null {
    const slot = this.active[index] ?? -1;
    return slot < 0 ? null : this.names[this.slotSource[slot]!]!;
  }

  health(now: number): SourceHealth[] {
    const activeFor = new Array<number>(this.names.length).fill(0);
    for (const slot of this.active) if (slot >= 0) activeFor[this.slotSource[slot]!]!++;
    return this.names.map((source, id) => {
      const lastQuoteAt = this.lastSourceQuoteAt[id]!;
      return {
        source,
        status: this.statuses[id]!,
        connected: this.statuses[id] === 'connected',
        lastQuoteAgeMs: lastQuoteAt === -Infinity ? null : now - lastQuoteAt,
        quotesPerSecond: this.quotesPerSecond(id, now),
        reconnects: this.reconnectCounts[id]!,
        failovers: this.failoverCounts[id]!,
        activeFor: activeFor[id]!,
      };
    });
  }

  private idFor(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
      this.statuses.push('connecting');
      this.slotsOfSource.push([]);
    }
    return id;
  }

  private slotOf(id: number, index: number): number {
    const end = this.firstSlot[index + 1] ?? 0;
    for (let slot = this.firstSlot[index] ?? end; slot < end; slot++) if (this.slotSource[slot] === id) return slot;
    return -1;
  }

  /**
   * Connected and quoting this instrument. While the market is closed nothing quotes, so a source
   * that is connected and has quoted the instrument before will do.
   */
  private isHealthy(slot: number, open: boolean, now: number): boolean {
    if (this.statuses[this.slotSource[slot]!] !== 'connected') return false;
    const last = this.lastQuoteAt[slot]!;
    return open ? now - last < this.stallMs : last > -Infinity;
  }

  private firstHealthy(index: number, except: number, open: boolean, now: number): number {
    const end = this.firstSlot[index + 1]!;
    for (let slot = this.firstSlot[index]!; slot < end; slot++) if (slot !== except && this.isHealthy(slot, open, now)) return slot;
    return -1;
  }

  private switchTo(index: number, to: number, reason: SwitchReason, now: number): void {
    const from = this.slotSource[this.active[index]!]!;
    this.active[index] = to;
    // Going back to a recovered primary is no failure of the backup it leaves.
    if (reason !== 'recovered') this.failoverCounts[from]!++;
    this.onSwitch({ index, from: this.names[from]!, to: this.names[this.slotSource[to]!]!, reason, at: now });
  }

  private countQuote(id: number, now: number): void {
    const second = Math.floor(now / 1000);
    const bucket = id * RATE_BUCKETS + (second % RATE_BUCKETS);
    if (this.rateSecond[bucket] !== second) {
      this.rateSecond[bucket] = second;
      this.rateCount[bucket] = 0;
    }
    this.rateCount[bucket]!++;
    this.lastSourceQuoteAt[id] = now;
  }

  private quotesPerSecond(id: number, now: number): number {
    const current = Math.floor(now / 1000);
    let quotes = 0;
    for (let bucket = id * RATE_BUCKETS; bucket < (id + 1) * RATE_BUCKETS; bucket++) {
      const second = this.rateSecond[bucket]!;
      if (second < current && second >= current - RATE_SECONDS) quotes += this.rateCount[bucket]!;
    }
    return quotes / RATE_SECONDS;
  }
}
