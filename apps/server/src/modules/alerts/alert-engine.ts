import type { FastifyInstance } from 'fastify';
import { alertMessages } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { KeyedQueue } from '../../lib/keyed-queue.ts';
import type { PriceSource, Quote } from '../market/price-source.ts';
import { AlertBook, type AlertFire, type AlertRule } from './alert-book.ts';
import { cancelledText, deliver, firedText } from './alert-delivery.ts';
import { activeAlerts, alertsChangedSince, alertWithAsset, cancelOnDisabledInstruments, markFired, type AlertRow } from './alerts.repository.ts';

const engines = new WeakMap<AppContext, AlertEngine>();

/** The alert engine of a server, if this node evaluates alerts (the node that runs the risk engine). */
export function alertEngineOf(ctx: AppContext): AlertEngine | null {
  return engines.get(ctx) ?? null;
}

export function ruleOf(row: AlertRow): AlertRule {
  return {
    id: row.id,
    userId: row.userId,
    assetId: row.assetId,
    kind: row.kind,
    direction: row.direction,
    level: row.level,
    percent: row.percent,
    windowMs: row.windowMs,
    repeat: row.repeat,
    cooldownMs: row.cooldownSeconds * 1000,
    lastTriggeredAt: row.lastTriggeredAt?.getTime() ?? null,
  };
}

/**
 * Evaluates price alerts on every tick against the {@link AlertBook} (synchronously, like the risk
 * engine's triggers) and delivers what fired: one queue per customer, each firing recorded once in
 * the database before the customer is told. Alerts changed on this node arrive through
 * {@link AlertEngine.apply}; those changed on other nodes through the periodic sweep.
 */
export class AlertEngine {
  readonly book: AlertBook;
  /** The engine's clock (ms); tests move it to end cool-downs and windows. */
  now: () => number = Date.now;
  readonly #ctx: AppContext;
  readonly #queue: KeyedQueue;
  #prices: PriceSource | null = null;
  #unsubscribe: (() => void) | null = null;
  readonly #seen = new Map<number, number>();
  #lastSync = new Date();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.#queue = new KeyedQueue((error, userId) => ctx.log.error({ err: error, userId }, 'price alert delivery failed'));
    this.book = new AlertBook((assetId) => this.#prices?.quote(assetId)?.price ?? null);
  }

  /** Starts (or moves) evaluation onto `prices`, and reloads every active alert. */
  async usePrices(prices: PriceSource): Promise<void> {
    this.#unsubscribe?.();
    this.#prices = prices;
    this.#unsubscribe = prices.onTick((quote) => this.onTick(quote));
    await this.reloadAll();
  }

  usesPrices(prices: PriceSource): boolean {
    return this.#prices === prices;
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  onTick(quote: Quote): void {
    for (const fire of this.book.tick(quote.assetId, quote.price, this.now())) this.#fire(fire);
  }

  /**
   * Follows a committed change of one alert: watches it while it is active, forgets it otherwise.
   * `sweep` skips what was already applied; `reread` applies the database's state whatever it is.
   */
  apply(row: AlertRow, how: 'change' | 'sweep' | 'reread' = 'change'): void {
    const at = row.updatedAt.getTime();
    const seen = this.#seen.get(row.id) ?? 0;
    if (how !== 'reread' && (at < seen || (how === 'sweep' && at === seen))) return;
    this.#seen.set(row.id, at);
    if (row.status === 'active') this.book.set(ruleOf(row), this.now());
    else this.book.remove(row.id);
  }

  /** Forgets a deleted alert. */
  forget(id: number): void {
    this.book.remove(id);
    this.#seen.delete(id);
  }

  async reloadAll(): Promise<void> {
    this.#lastSync = new Date();
    const rows = await activeAlerts(this.#ctx.db);
    const ids = new Set(rows.map((r) => r.id));
    for (const id of this.#seen.keys()) if (!ids.has(id)) this.forget(id);
    for (const row of rows) this.apply(row, 'reread');
  }

  /**
   * Catches up with alerts other nodes changed (by their stamp, with an overlap for transactions
   * that committed late) and cancels, with a notice, the alerts on instruments no longer traded.
   */
  async sweep(): Promise<void> {
    const since = new Date(this.#lastSync.getTime() - 2000);
    this.#lastSync = new Date();
    for (const row of await alertsChangedSince(this.#ctx.db, since)) this.apply(row, 'sweep');
    for (const row of await cancelOnDisabledInstruments(this.#ctx.db, alertMessages.delisted)) {
      this.apply(row);
      this.#run(row.userId, async () => {
        const alert = await alertWithAsset(this.#ctx.db, row.id);
        if (alert) await deliver(this.#ctx, alert, 'cancelled', cancelledText(alert));
      });
    }
  }

  #fire(fire: AlertFire): void {
    const { rule, price, move } = fire;
    this.#run(rule.userId, async () => {
      const row = await markFired(this.#ctx.db, rule.id, new Date(fire.at), price);
      const alert = await alertWithAsset(this.#ctx.db, rule.id);
      if (!row || !alert) {
        // Paused, edited, deleted or fired elsewhere meanwhile: watch it as the database has it.
        if (alert) this.apply(alert, 'reread');
        else this.forget(rule.id);
        return;
      }
      this.#seen.set(row.id, row.updatedAt.getTime());
      await deliver(this.#ctx, alert, 'triggered', firedText(alert, price, move));
    });
  }

  #run(userId: number, job: () => Promise<void>): void {
    this.#queue.run(userId, job);
  }

  /** Resolves once every queued firing and notice has been delivered. */
  idle(): Promise<void> {
    return this.#queue.idle();
  }
}

/** Attachment: evaluates alerts on worker nodes (where the risk engine runs), sweeping periodically. */
export async function alertEngineAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  const engine = new AlertEngine(ctx);
  engines.set(ctx, engine);
  if (ctx.prices) await engine.usePrices(ctx.prices);
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    const prices = ctx.prices;
    if (sweeping || !prices) return;
    const ready = engine.usesPrices(prices) ? Promise.resolve() : engine.usePrices(prices);
    sweeping = ready
      .then(() => engine.sweep())
      .catch((error: unknown) => ctx.log.error({ err: error }, 'alert sweep failed'))
      .finally(() => (sweeping = null));
  }, ctx.config.trading.riskSweepMs);
  timer.unref();
  ctx.onClose(async () => {
    clearInterval(timer);
    engine.stop();
    await sweeping;
    await engine.idle();
  });
}
