import type { Bar } from './candle-merge';

/** A bar as the indicators read it: with its traded volume where the source sent one. */
export type FeedBar = Bar & { volume?: number };

/** What changed: every bar (a load), a new bar at the end, or the last bar's prices. */
export type FeedChange = 'reset' | 'bar' | 'tick';

/**
 * The bars the chart shows, kept for what is computed from them: the candles loaded, then the
 * live bar folded from ticks. Listeners hear of each change and read `bars` when they choose to.
 */
export class BarFeed {
  bars: FeedBar[] = [];
  /** Counts loads: an answer asked for before the last one belongs to other bars. */
  loads = 0;
  private readonly listeners = new Set<(change: FeedChange) => void>();

  /** Every bar anew (candles loaded, another instrument or interval). */
  reset(bars: readonly FeedBar[]): void {
    this.bars = bars.slice();
    this.loads++;
    this.emit('reset');
  }

  /** The live bar: the last one again (its volume kept), or a new one after it. */
  fold(bar: Bar): void {
    const last = this.bars.at(-1);
    if (last && last.time === bar.time) {
      this.bars[this.bars.length - 1] = { ...bar, volume: last.volume };
      this.emit('tick');
    } else if (!last || bar.time > last.time) {
      this.bars.push({ time: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
      this.emit('bar');
    }
  }

  /** Volumes of bars the server has counted since (ticks carry none); true when one changed. */
  patchVolumes(candles: readonly { time: number; volume: number }[]): boolean {
    const at = new Map(this.bars.map((b, i) => [b.time, i]));
    let changed = false;
    for (const c of candles) {
      const i = at.get(c.time);
      if (i === undefined || this.bars[i]!.volume === c.volume) continue;
      this.bars[i] = { ...this.bars[i]!, volume: c.volume };
      changed = true;
    }
    if (changed) this.emit('tick');
    return changed;
  }

  subscribe(listener: (change: FeedChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private emit(change: FeedChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

/** Whether the bars carry traded volume: some bar with more than none. */
export const hasVolume = (bars: readonly FeedBar[]) => bars.some((b) => (b.volume ?? 0) > 0);
