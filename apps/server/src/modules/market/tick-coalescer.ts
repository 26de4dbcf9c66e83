/** Schedules `fn` after `ms`; returns a cancel function. Injectable so tests decide when windows end. */
export type Scheduler = (fn: () => void, ms: number) => () => void;

const timerScheduler: Scheduler = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/**
 * Collects which instruments ticked during a window and hands the set over once when the window
 * ends: the receiver reads each instrument's latest values then, so the last tick wins and a burst
 * of ticks costs one packet. The window opens at the first tick after a flush. A window of 0
 * hands over every tick at once (no coalescing).
 */
export class TickCoalescer {
  private readonly marked: Uint8Array;
  private pending: number[] = [];
  private cancel: (() => void) | null = null;
  private readonly windowMs: number;
  private readonly deliver: (indices: number[]) => void;
  private readonly schedule: Scheduler;

  constructor(size: number, windowMs: number, deliver: (indices: number[]) => void, schedule: Scheduler = timerScheduler) {
    this.marked = new Uint8Array(size);
    this.windowMs = windowMs;
    this.deliver = deliver;
    this.schedule = schedule;
  }

  touch(index: number): void {
    if (this.windowMs <= 0) return this.deliver([index]);
    if (this.marked[index]) return;
    this.marked[index] = 1;
    this.pending.push(index);
    this.cancel ??= this.schedule(() => this.flush(), this.windowMs);
  }

  /** Ends the current window now. */
  flush(): void {
    this.cancel?.();
    this.cancel = null;
    const batch = this.pending;
    if (!batch.length) return;
    this.pending = [];
    for (const i of batch) this.marked[i] = 0;
    this.deliver(batch);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
    this.pending = [];
    this.marked.fill(0);
  }
}
