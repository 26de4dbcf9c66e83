import { Decimal } from 'decimal.js';
import { closingPrice } from '@bourse/domain';
import { type DeskAccounts, type Exposure, type ExposureClass, type ExposureRow, HOUSE_CURRENCY } from '@bourse/contract';
import type { AppContext } from '../../../app-context.ts';
import { venuesOf } from '../../market/venue/venues.service.ts';
import { tradingRuntime } from '../trading-runtime.ts';
import { Valuer } from '../valuation.ts';
import { hedgedUnits, type OpenBook, openBooks } from './exposure.repository.ts';
import { allRules, type HedgeRuleRow } from './hedges.repository.ts';
import { ruleView } from './desk-views.ts';

const ZERO = new Decimal(0);
const num = (d: Decimal) => d.toDecimalPlaces(8).toNumber();
const money = (d: Decimal) => d.toDecimalPlaces(2).toNumber();

/** The venue an instrument's orders and hedges go to on this node; null when it has none (hedges become tickets). */
export function venueOf(ctx: AppContext, symbol: string) {
  return venuesOf(ctx)?.route(symbol, { id: 0, kind: 'live' }, 0, 'a_book') ?? null;
}

type Sums = { positions: number; lots: Decimal; units: Decimal; cost: Decimal; markup: Decimal };
const empty = (): Sums => ({ positions: 0, lots: ZERO, units: ZERO, cost: ZERO, markup: ZERO });
const add = (s: Sums, b: OpenBook): Sums => ({
  positions: s.positions + b.positions,
  lots: s.lots.plus(b.lots),
  units: s.units.plus(b.units),
  cost: s.cost.plus(b.cost),
  markup: s.markup.plus(b.markup),
});

/** One instrument's books: all customers' long and short, B-book long and short, A-book net lots. */
type Books = { first: OpenBook; long: Sums; short: Sums; bLong: Sums; bShort: Sums };

function groupBooks(books: OpenBook[]): Map<number, Books> {
  const byAsset = new Map<number, Books>();
  for (const b of books) {
    let entry = byAsset.get(b.assetId);
    if (!entry) byAsset.set(b.assetId, (entry = { first: b, long: empty(), short: empty(), bLong: empty(), bShort: empty() }));
    if (b.side === 'buy') entry.long = add(entry.long, b);
    else entry.short = add(entry.short, b);
    if (b.bBook && b.side === 'buy') entry.bLong = add(entry.bLong, b);
    if (b.bBook && b.side === 'sell') entry.bShort = add(entry.bShort, b);
  }
  return byAsset;
}

/**
 * The house's unrealised P&L on B-book positions at the quote: minus the customers' (longs close at
 * the bid, shorts at the ask), converted to USD.
 */
function housePnl(books: Books, quote: { bid: number; ask: number }, rate: number): Decimal {
  // Customers close `markup` beyond the instrument's quote: what their P&L gives up, the house keeps.
  const longs = books.bLong.units.times(closingPrice('buy', quote)).minus(books.bLong.cost).minus(books.bLong.markup);
  const shorts = books.bShort.cost.minus(books.bShort.units.times(closingPrice('sell', quote))).minus(books.bShort.markup);
  return longs.plus(shorts).times(rate).negated();
}

/** The desk's exposure now: per instrument with open positions, a hedging rule or hedges, and per asset class. */
export async function exposureOf(ctx: AppContext, accounts: DeskAccounts): Promise<Exposure> {
  const [books, hedged, rules] = await Promise.all([openBooks(ctx.db, accounts), hedgedUnits(ctx.db), allRules(ctx.db)]);
  const byAsset = groupBooks(books);
  const ruleOf = new Map<number, HedgeRuleRow>(rules.map((r) => [r.assetId, r]));
  const ids = [...new Set([...byAsset.keys(), ...hedged.keys(), ...ruleOf.keys()])].sort((a, b) => a - b);
  const valuer = ctx.prices ? new Valuer(tradingRuntime(ctx).catalog, ctx.prices, HOUSE_CURRENCY) : null;
  const instruments: ExposureRow[] = [];
  for (const id of ids) {
    const row = await instrumentRow(ctx, valuer, id, byAsset.get(id), hedged.get(id), ruleOf.get(id));
    if (row) instruments.push(row);
  }
  const classes = classTotals(instruments);
  const total = classes.reduce(
    (t, c) => ({ house_pnl: t.house_pnl + c.house_pnl, long_notional: t.long_notional + c.long_notional, short_notional: t.short_notional + c.short_notional }),
    { house_pnl: 0, long_notional: 0, short_notional: 0 },
  );
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    currency: HOUSE_CURRENCY,
    accounts,
    instruments,
    classes,
    total: { house_pnl: round(total.house_pnl), long_notional: round(total.long_notional), short_notional: round(total.short_notional) },
    at: new Date().toISOString(),
  };
}

async function instrumentRow(ctx: AppContext, valuer: Valuer | null, id: number, books: Books | undefined, hedged: string | undefined, rule: HedgeRuleRow | undefined): Promise<ExposureRow | null> {
  const instrument = await tradingRuntime(ctx).catalog.get(id);
  const symbol = instrument?.symbol ?? books?.first.symbol ?? rule?.assetSymbol;
  if (!symbol) return null;
  const quoteCurrency = instrument?.quoteCurrency ?? books?.first.quoteCurrency ?? HOUSE_CURRENCY;
  const quote = ctx.prices?.quote(id) ?? null;
  const rate = valuer ? await valuer.conversion(quoteCurrency) : null;
  const b = books ?? { first: null, long: empty(), short: empty(), bLong: empty(), bShort: empty() };
  const hedgeLots = instrument && hedged ? new Decimal(hedged).dividedBy(instrument.contractSize) : ZERO;
  const bNet = b.bLong.lots.minus(b.bShort.lots);
  const net = b.long.lots.minus(b.short.lots);
  const notional = (units: Decimal) => (quote && rate !== null ? money(units.times(quote.price).times(rate)) : null);
  const avg = (s: Sums) => (s.units.isZero() ? null : num(s.cost.dividedBy(s.units)));
  return {
    asset_id: id,
    symbol,
    name: instrument?.name ?? books?.first.name ?? symbol,
    category: instrument?.category ?? null,
    quote_currency: quoteCurrency,
    digits: instrument?.digits ?? null,
    price: quote?.price ?? null,
    positions: b.long.positions + b.short.positions,
    long_lots: num(b.long.lots),
    short_lots: num(b.short.lots),
    net_lots: num(net),
    long_avg_price: avg(b.long),
    short_avg_price: avg(b.short),
    long_notional: notional(b.long.units),
    short_notional: notional(b.short.units),
    net_notional: notional(b.long.units.minus(b.short.units)),
    b_book_net_lots: num(bNet),
    a_book_net_lots: num(net.minus(bNet)),
    house_pnl: quote && rate !== null && books ? money(housePnl(books, quote, rate)) : books ? null : 0,
    hedge_net_lots: num(hedgeLots.toDecimalPlaces(2)),
    house_net_lots: num(bNet.negated().plus(hedgeLots).toDecimalPlaces(2)),
    venue: venueOf(ctx, symbol)?.config.name ?? null,
    rule: rule ? ruleView(rule) : null,
  };
}

function classTotals(rows: ExposureRow[]): ExposureClass[] {
  const byClass = new Map<string, ExposureClass>();
  for (const r of rows) {
    const key = r.category ?? '';
    const c = byClass.get(key) ?? { category: r.category, positions: 0, long_notional: 0, short_notional: 0, net_notional: 0, house_pnl: 0 };
    c.positions += r.positions;
    c.long_notional += r.long_notional ?? 0;
    c.short_notional += r.short_notional ?? 0;
    c.net_notional += r.net_notional ?? 0;
    c.house_pnl += r.house_pnl ?? 0;
    byClass.set(key, c);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return [...byClass.values()]
    .map((c) => ({ ...c, long_notional: round(c.long_notional), short_notional: round(c.short_notional), net_notional: round(c.net_notional), house_pnl: round(c.house_pnl) }))
    .sort((a, b) => (a.category ?? '').localeCompare(b.category ?? ''));
}
