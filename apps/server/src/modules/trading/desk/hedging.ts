import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { AppContext } from '../../../app-context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { type VenueResult, venuesOf } from '../../market/venue/venues.service.ts';
import type { Instrument } from '../instruments.ts';
import { tradingRuntime } from '../trading-runtime.ts';
import { hedgedUnits, openBooks } from './exposure.repository.ts';
import { venueOf } from './exposure.ts';
import { enabledRuleAssets, type HedgeRow, insertHedge, lockRule, setArmed, settleHedge, unsettledHedges } from './hedges.repository.ts';

/** Hedge orders on the wire from this node: the resolver leaves them to the request awaiting them. */
const inFlight = new WeakMap<AppContext, Set<number>>();
const inFlightOf = (ctx: AppContext) => {
  let set = inFlight.get(ctx);
  if (!set) inFlight.set(ctx, (set = new Set()));
  return set;
};
/** How old an unanswered hedge order must be before the provider is asked about it. */
const RESOLVE_AFTER_MS = 5000;

/**
 * The house's uncovered net lots of an instrument on live accounts: it takes the other side of its
 * customers' B-book positions (minus their net), plus what its filled hedges bought or sold.
 */
export async function uncoveredLots(tx: DbOrTx, instrument: Instrument): Promise<Decimal> {
  let customers = new Decimal(0);
  for (const b of await openBooks(tx, 'live', instrument.id)) {
    if (b.bBook) customers = b.side === 'buy' ? customers.plus(b.lots) : customers.minus(b.lots);
  }
  const hedged = (await hedgedUnits(tx, instrument.id)).get(instrument.id) ?? '0';
  return customers.negated().plus(new Decimal(hedged).dividedBy(instrument.contractSize));
}

/** A venue's final answer as a hedge records it: nothing filled is a refusal. */
function answerOf(result: VenueResult) {
  const filled = result.status !== 'rejected' && result.filledQuantity > 0;
  return {
    status: !filled ? ('rejected' as const) : result.status === 'filled' ? ('filled' as const) : ('partial' as const),
    filledUnits: String(filled ? result.filledQuantity : 0),
    averagePrice: result.averagePrice === null ? null : String(result.averagePrice),
    text: result.text ?? null,
  };
}

type HedgeOrder = { origin: 'rule' | 'manual'; side: 'buy' | 'sell'; lots: Decimal; exposureLots?: Decimal; thresholdLots?: string; createdBy?: number };

/** Writes a hedge in the caller's transaction: an order for the instrument's venue (sent once committed), or a ticket. */
export function writeHedge(ctx: AppContext, tx: DbOrTx, instrument: Instrument, order: HedgeOrder): Promise<HedgeRow> {
  const route = venueOf(ctx, instrument.symbol);
  return insertHedge(tx, {
    assetId: instrument.id,
    assetSymbol: instrument.symbol,
    origin: order.origin,
    side: order.side,
    lots: order.lots.toFixed(2),
    units: order.lots.times(instrument.contractSize).toFixed(8),
    exposureLots: order.exposureLots?.toFixed(2) ?? null,
    thresholdLots: order.thresholdLots ?? null,
    venue: route?.config.name ?? null,
    venueSymbol: route?.symbol ?? null,
    clOrdId: route ? `H${randomBytes(10).toString('hex')}` : null,
    status: route ? 'sent' : 'ticket',
    createdBy: order.createdBy ?? null,
  });
}

/** Sends a committed hedge order to its venue and records the answer; a ticket, or an order without an answer yet, is left as it is. */
export async function sendHedge(ctx: AppContext, hedge: HedgeRow): Promise<HedgeRow> {
  const venue = hedge.venue ? venuesOf(ctx)?.venue(hedge.venue) : null;
  if (hedge.status !== 'sent' || !venue || !hedge.clOrdId || !hedge.venueSymbol) return hedge;
  const awaiting = inFlightOf(ctx);
  awaiting.add(hedge.id);
  try {
    const order = { clOrdId: hedge.clOrdId, symbol: hedge.venueSymbol, side: hedge.side, quantity: Number(hedge.units), limitPrice: null, timeInForce: venue.config.time_in_force };
    const result = await venue.session.send(order, venue.config.timeout_ms);
    if (result.status === 'unknown') return hedge;
    const answer = answerOf(result);
    const settled = await settleHedge(ctx.db, hedge.id, answer);
    if (answer.status === 'rejected') ctx.log.warn({ hedge: hedge.id, venue: hedge.venue, ...result }, 'hedge order refused by the venue');
    return settled ?? hedge;
  } finally {
    awaiting.delete(hedge.id);
  }
}

/**
 * Decides an instrument's rule: fires once when the uncovered exposure reaches the threshold while
 * armed (hedging all of it, the other way), re-arms once it is back under. The rule row is locked
 * while deciding, so concurrent checks on any node fire one hedge per crossing. Returns the hedge
 * written, sent already when it had a venue.
 */
export async function checkRule(ctx: AppContext, assetId: number): Promise<HedgeRow | null> {
  const instrument = await tradingRuntime(ctx).catalog.get(assetId);
  if (!instrument) return null;
  const hedge = await ctx.db.transaction(async (tx) => {
    const rule = await lockRule(tx, assetId);
    if (!rule?.enabled) return null;
    const uncovered = await uncoveredLots(tx, instrument);
    const lots = uncovered.abs().toDecimalPlaces(2, Decimal.ROUND_DOWN);
    if (lots.lessThan(rule.thresholdLots)) {
      if (!rule.armed) await setArmed(tx, assetId, true);
      return null;
    }
    if (!rule.armed) return null;
    await setArmed(tx, assetId, false);
    const side = uncovered.isNegative() ? 'buy' : 'sell';
    return writeHedge(ctx, tx, instrument, { origin: 'rule', side, lots, exposureLots: uncovered, thresholdLots: rule.thresholdLots });
  });
  if (!hedge) return null;
  ctx.log.info({ hedge: hedge.id, symbol: hedge.assetSymbol, side: hedge.side, lots: hedge.lots, venue: hedge.venue }, hedge.venue ? 'hedging rule fired: order sent' : 'hedging rule fired: ticket recorded');
  const sent = await sendHedge(ctx, hedge);
  // A fill covers the exposure: deciding again re-arms the rule for the next crossing.
  if (sent.status === 'filled' || sent.status === 'partial') await checkRule(ctx, assetId);
  return sent;
}

/** Every enabled rule decided once (after trades, and on the worker's beat for other nodes' trades). */
export async function checkRules(ctx: AppContext): Promise<HedgeRow[]> {
  const fired: HedgeRow[] = [];
  for (const assetId of await enabledRuleAssets(ctx.db)) {
    const hedge = await checkRule(ctx, assetId);
    if (hedge) fired.push(hedge);
  }
  return fired;
}

/** Asks the venues about hedge orders whose answer was lost (a timeout, a restart) and records it. */
export async function resolveHedges(ctx: AppContext, now = Date.now()): Promise<number> {
  let settled = 0;
  const awaiting = inFlightOf(ctx);
  for (const hedge of await unsettledHedges(ctx.db, new Date(now - RESOLVE_AFTER_MS))) {
    const venue = hedge.venue ? venuesOf(ctx)?.venue(hedge.venue) : null;
    if (awaiting.has(hedge.id) || !venue?.session.connected || !hedge.clOrdId || !hedge.venueSymbol) continue;
    const result = await venue.session.status(hedge.clOrdId, hedge.venueSymbol, hedge.side);
    if (result.status === 'unknown') continue;
    if (await settleHedge(ctx.db, hedge.id, answerOf(result))) settled++;
  }
  return settled;
}
