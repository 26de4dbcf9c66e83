import type { Tick } from './tick-file.ts';

/**
 * Ticks kept as columns of numbers rather than an object each: a month of one pair's ticks (a few
 * million) takes tens of MB this way where objects took several hundred. An absent volume is NaN.
 */
export class TickSeries {
  length = 0;
  at = new Float64Array(1024);
  bid = new Float64Array(1024);
  ask = new Float64Array(1024);
  bidVolume = new Float64Array(1024);
  askVolume = new Float64Array(1024);

  push(tick: Tick): void {
    if (this.length === this.at.length) this.grow(this.length * 2);
    const i = this.length++;
    this.at[i] = tick.at;
    this.bid[i] = tick.bid;
    this.ask[i] = tick.ask;
    this.bidVolume[i] = tick.bidVolume ?? Number.NaN;
    this.askVolume[i] = tick.askVolume ?? Number.NaN;
  }

  /** Tick `i` as an object (for tests and small files; playback reads the columns). */
  tick(i: number): Tick {
    const tick: Tick = { at: this.at[i]!, bid: this.bid[i]!, ask: this.ask[i]! };
    if (!Number.isNaN(this.bidVolume[i])) tick.bidVolume = this.bidVolume[i];
    if (!Number.isNaN(this.askVolume[i])) tick.askVolume = this.askVolume[i];
    return tick;
  }

  toArray(): Tick[] {
    return Array.from({ length: this.length }, (_, i) => this.tick(i));
  }

  /** Orders the ticks by time; ticks sharing a time keep their order. */
  sortByTime(): void {
    const order = Array.from({ length: this.length }, (_, i) => i).sort((a, b) => this.at[a]! - this.at[b]! || a - b);
    for (const key of ['at', 'bid', 'ask', 'bidVolume', 'askVolume'] as const) {
      const from = this[key];
      const to = new Float64Array(from.length);
      order.forEach((source, i) => {
        to[i] = from[source]!;
      });
      this[key] = to;
    }
  }

  /** Drops the spare room the doubling left, once the file is read. */
  trim(): void {
    this.grow(Math.max(1, this.length));
  }

  private grow(size: number): void {
    for (const key of ['at', 'bid', 'ask', 'bidVolume', 'askVolume'] as const) {
      const next = new Float64Array(size);
      next.set(this[key].subarray(0, Math.min(this.length, size)));
      this[key] = next;
    }
  }
}
