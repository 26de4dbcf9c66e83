import type { SessionSchedule } from '@bourse/contract';
import type { FeedListener, PriceFeed } from './feed-types.ts';
import { withinSchedule } from './session-schedule.ts';

/** How often the clock is looked at: a session starts or ends within this of its time. */
const CHECK_MS = 15_000;

/**
 * A source that runs only in its session hours: outside them it is stopped (a FIX session logs out)
 * and reported disconnected, so its instruments fail over to their backups until it is back.
 */
export class ScheduledFeed implements PriceFeed {
  readonly name: string;
  readonly kind: string;
  private readonly inner: PriceFeed;
  private readonly schedule: SessionSchedule;
  private readonly now: () => Date;
  private listener: FeedListener | null = null;
  private running = false;
  /** Closed hours are reported once, not on every look at the clock. */
  private toldClosed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(inner: PriceFeed, schedule: SessionSchedule, now: () => Date = () => new Date()) {
    this.inner = inner;
    this.name = inner.name;
    this.kind = inner.kind;
    this.schedule = schedule;
    this.now = now;
  }

  get malformed(): number | undefined {
    return this.inner.malformed;
  }

  start(listener: FeedListener): void {
    this.listener = listener;
    this.check();
    this.timer = setInterval(() => this.check(), CHECK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listener = null;
    if (this.running) await this.inner.stop();
    this.running = false;
    this.toldClosed = false;
  }

  depth(symbol: string) {
    return this.inner.depth?.(symbol) ?? null;
  }

  /** Starts or stops the source as the clock crosses its session hours. */
  check(): void {
    const listener = this.listener;
    if (!listener) return;
    const open = withinSchedule(this.schedule, this.now());
    if (open && !this.running) {
      this.running = true;
      this.inner.start(listener);
    } else if (!open && this.running) {
      this.running = false;
      void this.inner.stop().then(() => this.listener?.status('disconnected', this.closedDetail()));
    } else if (!open && !this.toldClosed) listener.status('disconnected', this.closedDetail());
    this.toldClosed = !open;
  }

  private closedDetail(): string {
    const { start, end, days, time_zone } = this.schedule;
    return `outside its session hours (${start}–${end} ${time_zone}, ${days.join(' ')})`;
  }
}
