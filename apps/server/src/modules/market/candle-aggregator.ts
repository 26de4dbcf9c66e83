import { timeframes, timeframeSeconds, type Candle, type Timeframe } from '@bourse/contract';

export type CandleRow = Candle & { assetId: number; tf: Timeframe };

const TFS = timeframes.length;
const FIELDS = 6; // time, open, high, low, close, volume

/** Start (unix seconds) of the UTC-aligned bucket of `tf` holding `atMs`. */
export function bucketOf(tf: Timeframe, atMs: number): number {
  const size = timeframeSeconds[tf];
  return Math.floor(atMs / 1000 / size) * size;
}

/**
 * Builds 1m to 1D bars from ticks, in memory. Each instrument keeps only its current bar per
 * timeframe; finished bars and changed current bars wait in `drain()` for the next save.
 */
export class CandleAggregator {
  private readonly ids: number[];
  private readonly bars: Float64Array;
  private readonly dirty: Uint8Array;
  private readonly dirtyList: number[] = [];
  private finished: CandleRow[] = [];

  constructor(assetIds: number[]) {
    this.ids = assetIds;
    this.bars = new Float64Array(assetIds.length * TFS * FIELDS).fill(-1);
    this.dirty = new Uint8Array(assetIds.length);
  }

  /** Adds a tick of instrument `i`. */
  add(i: number, price: number, volume: number, atMs: number): void {
    for (let k = 0; k < TFS; k++) {
      const tf = timeframes[k]!;
      const base = (i * TFS + k) * FIELDS;
      const bucket = bucketOf(tf, atMs);
      const time = this.bars[base]!;
      if (time !== bucket) {
        if (time >= 0 && bucket > time) this.finished.push(this.rowAt(i, k));
        if (bucket < time) continue; // a late tick for a bar already closed is dropped
        this.bars[base] = bucket;
        this.bars[base + 1] = this.bars[base + 2] = this.bars[base + 3] = this.bars[base + 4] = price;
        this.bars[base + 5] = volume;
        continue;
      }
      if (price > this.bars[base + 2]!) this.bars[base + 2] = price;
      if (price < this.bars[base + 3]!) this.bars[base + 3] = price;
      this.bars[base + 4] = price;
      this.bars[base + 5]! += volume;
    }
    if (!this.dirty[i]) {
      this.dirty[i] = 1;
      this.dirtyList.push(i);
    }
  }

  /** Restores a current bar (saved before a restart) so its open, high and low survive. */
  restore(i: number, row: Candle & { tf: Timeframe }): void {
    const k = timeframes.indexOf(row.tf);
    const base = (i * TFS + k) * FIELDS;
    if (this.bars[base]! > row.time) return;
    this.bars.set([row.time, row.open, row.high, row.low, row.close, row.volume], base);
  }

  /** The bar in progress for `tf`, if the instrument has ticked in it. */
  current(i: number, tf: Timeframe): Candle | null {
    const k = timeframes.indexOf(tf);
    return this.bars[(i * TFS + k) * FIELDS]! >= 0 ? this.rowAt(i, k) : null;
  }

  /** The bar of bucket `time` held here: the one in progress, or a finished one not drained yet; null when neither is. */
  held(i: number, tf: Timeframe, time: number): Candle | null {
    const k = timeframes.indexOf(tf);
    const base = (i * TFS + k) * FIELDS;
    const current = this.bars[base]!;
    const b = this.bars;
    if (current === time) return { time, open: b[base + 1]!, high: b[base + 2]!, low: b[base + 3]!, close: b[base + 4]!, volume: b[base + 5]! };
    // Finished bars are older than the one in progress.
    if (time > current) return null;
    const row = this.finished.find((r) => r.assetId === this.ids[i] && r.tf === tf && r.time === time);
    return row ? { time, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume } : null;
  }

  /**
   * Puts in a bar made elsewhere (history fetched after a gap): in place of the held bar of its
   * bucket (see `held`), or as the bar in progress when its bucket is newer than the current one,
   * which is then finished. It is saved with the next drain. False, and nothing done, for a bucket
   * older than the current one that is not held: that one is the caller's to save.
   */
  put(i: number, row: Candle & { tf: Timeframe }): boolean {
    const k = timeframes.indexOf(row.tf);
    const base = (i * TFS + k) * FIELDS;
    const time = this.bars[base]!;
    if (time <= row.time) {
      if (time >= 0 && time < row.time) this.finished.push(this.rowAt(i, k));
      this.bars.set([row.time, row.open, row.high, row.low, row.close, row.volume], base);
      if (!this.dirty[i]) {
        this.dirty[i] = 1;
        this.dirtyList.push(i);
      }
      return true;
    }
    const held = this.finished.find((r) => r.assetId === this.ids[i] && r.tf === row.tf && r.time === row.time);
    if (!held) return false;
    Object.assign(held, { open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume });
    return true;
  }

  /**
   * Finished bars since the last call; with `withCurrent`, also the bars in progress of every
   * instrument that ticked since current bars were last taken.
   */
  drain(withCurrent: boolean): CandleRow[] {
    const out = this.finished;
    this.finished = [];
    if (!withCurrent) return out;
    for (const i of this.dirtyList) {
      this.dirty[i] = 0;
      for (let k = 0; k < TFS; k++) if (this.bars[(i * TFS + k) * FIELDS]! >= 0) out.push(this.rowAt(i, k));
    }
    this.dirtyList.length = 0;
    return out;
  }

  private rowAt(i: number, k: number): CandleRow {
    const base = (i * TFS + k) * FIELDS;
    const b = this.bars;
    return { assetId: this.ids[i]!, tf: timeframes[k]!, time: b[base]!, open: b[base + 1]!, high: b[base + 2]!, low: b[base + 3]!, close: b[base + 4]!, volume: b[base + 5]! };
  }
}
