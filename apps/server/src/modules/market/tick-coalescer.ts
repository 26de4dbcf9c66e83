/** Schedules `fn` after `ms`; returns a cancel function. Injectable so tests decide when steps end. */
export type Scheduler = (fn: () => void, ms: number) => () => void;

const timerScheduler: Scheduler = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/** What one step of the coalescer hands over. */
export type CoalescedStep = {
  /** Instruments that ticked since the previous step, each once. */
  ticked: number[];
  /** Instruments that ticked during the last window (the last `groups` steps), each once, in order of their first tick. */
  window: number[];
  /** Which group of clients gets `window` now: 0 … groups-1, one group per step. */
  group: number;
};

/**
 * Collects which instruments ticked and hands them over in steps: the receiver reads each
 * instrument's latest values then, so the last tick wins and a burst of ticks costs one packet.
 *
 * A window (`windowMs`) is cut into `groups` steps. Clients are spread over the groups, and each
 * step is one group's turn: it gets everything that ticked during the last window. Every client
 * still gets one packet per window, but the packets for thousands of clients are written a step
 * apart instead of all at once, so the last client of a window is not kept waiting behind all the
 * others. With one group a step is the whole window, opened by the first tick after a quiet time.
 * A window of 0 hands over every tick at once (no coalescing).
 */
export class TickCoalescer {
  private readonly marked: Uint8Array;
  /** Per instrument, the last union it was added to (dedupes a window built from several steps). */
  private readonly seen: Float64Array;
  private union = 0;
  private pending: number[] = [];
  /** The last `groups` steps' ticked instruments, oldest first. */
  private readonly recent: number[][] = [];
  private steps = 0;
  private lastTickedStep = -Infinity;
  private cancel: (() => void) | null = null;
  private dueAt = 0;
  private readonly windowMs: number;
  private readonly stepMs: number;
  private readonly groups: number;
  private readonly deliver: (step: CoalescedStep) => void;
  private readonly schedule: Scheduler;
  private readonly now: () => number;

  constructor(
    size: number,
    windowMs: number,
    deliver: (step: CoalescedStep) => void,
    opts: { groups?: number; schedule?: Scheduler; now?: () => number } = {},
  ) {
    this.marked = new Uint8Array(size);
    this.seen = new Float64Array(size);
    this.windowMs = windowMs;
    this.groups = Math.max(1, Math.floor(opts.groups ?? 1));
    this.stepMs = windowMs / this.groups;
    this.deliver = deliver;
    this.schedule = opts.schedule ?? timerScheduler;
    this.now = opts.now ?? (() => performance.now());
  }

  touch(index: number): void {
    if (this.windowMs <= 0) return this.deliver({ ticked: [index], window: [index], group: 0 });
    if (this.marked[index]) return;
    this.marked[index] = 1;
    this.pending.push(index);
    if (!this.cancel) {
      this.dueAt = this.now() + this.stepMs;
      this.cancel = this.schedule(() => this.step(), this.stepMs);
    }
  }

  /** Ends the current step now. */
  flush(): void {
    this.cancel?.();
    this.cancel = null;
    this.step();
  }

  private step(): void {
    this.cancel = null;
    const ticked = this.pending;
    this.pending = [];
    for (const i of ticked) this.marked[i] = 0;
    if (ticked.length) this.lastTickedStep = this.steps;
    this.recent.push(ticked);
    if (this.recent.length > this.groups) this.recent.shift();
    const group = this.steps % this.groups;
    this.steps++;
    const window = this.groups === 1 ? ticked : this.windowOfRecent();
    if (window.length) this.deliver({ ticked, window, group });
    // Steps go on, at a steady pace, until the last tick has been each group's turn.
    if (this.steps - this.lastTickedStep >= this.groups && !this.pending.length) return;
    const now = this.now();
    this.dueAt = Math.max(now, this.dueAt + this.stepMs);
    this.cancel = this.schedule(() => this.step(), this.dueAt - now);
  }

  private windowOfRecent(): number[] {
    const union = ++this.union;
    const out: number[] = [];
    for (const step of this.recent) {
      for (const i of step) {
        if (this.seen[i] === union) continue;
        this.seen[i] = union;
        out.push(i);
      }
    }
    return out;
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
    this.pending = [];
    this.recent.length = 0;
    this.marked.fill(0);
  }
}
