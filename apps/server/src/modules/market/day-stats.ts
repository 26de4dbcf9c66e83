const HOURS = 24;
const FIELDS = 4; // open, high, low, volume
const HOUR_MS = 3_600_000;

/** The 24h figures of every instrument, written into arrays the market state owns. */
export type DayFigures = { open24: Float64Array; low24: Float64Array; high24: Float64Array; vol24: Float64Array };

export type HourBar = { time: number; open: number; high: number; low: number; volume: number };

/**
 * Rolling 24h open, high, low and volume per instrument, over the last 24 hourly bars in which the
 * instrument traded (for a market that closes, its most recent trading hours). A tick updates the
 * figures in O(1); the window is recomputed only when an hour rolls over.
 */
export class DayStats {
  private readonly slots: Float64Array;
  private readonly hour: Float64Array;
  private readonly cursor: Uint8Array;
  private readonly filled: Uint8Array;
  private readonly out: DayFigures;

  constructor(size: number, out: DayFigures) {
    this.slots = new Float64Array(size * HOURS * FIELDS);
    this.hour = new Float64Array(size).fill(-1);
    this.cursor = new Uint8Array(size);
    this.filled = new Uint8Array(size);
    this.out = out;
  }

  /** Starts instrument `i` from recorded or generated hourly bars, oldest first (only the last 24 count). */
  seed(i: number, bars: HourBar[]): void {
    this.filled[i] = 0;
    this.hour[i] = -1;
    for (const bar of bars.slice(-HOURS)) {
      this.open(i, Math.floor((bar.time * 1000) / HOUR_MS), bar.open);
      const base = this.base(i);
      this.slots[base + 1] = bar.high;
      this.slots[base + 2] = bar.low;
      this.slots[base + 3] = bar.volume;
    }
    this.recompute(i);
  }

  add(i: number, price: number, volume: number, at: number): void {
    const hour = Math.floor(at / HOUR_MS);
    if (hour !== this.hour[i]) {
      this.open(i, hour, price);
      this.slots[this.base(i) + 3] = volume;
      this.recompute(i);
      return;
    }
    const base = this.base(i);
    if (price > this.slots[base + 1]!) this.slots[base + 1] = price;
    if (price < this.slots[base + 2]!) this.slots[base + 2] = price;
    this.slots[base + 3]! += volume;
    const { low24, high24, vol24 } = this.out;
    if (price > high24[i]!) high24[i] = price;
    if (price < low24[i]!) low24[i] = price;
    vol24[i]! += volume;
  }

  private base(i: number): number {
    return (i * HOURS + this.cursor[i]!) * FIELDS;
  }

  private open(i: number, hour: number, price: number): void {
    if (this.filled[i]! > 0) this.cursor[i] = (this.cursor[i]! + 1) % HOURS;
    if (this.filled[i]! < HOURS) this.filled[i]!++;
    this.hour[i] = hour;
    const base = this.base(i);
    this.slots[base] = price;
    this.slots[base + 1] = price;
    this.slots[base + 2] = price;
    this.slots[base + 3] = 0;
  }

  private recompute(i: number): void {
    const n = this.filled[i]!;
    if (n === 0) return;
    let high = -Infinity;
    let low = Infinity;
    let volume = 0;
    for (let k = 0; k < n; k++) {
      const base = (i * HOURS + ((this.cursor[i]! - k + HOURS) % HOURS)) * FIELDS;
      if (this.slots[base + 1]! > high) high = this.slots[base + 1]!;
      if (this.slots[base + 2]! < low) low = this.slots[base + 2]!;
      volume += this.slots[base + 3]!;
    }
    const oldest = (i * HOURS + ((this.cursor[i]! - (n - 1) + HOURS) % HOURS)) * FIELDS;
    this.out.open24[i] = this.slots[oldest]!;
    this.out.high24[i] = high;
    this.out.low24[i] = low;
    this.out.vol24[i] = volume;
  }
}
