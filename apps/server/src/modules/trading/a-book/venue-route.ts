import { tradingMessages as msg } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import { HttpError } from '../../../http/errors.ts';
import { type GroupExecution, type Route, type Venue, venuesOf } from '../../market/venue/venues.service.ts';

export { venuesOf };

/** Where an order of `lots` of the instrument from the account is filled, under its group's execution rule: a venue, or null for the house. */
export function routeOf(ctx: AppContext, instrumentSymbol: string, account: { id: number; kind: 'demo' | 'live' }, lots: number, execution?: GroupExecution): Route | null {
  return venuesOf(ctx)?.route(instrumentSymbol, account, lots, execution) ?? null;
}

/** Refuses an order for a venue this node is not logged on to: sent now, it would only wait and fail. */
export function requireConnected(venue: Venue): void {
  if (!venue.session.connected) throw new HttpError(503, msg.venueUnavailable, undefined, { 'Retry-After': '5' });
}

/** The venue an A-book position is at, logged on; 503 when it is not. */
export function venueOfPosition(ctx: AppContext, name: string): Venue {
  const venue = venuesOf(ctx)?.venue(name);
  if (!venue) throw new HttpError(503, msg.venueUnavailable, undefined, { 'Retry-After': '5' });
  requireConnected(venue);
  return venue;
}

/** The customer-facing message of a refused order, with the provider's reason when it gave one. */
export function rejectionMessage(text: string | null | undefined): string {
  return text ? `${msg.venueRejected}: ${text}.` : `${msg.venueRejected}.`;
}

const awaiting = new WeakMap<AppContext, Set<string>>();

/** Orders (ClOrdIDs) a request on this node is waiting on: the resolver leaves them to it. */
export function awaitedOrders(ctx: AppContext): Set<string> {
  let set = awaiting.get(ctx);
  if (!set) awaiting.set(ctx, (set = new Set()));
  return set;
}

/** Runs `send` for a committed venue order, marked as awaited here until it answers. */
export async function awaitAnswer<T>(ctx: AppContext, order: { clOrdId: string }, send: () => Promise<T>): Promise<T> {
  const set = awaitedOrders(ctx);
  set.add(order.clOrdId);
  try {
    return await send();
  } finally {
    set.delete(order.clOrdId);
  }
}

/** How long a trigger leaves a trade alone after its venue refused it or was away. */
const HOLD_OFF_MS = 5000;
const heldOff = new WeakMap<AppContext, Map<number, number>>();

/**
 * Keeps the risk engine's triggers from sending this trade's order (a pending fill, a TP/SL or
 * stop-out close) to its venue for a few seconds: a refusal, or a venue away, would otherwise be
 * met again on every tick.
 */
export function holdOffVenue(ctx: AppContext, tradeId: number): void {
  let map = heldOff.get(ctx);
  if (!map) heldOff.set(ctx, (map = new Map()));
  const now = Date.now();
  for (const [id, until] of map) if (until <= now) map.delete(id);
  map.set(tradeId, now + HOLD_OFF_MS);
}

/** True while a trade is held off its venue (see holdOffVenue). */
export function venueHeldOff(ctx: AppContext, tradeId: number, now = Date.now()): boolean {
  const until = heldOff.get(ctx)?.get(tradeId);
  return until !== undefined && until > now;
}
