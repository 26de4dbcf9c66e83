import type { FastifyInstance } from 'fastify';
import { channels, events } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import { runEvery } from '../../../lib/background-job.ts';
import { holdsWorkerLease } from '../../../workers/worker-role.ts';
import { type TradeChange, tradingRuntime } from '../trading-runtime.ts';
import { takeDaySnapshot } from './day-snapshot.ts';
import { checkRules, resolveHedges } from './hedging.ts';

/** At most one desk update a second per node, however many trades change. */
const THROTTLE_MS = 1000;
/** The worker's beat: rules decided for trades made on other nodes, lost hedge answers asked for. */
const BEAT_MS = 2000;
const SNAPSHOT_CHECK_MS = 10 * 60_000;

/**
 * Tells the dealing desk's channel what changed, throttled: the first change goes out at once, the
 * ones within the next second together after it. On the worker node each update also decides the
 * hedging rules.
 */
export class DeskFeed {
  private readonly ctx: AppContext;
  private readonly assets = new Set<number>();
  private pending = false;
  private lastAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  changed(change: Pick<TradeChange, 'snapshot'>): void {
    for (const row of change.snapshot?.rows ?? []) this.assets.add(row.assetId);
    this.pending = true;
    if (this.timer) return;
    const wait = Math.max(0, this.lastAt + THROTTLE_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.running.then(() => this.flush());
    }, wait);
    this.timer.unref();
  }

  /** Resolves once every change announced so far has gone out (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.timer || this.pending) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.running = this.running.then(() => this.flush());
      }
      await this.running;
    }
    await this.running;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async flush(): Promise<void> {
    if (!this.pending) return;
    this.pending = false;
    this.lastAt = Date.now();
    const assetIds = [...this.assets];
    this.assets.clear();
    await publishDesk(this.ctx, 'trades', assetIds);
    if (holdsWorkerLease(this.ctx)) await decideRules(this.ctx);
  }
}

/** Publishes `desk.changed` on the desk's channel; a lost event only delays the desk's refresh. */
export async function publishDesk(ctx: AppContext, reason: 'trades' | 'hedges', assetIds: number[]): Promise<void> {
  try {
    await ctx.broadcaster.publish(channels.desk(), events.deskChanged, { reason, asset_ids: assetIds });
  } catch (error) {
    ctx.log.warn({ err: error }, 'desk event not delivered');
  }
}

async function decideRules(ctx: AppContext): Promise<void> {
  try {
    const fired = await checkRules(ctx);
    if (fired.length) await publishDesk(ctx, 'hedges', [...new Set(fired.map((h) => h.assetId))]);
  } catch (error) {
    ctx.log.error({ err: error }, 'hedging rules not decided');
  }
}

const feeds = new WeakMap<AppContext, DeskFeed>();

/** This node's desk feed (none before the attachment ran). */
export function deskFeedOf(ctx: AppContext): DeskFeed | null {
  return feeds.get(ctx) ?? null;
}

/** Attachment: the desk feed on every node. */
export async function deskAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  const feed = new DeskFeed(ctx);
  feeds.set(ctx, feed);
  const listener = (change: TradeChange) => feed.changed(change);
  tradingRuntime(ctx).listeners.add(listener);
  ctx.onClose(async () => {
    tradingRuntime(ctx).listeners.delete(listener);
    feed.stop();
  });
}

/** Singleton: the hedging beat and the day's snapshot, on the holder of the worker lease. */
export async function hedgingAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  runEvery(ctx, BEAT_MS, 'hedging rules', async () => {
    await resolveHedges(ctx);
    await decideRules(ctx);
  });
  // Checked every few minutes (and at start, for a day the node was down over): the first check of a day keeps yesterday's.
  runEvery(ctx, SNAPSHOT_CHECK_MS, 'desk day snapshot', () => takeDaySnapshot(ctx, Date.now()), { atStart: true });
}
