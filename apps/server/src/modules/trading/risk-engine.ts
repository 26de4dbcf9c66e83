import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { KeyedQueue } from '../../lib/keyed-queue.ts';
import { inSpan } from '../../lib/tracing.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import type { PriceSource, Quote } from '../market/price-source.ts';
import { conversionSource, rateFrom } from './instruments.ts';
import { closeOnTrigger, fillPending, stopOutAccount } from './risk-actions.ts';
import { RiskBook, type Fire } from './risk-book.ts';
import { groupLevels, MARGIN_CALL_REARM_POINTS, marginCalled, marginCallCleared } from './margin-call.ts';
import { announce, tradingRuntime, type TradeChange } from './trading-runtime.ts';
import { accountsChangedSince, balancesOf, liveTrades, tightenStop, tradesByIds, tradesOfAccount, type TradeRow } from './trades.repository.ts';

const engines = new WeakMap<AppContext, RiskEngine>();

/** The risk engine attached to a server, if this node runs one. */
export function riskEngineOf(ctx: AppContext): RiskEngine | null {
  return engines.get(ctx) ?? null;
}

/**
 * A stop-out that closed nothing (its loser held off at its venue, or the exact check above the
 * level the book saw) is tried again this much later. At once, the refresh after it would find the
 * book still below the level and stop out again, with nothing in between: on PGlite, whose queries
 * never leave the microtask queue, that loop starved every timer of the process.
 */
const STOP_OUT_RETRY_MS = 1_000;

/**
 * Evaluates triggers on every tick and acts on them: take-profit, stop-loss, trailing stops,
 * pending entries and stop-out. Ticks are handled synchronously against the {@link RiskBook};
 * database work runs in one queue per account, so an account's actions never overlap.
 */
export class RiskEngine {
  readonly book: RiskBook;
  readonly #ctx: AppContext;
  readonly #queue: KeyedQueue;
  #prices: PriceSource | null = null;
  #unsubscribe: (() => void) | null = null;
  readonly #refreshQueued = new Set<number>();
  readonly #stopOutRetries = new Map<number, ReturnType<typeof setTimeout>>();
  readonly #trailQueued = new Map<number, { accountId: number; side: 'buy' | 'sell'; stop: number }>();
  #lastSync = new Date();
  /** Per account, the latest `updated_at` the book reflects; a later one in the database came from another node. */
  readonly #seen = new Map<number, number>();
  /** Per account, whether this node last saw it at or below its margin call (true), above it (false), or not yet. */
  readonly #marginCall = new Map<number, boolean>();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.#queue = new KeyedQueue((error, accountId) => ctx.log.error({ err: error, accountId }, 'risk engine action failed'));
    this.book = new RiskBook(ctx.config.trading.stopOutLevel);
  }

  /**
   * Starts (or moves) evaluation onto `prices`, reloads every live trade and evaluates it at the
   * current prices: on a worker that just took over, a trigger crossed while no engine ran (or
   * popped by the previous holder just before it died) fires now, not at the instrument's next tick.
   */
  async usePrices(prices: PriceSource): Promise<void> {
    this.#unsubscribe?.();
    this.#prices = prices;
    this.#unsubscribe = prices.onTick((quote) => this.onTick(quote));
    await this.reloadAll();
    this.evaluateAll();
  }

  /** Evaluates every instrument with triggers at its current quote, as a tick would; a stalled one waits for fresh ticks. */
  evaluateAll(now = Date.now()): void {
    const prices = this.#prices;
    if (!prices) return;
    for (const assetId of this.book.index.assetIds()) {
      const quote = prices.quote(assetId);
      if (quote && !prices.stalled(now, assetId)) this.onTick(quote);
    }
  }

  usesPrices(prices: PriceSource): boolean {
    return this.#prices === prices;
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    for (const timer of this.#stopOutRetries.values()) clearTimeout(timer);
    this.#stopOutRetries.clear();
  }

  /** The synchronous tick path: pops crossed triggers and queues their work. */
  onTick(quote: Quote): void {
    if (!this.book.index.watches(quote.assetId)) return;
    const { metrics } = this.#ctx;
    metrics.triggerEvaluations.inc();
    for (const fire of this.book.index.collect(quote.assetId, quote.bid, quote.ask)) {
      metrics.triggersFired.inc({ kind: fire.kind });
      this.#dispatch(fire, quote);
    }
  }

  #dispatch(fire: Fire, quote: Quote): void {
    const prices = this.#prices!;
    switch (fire.kind) {
      case 'stopout':
        if (this.book.needsStopOut(fire.accountId, (id) => prices.quote(id))) this.#stopOut(fire.accountId);
        return;
      case 'trail': {
        const stop = this.book.ratchet(fire.accountId, fire.tradeId, quote);
        if (stop !== null) this.#persistTrail(fire.accountId, fire.tradeId, stop);
        return;
      }
      case 'entry':
        this.#run(fire.accountId, () => inSpan('risk.fill_pending', { 'bourse.trade.id': fire.tradeId }, () => fillPending(this.#ctx, prices, fire.tradeId, quote)), true);
        return;
      default:
        this.#run(
          fire.accountId,
          () => inSpan('risk.close', { 'bourse.close.trigger': fire.kind, 'bourse.trade.id': fire.tradeId }, () => closeOnTrigger(this.#ctx, prices, fire.tradeId, fire.kind as 'tp' | 'sl', quote)),
          true,
        );
    }
  }

  #stopOut(accountId: number): void {
    const prices = this.#prices!;
    this.#run(
      accountId,
      async () => {
        const stopOut = () => stopOutAccount(this.#ctx, prices, accountId, this.book.levelsOf(accountId).stopOut);
        const change = await inSpan('risk.close', { 'bourse.close.trigger': 'stop_out', 'bourse.account.id': accountId }, stopOut);
        if (!change) this.#retryStopOut(accountId);
        return change;
      },
      false,
    );
  }

  /** Reloads the account (putting its stop-out trigger back) and checks it again, once, a moment later. */
  #retryStopOut(accountId: number): void {
    if (this.#stopOutRetries.has(accountId)) return;
    const timer = setTimeout(() => {
      this.#stopOutRetries.delete(accountId);
      if (this.#prices) this.refresh(accountId);
    }, STOP_OUT_RETRY_MS);
    timer.unref();
    this.#stopOutRetries.set(accountId, timer);
  }

  /**
   * Sends the margin-call notice when the account's level (from its last exact check) is at or below
   * its group's margin call, once per crossing: it re-arms only after the level climbs back
   * MARGIN_CALL_REARM_POINTS above it, or the account holds no margin any more.
   */
  #watchMarginCall(accountId: number): void {
    const level = this.book.accounts.get(accountId)?.marginLevel ?? null;
    const levels = this.book.levelsOf(accountId);
    const was = this.#marginCall.get(accountId);
    if (level !== null && level <= levels.marginCall) {
      if (was === true) return;
      this.#marginCall.set(accountId, true);
      this.#run(accountId, async () => {
        await marginCalled(this.#ctx, accountId, level, levels);
        return null;
      }, false);
    } else if (level === null || level > levels.marginCall + MARGIN_CALL_REARM_POINTS) {
      if (was === false) return;
      this.#marginCall.set(accountId, false);
      this.#run(accountId, async () => {
        await marginCallCleared(this.#ctx, accountId);
        return null;
      }, false);
    }
  }

  #persistTrail(accountId: number, tradeId: number, stop: number): void {
    const side = this.book.accounts.get(accountId)?.positions.get(tradeId)?.side ?? 'buy';
    const queued = this.#trailQueued.get(tradeId);
    this.#trailQueued.set(tradeId, { accountId, side, stop });
    if (queued) return;
    this.#run(accountId, async () => {
      const latest = this.#trailQueued.get(tradeId)!;
      this.#trailQueued.delete(tradeId);
      const row = await tightenStop(this.#ctx.db, tradeId, latest.side, latest.stop);
      if (row) this.#markSeen(accountId, [row]);
      return row ? { userId: row.userId, accountId, tradeIds: [row.id], reason: 'trailing_moved', balanceChanged: false } : null;
    }, false);
  }

  /** Called for every committed change (this node's requests and its own actions): applies just the trades touched. */
  onChange(change: TradeChange): void {
    if (change.reason === 'trailing_moved') return;
    this.#run(change.accountId, async () => {
      // A balance change is re-read: announcements of two settlements may arrive out of order.
      const snapshot = change.balanceChanged ? null : change.snapshot;
      const [account] = snapshot ? [snapshot.account] : await this.#ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, change.accountId));
      if (!account) return null;
      const rows = snapshot?.rows ?? (await tradesByIds(this.#ctx.db, change.tradeIds));
      await this.#warmRates(account.currency, rows);
      this.book.apply(account, rows);
      this.#markSeen(change.accountId, rows);
      this.#check(change.accountId);
      return null;
    }, false);
  }

  #markSeen(accountId: number, rows: { updatedAt: Date }[], at?: Date): void {
    let latest = Math.max(this.#seen.get(accountId) ?? 0, at?.getTime() ?? 0);
    for (const row of rows) latest = Math.max(latest, row.updatedAt.getTime());
    this.#seen.set(accountId, latest);
  }

  /** Reloads one account from the database (coalesced: one queued reload per account). */
  refresh(accountId: number, changedAt?: Date): void {
    if (this.#refreshQueued.has(accountId)) return;
    this.#refreshQueued.add(accountId);
    this.#run(accountId, async () => {
      this.#refreshQueued.delete(accountId);
      const [account] = await this.#ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
      const rows = account ? await tradesOfAccount(this.#ctx.db, accountId, ['open', 'pending']) : [];
      await this.#warmRates(account?.currency ?? 'USD', rows);
      if (account) this.book.load(account, rows);
      else this.book.drop(accountId);
      this.#markSeen(accountId, rows, changedAt);
      this.#check(accountId);
      return null;
    }, false);
  }

  /** Loads every live trade; used at start and when the price source changes. */
  async reloadAll(): Promise<void> {
    this.#lastSync = new Date();
    await this.#loadGroupLevels();
    const rows = await liveTrades(this.#ctx.db);
    const byAccount = new Map<number, TradeRow[]>();
    for (const row of rows) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
    for (const id of [...this.book.accounts.keys()]) if (!byAccount.has(id)) this.book.drop(id);
    const accounts = await balancesOf(this.#ctx.db, [...byAccount.keys()]);
    for (const account of accounts) {
      const list = byAccount.get(account.id)!;
      await this.#warmRates(account.currency, list);
      this.book.load({ ...account, userId: list[0]!.userId }, list);
      this.#markSeen(account.id, list);
      this.#check(account.id);
    }
  }

  /**
   * Periodic safety net: picks up trades other nodes changed, refreshes balances and conversion
   * rates (deposits, currency moves) and re-checks every account exactly.
   */
  async sweep(): Promise<void> {
    const since = new Date(this.#lastSync.getTime() - 2000);
    this.#lastSync = new Date();
    for (const { id, at } of await accountsChangedSince(this.#ctx.db, since)) {
      if (at.getTime() > (this.#seen.get(id) ?? 0)) this.refresh(id, at);
    }
    await this.#loadGroupLevels();
    const ids = [...this.book.accounts.keys()];
    for (const account of await balancesOf(this.#ctx.db, ids)) {
      this.book.setBalance(account.id, account.balance);
      const book = this.book.accounts.get(account.id);
      if (book) book.groupId = account.groupId;
      if (book) await this.#warmRates(account.currency, [...book.positions.values()]);
      this.#check(account.id);
    }
  }

  #check(accountId: number): void {
    const prices = this.#prices;
    if (!prices) return;
    if (this.book.needsStopOut(accountId, (id) => prices.quote(id))) this.#stopOut(accountId);
    this.#watchMarginCall(accountId);
  }

  /** Every group's margin levels: a change an admin makes applies from the next sweep. */
  async #loadGroupLevels(): Promise<void> {
    const levels = await groupLevels(this.#ctx);
    this.book.groupLevels.clear();
    for (const [id, l] of levels) this.book.groupLevels.set(id, l);
  }

  async #warmRates(currency: string, rows: { quoteCurrency: string }[]): Promise<void> {
    const prices = this.#prices;
    if (!prices) return;
    for (const quote of new Set(rows.map((r) => r.quoteCurrency))) {
      const key = `${quote}>${currency}`;
      const source = await conversionSource(tradingRuntime(this.#ctx).catalog, prices, quote, currency);
      if (source) this.book.rateSources.set(key, source);
      const rate = source ? rateFrom(source, prices) : quote.toUpperCase() === currency.toUpperCase() ? 1 : null;
      if (rate !== null) this.book.rates.set(key, rate);
    }
  }

  /** Runs `job` after the account's earlier jobs; announces what it changed. */
  #run(accountId: number, job: () => Promise<TradeChange | null>, refreshAfter: boolean): void {
    this.#queue.run(accountId, async () => {
      try {
        const change = await job();
        if (change) await announce(this.#ctx, change);
        // A stale trigger changed nothing; reloading puts the account's triggers back.
        else if (refreshAfter) this.refresh(accountId);
      } catch (error) {
        this.#ctx.log.error({ err: error, accountId }, 'risk engine action failed');
        if (refreshAfter) this.refresh(accountId);
      }
    });
  }

  /** Resolves once every queued action (and what it queued in turn) has finished. */
  idle(): Promise<void> {
    return this.#queue.idle();
  }
}

/** Attachment: runs the risk engine on worker nodes, re-checking every account periodically. */
export async function riskEngineAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  const engine = new RiskEngine(ctx);
  engines.set(ctx, engine);
  const runtime = tradingRuntime(ctx);
  const listener = (change: TradeChange) => engine.onChange(change);
  runtime.listeners.add(listener);
  if (ctx.prices) await engine.usePrices(ctx.prices);
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    const prices = ctx.prices;
    if (sweeping || !prices) return;
    // A source set after start (tests, late feeds) is picked up here.
    const ready = engine.usesPrices(prices) ? Promise.resolve() : engine.usePrices(prices);
    sweeping = ready
      .then(() => engine.sweep())
      .catch((error: unknown) => ctx.log.error({ err: error }, 'risk sweep failed'))
      .finally(() => (sweeping = null));
  }, ctx.config.trading.riskSweepMs);
  timer.unref();
  ctx.onClose(async () => {
    clearInterval(timer);
    runtime.listeners.delete(listener);
    engine.stop();
    // A node that lost the worker lease runs no engine until it takes the lease again.
    if (engines.get(ctx) === engine) engines.delete(ctx);
    await sweeping;
    await engine.idle();
  });
}
