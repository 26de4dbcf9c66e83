import type { FastifyInstance } from 'fastify';
import type { VenueStatus } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import type { Venue } from '../../market/venue/venues.service.ts';
import { announceSettlement } from '../positions.service.ts';
import { settleCloseOrder } from './a-book-close.ts';
import { sendFlatten } from './a-book-flatten.ts';
import { settleOpen } from './a-book-open.ts';
import { type PendingFillRequest, settlePendingFill } from './a-book-pending.ts';
import { announce } from '../trading-runtime.ts';
import { awaitedOrders, venuesOf } from './venue-route.ts';
import { inFlightByVenue, netAtVenue, openBreaks, raiseBreak, resolveBreak, unsettledVenueOrders, type VenueOrderRow } from './venue-orders.repository.ts';

/** How often orders without an answer are asked after, and how old one must be (a request on another node may still be waiting for it). */
const RESOLVE_EVERY_MS = 1000;
const RESOLVE_AFTER_MS = 2000;
/** Net positions closer than this (float noise of summed units) agree. */
const TOLERANCE = 1e-6;

const desks = new WeakMap<AppContext, ABookDesk>();

export function aBookDeskOf(ctx: AppContext): ABookDesk | null {
  return desks.get(ctx) ?? null;
}

/**
 * The worker node's back office for A-book flow. It settles orders whose answer was lost (a
 * timeout, a dropped connection, a node killed while the order was out) by asking the provider
 * about their ClOrdID, and reconciles the house's positions at each venue with the provider's at
 * start and every `reconcile_minutes`: a difference is recorded and logged for the back office,
 * never corrected here.
 */
export class ABookDesk {
  private readonly ctx: AppContext;
  private readonly reconciledAt = new Map<string, Date>();
  private readonly lastTried = new Map<string, number>();
  private resolving: Promise<void> | null = null;
  private reconciling: Promise<void> | null = null;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** Asks the provider about every order sent a while ago and still without its answer, and books what it says. */
  resolve(now = Date.now()): Promise<void> {
    this.resolving ??= this.resolveOnce(now).finally(() => (this.resolving = null));
    return this.resolving;
  }

  private async resolveOnce(now: number): Promise<void> {
    const venues = venuesOf(this.ctx);
    if (!venues) return;
    const awaited = awaitedOrders(this.ctx);
    for (const order of await unsettledVenueOrders(this.ctx.db, new Date(now - RESOLVE_AFTER_MS))) {
      const venue = venues.venue(order.venue);
      if (awaited.has(order.clOrdId) || !venue?.session.connected) continue;
      try {
        await this.settle(order, venue);
      } catch (error) {
        this.ctx.log.error({ err: error, clOrdId: order.clOrdId }, 'venue order not settled');
      }
    }
  }

  private async settle(order: VenueOrderRow, venue: Venue): Promise<void> {
    if (order.purpose === 'flatten') return sendFlatten(this.ctx, order, venue);
    const result = await venue.session.status(order.clOrdId, order.symbol, order.side);
    if (result.status === 'unknown') return;
    this.ctx.log.info({ clOrdId: order.clOrdId, venue: order.venue, purpose: order.purpose, status: result.status, filled: result.filledQuantity }, 'venue order settled from the provider');
    if (order.purpose === 'open' && (order.request as Partial<PendingFillRequest>).pending) {
      const filled = await settlePendingFill(this.ctx, order, result);
      if (filled) await announce(this.ctx, { userId: order.userId, accountId: order.accountId, tradeIds: [filled.id], reason: 'filled', balanceChanged: false });
      return;
    }
    if (order.purpose === 'open') {
      await settleOpen(this.ctx, order, result, Date.now() - order.createdAt.getTime());
      return;
    }
    const closed = await settleCloseOrder(this.ctx, order, result);
    if (closed && 'settlement' in closed && closed.settlement) await announceSettlement(this.ctx, order.userId, closed.settlement, 'closed');
  }

  /** Reconciles the venues whose time has come (all of them with `force`). */
  reconcile(force = false, now = Date.now()): Promise<void> {
    this.reconciling ??= this.reconcileDue(force, now).finally(() => (this.reconciling = null));
    return this.reconciling;
  }

  private async reconcileDue(force: boolean, now: number): Promise<void> {
    const inFlight = await inFlightByVenue(this.ctx.db);
    for (const venue of venuesOf(this.ctx)?.all() ?? []) {
      const name = venue.config.name;
      const due = force || now - (this.lastTried.get(name) ?? 0) >= venue.config.reconcile_minutes * 60_000;
      // Orders out move both sides; they are compared once settled.
      if (!due || !venue.session.connected || inFlight.get(name)) continue;
      this.lastTried.set(name, now);
      try {
        await this.reconcileVenue(venue);
      } catch (error) {
        this.ctx.log.warn({ venue: name, err: (error as Error).message }, 'positions not reconciled');
      }
    }
  }

  private async reconcileVenue(venue: Venue): Promise<void> {
    const name = venue.config.name;
    const theirs = await venue.session.positions();
    const ours = await netAtVenue(this.ctx.db, name);
    const open = new Map((await openBreaks(this.ctx.db, name)).map((b) => [b.symbol, b]));
    for (const symbol of new Set([...ours.keys(), ...theirs.keys(), ...open.keys()])) {
      const [house, provider] = [ours.get(symbol) ?? 0, theirs.get(symbol) ?? 0];
      if (Math.abs(house - provider) <= TOLERANCE) {
        const settled = open.get(symbol);
        if (settled) {
          await resolveBreak(this.ctx.db, settled.id);
          this.ctx.log.info({ venue: name, symbol }, 'positions at the venue agree again');
        }
        continue;
      }
      const { raised } = await raiseBreak(this.ctx.db, name, symbol, house, provider);
      if (raised) this.ctx.log.warn({ venue: name, symbol, ours: house, theirs: provider }, 'positions at the venue differ from the provider’s');
    }
    this.reconciledAt.set(name, new Date());
  }

  /** Each venue for the back office: its session, orders out, the latest reconciliation and the differences open. */
  async status(): Promise<VenueStatus[]> {
    const venues = venuesOf(this.ctx)?.all() ?? [];
    const inFlight = await inFlightByVenue(this.ctx.db);
    return Promise.all(
      venues.map(async ({ config, session }) => ({
        venue: config.name,
        connected: session.connected,
        logons: session.logons,
        last_error: session.lastError,
        in_flight: inFlight.get(config.name) ?? 0,
        reconciled_at: this.reconciledAt.get(config.name)?.toISOString() ?? null,
        breaks: (await openBreaks(this.ctx.db, config.name)).map((b) => ({
          symbol: b.symbol,
          ours: Number(b.ours),
          theirs: Number(b.theirs),
          found_at: b.foundAt.toISOString(),
          checked_at: b.checkedAt.toISOString(),
        })),
      })),
    );
  }
}

/** Attachment: the A-book desk on the worker node, its resolver every second and reconciliation as each venue asks. */
export async function aBookDeskAttachment(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.runWorkers) return;
  const desk = new ABookDesk(ctx);
  desks.set(ctx, desk);
  const timer = setInterval(() => {
    if (!venuesOf(ctx)?.all().length) return;
    void desk
      .resolve()
      .then(() => desk.reconcile())
      .catch((error: unknown) => ctx.log.error({ err: error }, 'A-book desk failed'));
  }, RESOLVE_EVERY_MS);
  timer.unref();
  ctx.onClose(async () => {
    clearInterval(timer);
    await desk.resolve().catch(() => {});
  });
}
