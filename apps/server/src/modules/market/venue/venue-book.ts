import type { ExecutionRoute, FixVenueConfig, MarkupConfig, PriceFeedsConfig } from '@bourse/contract';
import type { FixConnectionOptions } from '../feeds/fix-connection.ts';
import { applyMarkup } from '../feeds/markup.ts';
import { FixVenue } from './fix-venue.ts';

/** A venue of the configuration and its running order session. */
export type Venue = { config: FixVenueConfig; session: FixVenue };

/** Where one order goes: the venue, the instrument's symbol there and the markup between the provider's price and the customer's. */
export type Route = Venue & { symbol: string; markup: MarkupConfig | null };

type Options = { dataDir: string; log?: FixConnectionOptions['log'] };

/**
 * The execution venues of the price-feeds configuration and the instruments routed to them (the
 * worker node's). An order of an instrument with no route, or that its hybrid rule keeps, is filled
 * by the house (B-book).
 */
/** A customer group's execution rule (see customer_groups.execution). */
export type GroupExecution = 'route' | 'b_book' | 'a_book';

export class VenueBook {
  private readonly venues = new Map<string, Venue>();
  private readonly routes = new Map<string, ExecutionRoute & { markup: MarkupConfig | null }>();

  /** Sessions of `previous` whose settings did not change are taken over, still logged on. */
  constructor(config: PriceFeedsConfig, opts: Options, previous?: VenueBook) {
    for (const venue of config.venues) {
      const kept = previous?.venues.get(venue.name);
      const same = kept && JSON.stringify(kept.config) === JSON.stringify(venue);
      this.venues.set(venue.name, { config: venue, session: same ? kept.session : sessionOf(venue, opts) });
    }
    for (const [symbol, instrument] of Object.entries(config.instruments)) {
      if (instrument.execution) this.routes.set(symbol, { ...instrument.execution, markup: instrument.markup ?? null });
    }
  }

  /** The venue an order of `lots` on the instrument from the account goes to; null for the house. */
  route(instrumentSymbol: string, account: { id: number; kind: 'demo' | 'live' }, lots: number, execution: GroupExecution = 'route'): Route | null {
    const route = this.routes.get(instrumentSymbol);
    if (!route || execution === 'b_book') return null;
    if (account.kind === 'demo' && !route.demo_accounts) return null;
    const byRule = route.rule === 'a_book' || (route.min_lots !== undefined && lots >= route.min_lots) || route.accounts.includes(account.id);
    // A group on `a_book` sends every order for an instrument that has a venue, whatever its route's size or account rule.
    if (!byRule && execution !== 'a_book') return null;
    const venue = this.venues.get(route.venue);
    return venue ? { ...venue, symbol: route.symbol, markup: route.markup } : null;
  }

  /** The markup of an instrument's route, for a position's close whatever venue it is at. */
  markupOf(instrumentSymbol: string): MarkupConfig | null {
    return this.routes.get(instrumentSymbol)?.markup ?? null;
  }

  /** A venue by name (a position's, whatever the routes say now). */
  venue(name: string): Venue | null {
    return this.venues.get(name) ?? null;
  }

  all(): Venue[] {
    return [...this.venues.values()];
  }

  start(): void {
    for (const { session } of this.venues.values()) if (!session.started) session.connect();
  }

  /** Stops the sessions `next` did not take over (all of them without a `next`). */
  async stop(next?: VenueBook): Promise<void> {
    const kept = new Set(next?.all().map((v) => v.session));
    await Promise.all(this.all().flatMap(({ session }) => (kept.has(session) ? [] : [session.stop()])));
  }
}

function sessionOf(venue: FixVenueConfig, { dataDir, log }: Options): FixVenue {
  return new FixVenue({
    name: venue.name,
    host: venue.host,
    port: venue.port,
    senderCompId: venue.sender_comp_id,
    targetCompId: venue.target_comp_id,
    username: venue.username,
    password: venue.password,
    heartbeatSeconds: venue.heartbeat_seconds,
    reconnectSeconds: venue.reconnect_seconds,
    account: venue.account,
    dataDir,
    log,
  });
}

/** The customer's price for a provider's fill: widened by the markup as the quote is, rounded outward. */
export function customerPrice(side: 'buy' | 'sell', providerPrice: number, digits: number, markup: MarkupConfig | null): number {
  const quote = applyMarkup(providerPrice, providerPrice, digits, markup);
  return side === 'buy' ? quote.ask : quote.bid;
}

/** The worst provider price whose customer price is still within `customerLimit`, rounded inward to the instrument's digits. */
export function providerLimit(side: 'buy' | 'sell', customerLimit: number, digits: number, markup: MarkupConfig | null): number {
  const scale = 10 ** Math.min(Math.max(Math.trunc(digits), 0), 8);
  let raw = customerLimit;
  if (markup && markup.value > 0) {
    if (markup.kind === 'points') raw = side === 'buy' ? customerLimit - markup.value / scale : customerLimit + markup.value / scale;
    else raw = side === 'buy' ? customerLimit / (1 + markup.value / 100) : customerLimit / (1 - markup.value / 100);
  }
  const scaled = raw * scale;
  return (side === 'buy' ? Math.floor(scaled + 1e-9) : Math.ceil(scaled - 1e-9)) / scale;
}
