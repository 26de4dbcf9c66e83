import type { Socket } from 'node:net';
import { FIX_LOGON_TIMEOUT_MS, FIX_LOGOUT_WAIT_MS, FIX_MAX_BACKOFF_MS, fixSocket, messageOf } from './fix-connection.ts';

/** One start() … halt() of a link: events of a run that has ended see that they are stale. */
export type LinkRun<C> = {
  backoffMs: number;
  socket: Socket | null;
  connection: C | null;
  loggedOn: boolean;
  /** Why the current connection is ending: the first reason heard. */
  lastError: string | null;
  logonTimer: NodeJS.Timeout | null;
  retryTimer: NodeJS.Timeout | null;
};

/** What the session on a link (market data, orders) does at each turn of the connection. */
export type LinkOwner<E, C, R> = {
  /** Loads the FIX engine (once, lazily: the engine is heavy and only a configured session needs it). */
  loadEngine(): Promise<E>;
  /** Opens the session on a socket that has just connected. */
  open(engine: E, socket: Socket, run: R): C;
  /** An attempt to connect begins. */
  connecting?(run: R): void;
  /** The connection of `run` is gone; a retry follows. `wasLoggedOn`: a session had started on it. */
  lost?(run: R, reason: string, wasLoggedOn: boolean): void;
  /** The next attempt is set for `waitMs` from now. */
  retrying(run: R, reason: string, waitMs: number): void;
  /** Saves what must outlive the connection (the sequence numbers) once it has ended. */
  flush(): Promise<void>;
};

type Where = { name: string; host: string; port: number; reconnectSeconds?: number };

/**
 * A FIX initiator's connection to its provider, kept up: connects, gives the session a few seconds
 * to log on, and after any loss connects again, waiting twice as long after each failed attempt up
 * to a minute (the owner starts the wait over once the connection proves sound). The price source
 * and the execution venue each run their session on one.
 */
export class FixLink<E, C extends { logout(): void }, R extends LinkRun<C>> {
  run: R | null = null;
  readonly initialBackoffMs: number;
  private readonly where: Where;
  private readonly owner: LinkOwner<E, C, R>;
  private engine: Promise<E> | null = null;

  constructor(where: Where, owner: LinkOwner<E, C, R>) {
    const seconds = where.reconnectSeconds ?? 1;
    if (!(seconds > 0 && Number.isFinite(seconds))) throw new RangeError(`FIX ${where.name}: reconnect seconds must be a positive number, not ${seconds}`);
    this.where = where;
    this.owner = owner;
    this.initialBackoffMs = Math.min(seconds * 1000, FIX_MAX_BACKOFF_MS);
  }

  get address(): string {
    return `${this.where.host}:${this.where.port}`;
  }

  /** Starts a run with the owner's own fields `extra`; the caller has halted the previous one. */
  start(extra: Omit<R, keyof LinkRun<C>>): R {
    const run = { ...extra, backoffMs: this.initialBackoffMs, socket: null, connection: null, loggedOn: false, lastError: null, logonTimer: null, retryTimer: null } as R;
    this.run = run;
    this.owner.connecting?.(run);
    void this.connect(run);
    return run;
  }

  /** The run is the current one and the socket its connection: the event is not stale. */
  current(run: R, socket: Socket): boolean {
    return this.run === run && run.socket === socket;
  }

  /** The provider accepted the logon. */
  loggedOn(run: R): void {
    if (run.logonTimer) clearTimeout(run.logonTimer);
    run.logonTimer = null;
    run.loggedOn = true;
  }

  /** The connection has proved sound: the next loss waits the shortest time again. */
  resetBackoff(run: R): void {
    run.backoffMs = this.initialBackoffMs;
  }

  /** Ends the current run, logging out first when logged on; returns it. */
  async halt(): Promise<R | null> {
    const run = this.run;
    if (!run) return null;
    this.run = null;
    if (run.logonTimer) clearTimeout(run.logonTimer);
    if (run.retryTimer) clearTimeout(run.retryTimer);
    const socket = run.socket;
    if (socket && run.loggedOn && run.connection) {
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      run.connection.logout();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, FIX_LOGOUT_WAIT_MS).unref())]);
    }
    socket?.destroy();
    await this.owner.flush();
    return run;
  }

  private async connect(run: R): Promise<void> {
    let engine: E;
    try {
      engine = await (this.engine ??= this.owner.loadEngine());
    } catch (err) {
      this.engine = null;
      if (this.run === run) this.retry(run, `cannot start the FIX engine: ${messageOf(err)}`);
      return;
    }
    if (this.run !== run) return;
    const socket = fixSocket(this.where);
    run.socket = socket;
    run.lastError = null;
    run.logonTimer = setTimeout(() => socket.destroy(new Error(`no logon within ${FIX_LOGON_TIMEOUT_MS / 1000} s`)), FIX_LOGON_TIMEOUT_MS);
    socket.once('connect', () => {
      if (this.current(run, socket)) run.connection = this.owner.open(engine, socket, run);
    });
    socket.on('error', (err) => {
      run.lastError ??= err.message;
    });
    // Said before jspurefix's own account of the same event, which speaks of session states.
    socket.once('end', () => {
      run.lastError ??= 'the provider closed the connection';
    });
    socket.once('close', () => this.lost(run, socket));
  }

  private lost(run: R, socket: Socket): void {
    if (!this.current(run, socket)) return;
    if (run.logonTimer) clearTimeout(run.logonTimer);
    run.logonTimer = null;
    const wasLoggedOn = run.loggedOn;
    run.socket = null;
    run.connection = null;
    run.loggedOn = false;
    const reason = run.lastError ?? 'connection closed';
    this.owner.lost?.(run, reason, wasLoggedOn);
    this.retry(run, reason);
  }

  private retry(run: R, reason: string): void {
    const wait = run.backoffMs;
    run.backoffMs = Math.min(wait * 2, FIX_MAX_BACKOFF_MS);
    this.owner.retrying(run, reason, wait);
    run.retryTimer = setTimeout(() => {
      run.retryTimer = null;
      if (this.run !== run) return;
      this.owner.connecting?.(run);
      void this.connect(run);
    }, wait);
  }
}
