import type { FastifyBaseLogger } from 'fastify';
import { acquireLease, type Fence, type LeaseKey, type LeaseSql, releaseLease, renewLease } from './lease.repository.ts';

export type LeaseSettings = {
  /** How often the holder renews, and a standby node tries to take the lease. */
  renewMs: number;
  /** How long a renewal keeps the lease (the database's clock). */
  ttlMs: number;
  /** How long before its lease could expire the holder stops its singletons, when renewals fail. */
  marginMs: number;
};

export type LeaseEvents = {
  /** This node now holds the lease under `token`. */
  gained(token: number): void;
  /** It no longer does (or may not any more): stop the singletons at once. */
  lost(reason: string): void;
};

type Hold = { token: number; deadline: number };

/**
 * One lease in `worker_leases`, taken and renewed by this node. Time on this side is the node's own
 * monotonic clock: a renewal sent at `t` keeps the lease until at least `t + ttl` on the database's
 * clock, so the node gives it up at `t + ttl − margin` unless a later renewal succeeded — before any
 * other node can take it, whether the database answers, refuses or is cut off.
 */
export class WorkerLease {
  readonly key: LeaseKey;
  readonly #query: LeaseSql;
  readonly #settings: LeaseSettings;
  readonly #events: LeaseEvents;
  readonly #log: FastifyBaseLogger;
  /** Embedded database: one node, which takes the lease for good and never renews it. */
  readonly #sole: boolean;
  #hold: Hold | null = null;
  #beat: NodeJS.Timeout | null = null;
  #deadline: NodeJS.Timeout | null = null;
  #closed = false;
  #failing = false;
  #attempt: Promise<void> = Promise.resolve();

  constructor(opts: { query: LeaseSql; key: LeaseKey; settings: LeaseSettings; events: LeaseEvents; log: FastifyBaseLogger; sole: boolean }) {
    this.key = opts.key;
    this.#query = opts.query;
    this.#settings = opts.settings;
    this.#events = opts.events;
    this.#log = opts.log;
    this.#sole = opts.sole;
  }

  /** The token this node holds the lease under, or null. */
  get token(): number | null {
    return this.#hold?.token ?? null;
  }

  get fence(): Fence | null {
    return this.#hold ? { lease: this.key.name, holder: this.key.holder, token: this.#hold.token } : null;
  }

  /** Tries once (awaited, so a lone node starts holding it), then keeps trying or renewing. */
  async start(): Promise<void> {
    this.#schedule(await this.#try());
  }

  #schedule(ms: number): void {
    if (this.#closed || this.#sole) return;
    this.#beat = setTimeout(() => {
      this.#attempt = this.#try().then((next) => this.#schedule(next));
    }, ms);
    this.#beat.unref();
  }

  /** Renews or tries to take the lease; answers when to come back (a beat after this try began: a slow answer does not delay the next). */
  async #try(): Promise<number> {
    const { renewMs, ttlMs } = this.#settings;
    const sentAt = performance.now();
    const nextBeat = () => Math.max(0, sentAt + renewMs - performance.now());
    const hold = this.#hold;
    try {
      if (hold) {
        const renewed = await renewLease(this.#query, this.key, hold.token, ttlMs);
        this.#recovered();
        if (this.#hold !== hold) {
          // Given up meanwhile (the deadline passed first): let the others have it now.
          if (renewed) await releaseLease(this.#query, this.key, hold.token);
        } else if (renewed) this.#extend(hold, sentAt);
        else this.#lose('the lease was taken or had expired');
        return nextBeat();
      }
      const { token, remainingMs } = await acquireLease(this.#query, this.key, process.pid, this.#sole ? null : ttlMs, this.#sole);
      this.#recovered();
      if (token === null || this.#closed) {
        if (token !== null) await releaseLease(this.#query, this.key, token);
        // A lease about to end is tried for again just after it does, not up to a beat later.
        return remainingMs === null ? renewMs : Math.max(10, Math.min(renewMs, remainingMs + 10));
      }
      const taken: Hold = { token, deadline: Number.POSITIVE_INFINITY };
      this.#hold = taken;
      if (!this.#sole) this.#extend(taken, sentAt);
      if (this.#hold === taken) this.#events.gained(token);
    } catch (error) {
      if (!this.#failing) this.#log.warn({ err: (error as Error).message, lease: this.key.name }, hold ? 'worker lease not renewed' : 'worker lease not reachable');
      this.#failing = true;
    }
    return nextBeat();
  }

  #recovered(): void {
    if (this.#failing) this.#log.info({ lease: this.key.name }, 'worker lease reachable again');
    this.#failing = false;
  }

  /** Moves the moment this node gives the lease up to `sentAt + ttl − margin`, if that is still ahead. */
  #extend(hold: Hold, sentAt: number): void {
    const { ttlMs, marginMs } = this.#settings;
    hold.deadline = sentAt + ttlMs - marginMs;
    const left = hold.deadline - performance.now();
    if (this.#deadline) clearTimeout(this.#deadline);
    if (left <= 0) return this.#lose('the renewal came back too late');
    this.#deadline = setTimeout(() => {
      if (this.#hold === hold) this.#lose(`not renewed within ${ttlMs - marginMs} ms`);
    }, left);
    this.#deadline.unref();
  }

  #lose(reason: string): void {
    if (!this.#hold) return;
    this.#hold = null;
    if (this.#deadline) clearTimeout(this.#deadline);
    this.#deadline = null;
    this.#events.lost(reason);
  }

  /** Ends the lease now and goes on trying to take it again (the singletons could not start). */
  async giveUp(): Promise<void> {
    const hold = this.#hold;
    this.#lose('given up');
    if (hold) await releaseLease(this.#query, this.key, hold.token).catch(() => {});
  }

  /** Stops trying and renewing, and ends the lease if this node holds it (graceful shutdown). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#beat) clearTimeout(this.#beat);
    await this.#attempt;
    const hold = this.#hold;
    this.#hold = null;
    if (this.#deadline) clearTimeout(this.#deadline);
    if (hold) await releaseLease(this.#query, this.key, hold.token).catch(() => {});
  }
}
