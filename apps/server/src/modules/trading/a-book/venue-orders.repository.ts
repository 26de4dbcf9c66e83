import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { placeholders, statement } from '../../../db/statement.ts';
import { hedges, trades, venueBreaks, venueOrders } from '../../../db/schema/index.ts';

export type VenueOrderRow = typeof venueOrders.$inferSelect;
export type NewVenueOrder = typeof venueOrders.$inferInsert;
export type VenueBreakRow = typeof venueBreaks.$inferSelect;

const VENUE_ORDER_COLUMNS = [
  'clOrdId', 'venue', 'symbol', 'purpose', 'userId', 'accountId', 'tradeId', 'assetId', 'quoteCurrency', 'side', 'lots', 'units', 'limitPrice', 'margin', 'request',
] as const;
const insertVenueOrderStatement = statement('insert_venue_order', (db) => db.insert(venueOrders).values(placeholders(VENUE_ORDER_COLUMNS)).returning());

/** Writes an order about to be sent; the caller commits it before sending. */
export async function insertVenueOrder(tx: DbOrTx, values: Omit<NewVenueOrder, 'tradeId' | 'margin' | 'limitPrice'> & Partial<Pick<NewVenueOrder, 'tradeId' | 'margin' | 'limitPrice'>>): Promise<VenueOrderRow> {
  const [row] = await insertVenueOrderStatement(tx, { tradeId: null, margin: '0', limitPrice: null, ...values });
  return row!;
}

export async function venueOrderByClOrdId(db: DbOrTx, clOrdId: string): Promise<VenueOrderRow | null> {
  const [row] = await db.select().from(venueOrders).where(eq(venueOrders.clOrdId, clOrdId)).limit(1);
  return row ?? null;
}

/** Records the provider's final answer, once: null when the order was settled already (by a retry or the resolver). */
export async function settleVenueOrder(
  tx: DbOrTx,
  id: number,
  answer: { status: 'filled' | 'partial' | 'rejected'; filledUnits: string | null; averagePrice: string | null; text: string | null; tradeId?: number | null },
): Promise<VenueOrderRow | null> {
  const [row] = await settleStatement(tx, { tradeId: null, ...answer, id });
  return row ?? null;
}
const settleStatement = statement('settle_venue_order', (db) =>
  db
    .update(venueOrders)
    .set({
      status: sql.placeholder('status') as never,
      filledUnits: sql.placeholder('filledUnits') as never,
      averagePrice: sql.placeholder('averagePrice') as never,
      text: sql.placeholder('text') as never,
      // An answer that names no trade keeps the one the order was written with.
      tradeId: sql`coalesce(${sql.placeholder('tradeId')}::integer, ${venueOrders.tradeId})`,
      settledAt: sql`now()`,
    })
    .where(and(eq(venueOrders.id, sql.placeholder('id') as never), eq(venueOrders.status, 'sent')))
    .returning(),
);

/** Orders written before `before` and not settled, and every flatten order not settled: the A-book desk's work. */
export function unsettledVenueOrders(db: DbOrTx, before: Date): Promise<VenueOrderRow[]> {
  return db
    .select()
    .from(venueOrders)
    .where(and(eq(venueOrders.status, 'sent'), or(lt(venueOrders.createdAt, before), eq(venueOrders.purpose, 'flatten'))))
    .orderBy(asc(venueOrders.id))
    .limit(100);
}

/** An order for this trade (the fill of a pending order, a close) still out at its venue, if any. */
export async function orderInFlight(tx: DbOrTx, tradeId: number): Promise<VenueOrderRow | null> {
  const [row] = await tx
    .select()
    .from(venueOrders)
    .where(and(eq(venueOrders.tradeId, tradeId), eq(venueOrders.status, 'sent')))
    .limit(1);
  return row ?? null;
}

/** Orders out at each venue: customers' orders and the house's hedge orders. */
export async function inFlightByVenue(db: DbOrTx): Promise<Map<string, number>> {
  const [orders, hedging] = await Promise.all([
    db.select({ venue: venueOrders.venue, n: count() }).from(venueOrders).where(eq(venueOrders.status, 'sent')).groupBy(venueOrders.venue),
    db.select({ venue: hedges.venue, n: count() }).from(hedges).where(eq(hedges.status, 'sent')).groupBy(hedges.venue),
  ]);
  const out = new Map<string, number>();
  for (const r of [...orders, ...hedging]) if (r.venue !== null) out.set(r.venue, (out.get(r.venue) ?? 0) + r.n);
  return out;
}

/**
 * The house's net position at a venue per venue symbol (buys less sells, units): its customers'
 * open A-book positions, which it holds there on their behalf, plus what its own hedge orders filled.
 */
export async function netAtVenue(db: DbOrTx, venue: string): Promise<Map<string, number>> {
  const [positions, hedged] = await Promise.all([
    db
      .select({
        symbol: trades.venueSymbol,
        net: sql<string>`sum(CASE WHEN ${trades.tradeType} = 'buy' THEN ${trades.volume} ELSE -${trades.volume} END)`,
      })
      .from(trades)
      .where(and(eq(trades.venue, venue), eq(trades.status, 'open')))
      .groupBy(trades.venueSymbol),
    db
      .select({
        symbol: hedges.venueSymbol,
        net: sql<string>`sum(CASE WHEN ${hedges.side} = 'buy' THEN ${hedges.filledUnits} ELSE -${hedges.filledUnits} END)`,
      })
      .from(hedges)
      .where(and(eq(hedges.venue, venue), inArray(hedges.status, ['filled', 'partial'])))
      .groupBy(hedges.venueSymbol),
  ]);
  const net = new Map<string, number>();
  for (const r of [...positions, ...hedged]) if (r.symbol !== null) net.set(r.symbol, (net.get(r.symbol) ?? 0) + Number(r.net));
  return net;
}

/** The open differences at a venue. */
export function openBreaks(db: DbOrTx, venue: string): Promise<VenueBreakRow[]> {
  return db
    .select()
    .from(venueBreaks)
    .where(and(eq(venueBreaks.venue, venue), isNull(venueBreaks.resolvedAt)))
    .orderBy(asc(venueBreaks.symbol));
}

/** Opens a difference, or updates the open one for the symbol with what this check found. */
export async function raiseBreak(db: DbOrTx, venue: string, symbol: string, ours: number, theirs: number): Promise<{ row: VenueBreakRow; raised: boolean }> {
  const values = { ours: String(ours), theirs: String(theirs), checkedAt: new Date() };
  const [updated] = await db
    .update(venueBreaks)
    .set(values)
    .where(and(eq(venueBreaks.venue, venue), eq(venueBreaks.symbol, symbol), isNull(venueBreaks.resolvedAt)))
    .returning();
  if (updated) return { row: updated, raised: false };
  const [row] = await db.insert(venueBreaks).values({ venue, symbol, ...values }).returning();
  return { row: row!, raised: true };
}

/** Closes the open difference of a symbol whose positions agree again. */
export async function resolveBreak(db: DbOrTx, id: number): Promise<void> {
  await db.update(venueBreaks).set({ resolvedAt: new Date() }).where(eq(venueBreaks.id, id));
}
