import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Attachment } from '../attachments.ts';
import { CloseScope, collectInto } from './close-scope.ts';
import { type Fence, leaseConnection } from './lease.repository.ts';
import { WorkerLease } from './worker-lease.ts';

/**
 * The lease of the whole worker role. The singletons share one holder rather than a lease each:
 * the risk and alert engines evaluate the price feed's ticks in its own process, robots read its
 * bars in progress and the A-book desk its venue sessions, so they cannot run on different nodes.
 */
export const WORKER_LEASE = 'worker';

export type RoleEvent = { event: 'started' | 'stopped'; token: number; at: number };

const roles = new WeakMap<AppContext, WorkerRole>();

/** The worker role of a worker-capable node; null on an API node (RUN_WORKERS=false). */
export function workerRoleOf(ctx: AppContext): WorkerRole | null {
  return roles.get(ctx) ?? null;
}

/** The fence of the singletons running now: who holds the worker lease under which token; null on a node not holding it. */
export function workerFence(ctx: AppContext): Fence | null {
  return roles.get(ctx)?.lease.fence ?? null;
}

/** Whether this node holds the worker lease; a node without a role (a tool, a benchmark) answers by its configuration. */
export function holdsWorkerLease(ctx: AppContext): boolean {
  const role = roles.get(ctx);
  return role ? role.lease.token !== null : ctx.config.runWorkers;
}

/**
 * The one place that starts and stops the singletons: when this node takes the worker lease it
 * runs their attachments (in order, their cleanup kept apart from the node's), and when it loses
 * the lease it stops all of them at once. On takeover each singleton starts as on a fresh node: the
 * risk engine reloads every live trade, the daily jobs look for periods not done yet.
 */
export class WorkerRole {
  readonly lease: WorkerLease;
  /** Recent starts and stops with this node's wall-clock time (read by tests and the logs). */
  readonly history: RoleEvent[] = [];
  readonly #app: FastifyInstance;
  readonly #ctx: AppContext;
  readonly #singletons: Attachment[];
  readonly #connection: ReturnType<typeof leaseConnection>;
  #scope: { scope: CloseScope; token: number } | null = null;
  #transitions: Promise<void> = Promise.resolve();
  #stopping: Promise<void> = Promise.resolve();
  #closing = false;

  constructor(app: FastifyInstance, ctx: AppContext, singletons: Attachment[], holder: string) {
    this.#app = app;
    this.#ctx = ctx;
    this.#singletons = singletons;
    const settings = ctx.config.workerLease;
    this.#connection = leaseConnection(ctx.database, ctx.config.databaseUrl, settings.renewMs);
    this.lease = new WorkerLease({
      query: this.#connection.query,
      key: { name: WORKER_LEASE, holder },
      settings,
      log: ctx.log,
      sole: ctx.database.kind === 'pglite',
      events: {
        gained: (token) => {
          ctx.metrics.leasesHeld.set({ lease: WORKER_LEASE }, 1);
          this.#transitions = this.#transitions.then(() => this.#start(token));
        },
        lost: (reason) => {
          ctx.metrics.leasesHeld.set({ lease: WORKER_LEASE }, 0);
          this.#stopAll(reason);
        },
      },
    });
  }

  async #start(token: number): Promise<void> {
    // The singletons of an earlier hold finish stopping before new ones start.
    await this.#stopping;
    if (this.#closing || this.lease.token !== token) return;
    const began = performance.now();
    const scope = new CloseScope();
    this.#scope = { scope, token };
    try {
      await collectInto(scope, async () => {
        for (const attach of this.#singletons) {
          if (scope.stopping) break;
          await attach(this.#app, this.#ctx);
        }
      });
    } catch (error) {
      this.#ctx.log.error({ err: error }, 'singletons failed to start; the lease is given up');
      this.#stopAll('a singleton failed to start');
      await this.lease.giveUp();
      return;
    } finally {
      scope.collecting = false;
    }
    if (scope.stopping) return;
    this.#record('started', token);
    this.#ctx.metrics.leaseTakeovers.inc({ lease: WORKER_LEASE });
    this.#ctx.log.info({ lease: WORKER_LEASE, token, holder: this.lease.key.holder, startMs: Math.round(performance.now() - began) }, 'worker lease taken: singletons started');
  }

  /** Lease lost (or about to be): every singleton stops now, before another node may take over. */
  #stopAll(reason: string): void {
    const held = this.#scope;
    this.#scope = null;
    if (!held) return;
    const stopping = held.scope.stopAll();
    this.#stopping = stopping;
    this.#record('stopped', held.token);
    this.#ctx.metrics.leaseLosses.inc({ lease: WORKER_LEASE });
    this.#ctx.log.warn({ lease: WORKER_LEASE, token: held.token, reason }, 'worker lease lost: singletons stopped');
    void stopping.then(() => this.#ctx.log.info({ lease: WORKER_LEASE, token: held.token }, 'singletons finished stopping'));
  }

  #record(event: RoleEvent['event'], token: number): void {
    this.history.push({ event, token, at: Date.now() });
    if (this.history.length > 50) this.history.shift();
  }

  /** Settles once the singletons of the latest take have started (or failed to). */
  started(): Promise<void> {
    return this.#transitions;
  }

  /** Graceful shutdown: the singletons stop in order while the lease is still renewed, then the lease is ended for the next node. */
  async close(): Promise<void> {
    this.#closing = true;
    await this.#transitions;
    const held = this.#scope;
    this.#scope = null;
    if (held) {
      await held.scope.stopInOrder();
      this.#record('stopped', held.token);
      this.#ctx.log.info({ lease: WORKER_LEASE, token: held.token }, 'singletons stopped; handing the worker lease over');
    }
    await this.#stopping;
    await this.lease.close();
    this.#ctx.metrics.leasesHeld.set({ lease: WORKER_LEASE }, 0);
    await this.#connection.close();
  }
}

/**
 * Makes this worker-capable node a candidate for the worker lease, once it listens on `port`: it
 * tries at once (a lone node starts its singletons before this returns) and keeps trying or
 * renewing. The node is named by host and port, which only one live process can listen on.
 */
export async function startWorkerRole(app: FastifyInstance, ctx: AppContext, singletons: Attachment[], port: number): Promise<WorkerRole> {
  const role = new WorkerRole(app, ctx, singletons, `${hostname()}:${port}`);
  roles.set(ctx, role);
  ctx.onClose(() => role.close());
  ctx.metrics.leasesHeld.set({ lease: WORKER_LEASE }, 0);
  await role.lease.start();
  // The first take's singletons have started (or failed to) before the node is reported up.
  await role.started();
  return role;
}
