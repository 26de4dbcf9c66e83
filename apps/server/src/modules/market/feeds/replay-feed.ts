import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FeedListener, PriceFeed } from './feed-types.ts';
import { parseTickFile } from './tick-file.ts';
import { TickSeries } from './tick-series.ts';

/** Wall clock and timers; injectable so tests move time by hand. */
export type ReplayClock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type ReplayFeedOptions = {
  name: string;
  /** Symbol the quotes carry (the file itself names no instrument). */
  symbol: string;
  /** Path of the tick file (see tick-file.ts for the layouts). */
  file: string;
  /** Playback speed: 10 plays ten times faster than recorded. Default 1. */
  speed?: number;
  /** Start over from the first tick when the file ends. Default true. */
  loop?: boolean;
  clock?: ReplayClock;
};

const systemClock: ReplayClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A burst larger than this (a clock that jumped, a huge speed) is delivered over several callbacks so the event loop gets a turn. */
const MAX_TICKS_PER_CALLBACK = 5_000;

/** Everything about one start() … stop(), so a read that finishes after stop() sees it is stale. */
type Playback = {
  listener: FeedListener;
  abort: AbortController;
  ticks: TickSeries;
  /** Wall time of the first tick of the first pass. */
  startedAt: number;
  /** Recorded time one pass covers, gap before the next pass included. */
  passMs: number;
  pass: number;
  next: number;
  timer: unknown;
};

/**
 * Plays a recorded tick file back as a live source. Quote times are moved onto the wall clock: the
 * first tick is now, each next one as far after it as recorded (divided by the speed), and each
 * loop carries on after the previous one so time never goes backwards.
 */
export class ReplayFeed implements PriceFeed {
  readonly kind = 'replay';
  readonly name: string;
  private readonly symbol: string;
  private readonly file: string;
  private readonly speed: number;
  private readonly loop: boolean;
  private readonly clock: ReplayClock;
  private playback: Playback | null = null;

  constructor(opts: ReplayFeedOptions) {
    const speed = opts.speed ?? 1;
    if (!(speed > 0 && Number.isFinite(speed))) throw new RangeError(`replay feed ${opts.name}: speed must be a positive number, not ${speed}`);
    this.name = opts.name;
    this.symbol = opts.symbol;
    this.file = opts.file;
    this.speed = speed;
    this.loop = opts.loop ?? true;
    this.clock = opts.clock ?? systemClock;
  }

  start(listener: FeedListener): void {
    this.halt();
    const playback: Playback = { listener, abort: new AbortController(), ticks: new TickSeries(), startedAt: 0, passMs: 0, pass: 0, next: 0, timer: null };
    this.playback = playback;
    listener.status('connecting');
    void this.load(playback);
  }

  async stop(): Promise<void> {
    const playback = this.halt();
    playback?.listener.status('disconnected');
  }

  private async load(playback: Playback): Promise<void> {
    let ticks: TickSeries;
    let detail: string;
    try {
      const parsed = parseTickFile(await readFile(this.file, { encoding: 'utf8', signal: playback.abort.signal }));
      ticks = parsed.ticks;
      detail = `${basename(this.file)}: ${ticks.length} ticks (${parsed.layout})${parsed.dropped ? `, ${parsed.dropped} unreadable lines skipped` : ''}`;
    } catch (err) {
      if (this.playback !== playback) return;
      this.playback = null;
      return playback.listener.status('disconnected', `cannot read ${this.file}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (this.playback !== playback) return;
    if (!ticks.length) {
      this.playback = null;
      return playback.listener.status('disconnected', `${detail}: nothing to play`);
    }
    playback.ticks = ticks;
    playback.passMs = passLength(ticks);
    playback.startedAt = this.clock.now();
    playback.listener.status('connected', detail);
    this.deliverDue(playback);
  }

  /** Wall time at which tick `index` of pass `pass` is due. */
  private dueAt(playback: Playback, index: number, pass: number): number {
    const recorded = pass * playback.passMs + playback.ticks.at[index]! - playback.ticks.at[0]!;
    return playback.startedAt + recorded / this.speed;
  }

  private deliverDue(playback: Playback): void {
    playback.timer = null;
    const { ticks, listener } = playback;
    const now = this.clock.now();
    for (let delivered = 0; delivered < MAX_TICKS_PER_CALLBACK; delivered++) {
      const due = this.dueAt(playback, playback.next, playback.pass);
      if (due > now) return this.schedule(playback, due - now);
      const i = playback.next;
      const bidSize = ticks.bidVolume[i]!;
      const askSize = ticks.askVolume[i]!;
      // Whole milliseconds, like every other time in the server; rounding keeps the order.
      listener.quote({
        symbol: this.symbol,
        bid: ticks.bid[i]!,
        ask: ticks.ask[i]!,
        bidSize: Number.isNaN(bidSize) ? undefined : bidSize,
        askSize: Number.isNaN(askSize) ? undefined : askSize,
        at: Math.round(due),
      });
      // The listener may have stopped the feed.
      if (this.playback !== playback) return;
      if (++playback.next < ticks.length) continue;
      // The playback stays current once ended, so stop() still reports the disconnection.
      if (!this.loop) return listener.status('ended');
      playback.next = 0;
      playback.pass++;
    }
    this.schedule(playback, 0);
  }

  private schedule(playback: Playback, ms: number): void {
    playback.timer = this.clock.setTimeout(() => this.deliverDue(playback), Math.ceil(ms));
  }

  /** Ends the current playback without a word to its listener; returns it. */
  private halt(): Playback | null {
    const playback = this.playback;
    if (!playback) return null;
    this.playback = null;
    playback.abort.abort();
    if (playback.timer !== null) this.clock.clearTimeout(playback.timer);
    return playback;
  }
}

/**
 * Recorded time from the first tick of a pass to the first tick of the next: the file's span plus
 * one average gap between its ticks, so the loop's seam looks like any other step. A file of one
 * tick, or of ticks sharing one time, repeats every second.
 */
function passLength(ticks: TickSeries): number {
  const span = ticks.at[ticks.length - 1]! - ticks.at[0]!;
  return span > 0 ? span + span / (ticks.length - 1) : 1_000;
}
