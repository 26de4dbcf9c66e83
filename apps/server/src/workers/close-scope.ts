import { AsyncLocalStorage } from 'node:async_hooks';

type Closer = () => Promise<void> | void;

/**
 * The cleanup of the singletons started together when this node took the worker lease. Their
 * attachments register it with `ctx.onClose` as they do on a single node; while they start, the
 * server's `onClose` files it here instead of with the node's own (see {@link collectingScope}), so
 * losing the lease stops them without stopping the node.
 */
export class CloseScope {
  #closers: Closer[] = [];
  #stopping: Promise<unknown>[] | null = null;
  /** Registrations go here while the singletons start; later ones (a lazily made store) are the node's. */
  collecting = true;

  get stopping(): boolean {
    return this.#stopping !== null;
  }

  add(fn: Closer): void {
    // Registered by a singleton still starting when the lease was lost: it stops at once as well.
    if (this.#stopping) this.#stopping.push(invoke(fn));
    else this.#closers.push(fn);
  }

  /**
   * Stops every singleton at once: each cleanup's synchronous part (timers cleared, tick listeners
   * removed, the simulator dropped) has run when this returns; the promise settles when all of
   * their awaited parts have, which a node cut off from the database may take long to.
   */
  stopAll(): Promise<void> {
    const closers = this.#closers.reverse();
    this.#closers = [];
    const stopping = (this.#stopping ??= []);
    stopping.push(...closers.map(invoke));
    return Promise.allSettled(stopping).then(() => undefined);
  }

  /** Stops them one after the other, last started first, as a server's shutdown does (a graceful handover). */
  async stopInOrder(): Promise<void> {
    const closers = this.#closers.reverse();
    this.#closers = [];
    this.#stopping ??= [];
    for (const fn of closers) await fn();
  }
}

/** Calls `fn` now, so its synchronous part runs before the caller goes on. */
function invoke(fn: Closer): Promise<unknown> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}

const scopes = new AsyncLocalStorage<CloseScope>();

/** Runs `start` with every `ctx.onClose` it makes (awaited or not) filed in `scope`. */
export function collectInto<T>(scope: CloseScope, start: () => Promise<T>): Promise<T> {
  return scopes.run(scope, start);
}

/** The scope that an `onClose` made now belongs to, if a singleton is starting. */
export function collectingScope(): CloseScope | null {
  const scope = scopes.getStore();
  return scope?.collecting ? scope : null;
}
