import { z } from 'zod';

/**
 * Where prices come from (`PRICE_FEEDS`, a JSON file): the sources a worker node connects to, and for
 * each instrument its sources in priority order (primary first, then backups), the symbol each
 * source calls it by and the markup between the source's quote and the customer's. Instruments not
 * listed are priced by the built-in simulator.
 */
const sourceName = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Source names are lowercase letters, digits, - and _.');

export const replaySourceConfig = z.object({
  name: sourceName,
  kind: z.literal('replay'),
  /** A CSV tick file (generic time,bid,ask; Dukascopy; HistData), relative to the configuration file. */
  file: z.string().min(1),
  /** The symbol its quotes carry. */
  symbol: z.string().min(1).max(40),
  /** 1 plays in real time, 10 ten times faster. */
  speed: z.number().positive().max(10_000).default(1),
  loop: z.boolean().default(true),
});

/** Best bid and ask from a crypto exchange's public market-data stream; instruments name the exchange's own symbols (BTCUSDT, BTC-USD, BTC/USD). */
export const exchangeSourceConfig = z.object({
  name: sourceName,
  kind: z.literal('exchange'),
  exchange: z.enum(['binance', 'coinbase', 'kraken']),
  /** Another address speaking the exchange's protocol (a regional endpoint, tools/exchange-replay) instead of its public one. */
  url: z.string().regex(/^wss?:\/\/\S+$/i, 'A WebSocket address, ws:// or wss://.').refine((url) => URL.canParse(url), 'Not a valid address.').optional(),
  /** Wait before reconnecting after a lost connection; it doubles after each failed attempt, up to 60 s. */
  reconnect_seconds: z.number().min(0.1).max(60).default(1),
  /** Another base address of the exchange's public REST API (where 1-minute history is fetched from) instead of its public one. */
  rest_url: z.string().regex(/^https?:\/\/\S+$/i, 'An HTTP address, http:// or https://.').refine((url) => URL.canParse(url), 'Not a valid address.').optional(),
  /**
   * How far back the 1-minute history of the instruments it is the primary source of is filled in
   * at start, in hours (from the end of their last recorded bar at most); 0 fetches none. Kept to
   * the 3 days 1-minute bars are kept.
   */
  backfill_hours: z.number().min(0).max(72).default(24),
});
export type ExchangeSourceConfig = z.infer<typeof exchangeSourceConfig>;

/** Market data from a liquidity provider over FIX 4.4: a MarketDataRequest per symbol, then snapshots and incremental refreshes. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day is written HH:MM.');
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * When a session may run: from `start` to `end` on each of `days` (the day the window starts), in
 * `time_zone`. An `end` before `start` runs past midnight into the next day.
 */
export const sessionSchedule = z.object({
  start: clock,
  end: clock,
  days: z.array(z.enum(weekdays)).min(1).max(7).default([...weekdays]),
  time_zone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'An IANA time zone, such as UTC or America/New_York.')
    .default('UTC'),
});
export type SessionSchedule = z.infer<typeof sessionSchedule>;

/** A FIX 4.4 session with a provider: where it is, who each side is, and how it logs on. */
const fixSession = z.object({
  name: sourceName,
  kind: z.literal('fix'),
  host: z.string().min(1).max(255),
  port: z.number().int().min(1).max(65_535),
  /** SenderCompID (49) and TargetCompID (56), as agreed with the provider. */
  sender_comp_id: z.string().min(1).max(64),
  target_comp_id: z.string().min(1).max(64),
  /** Sent in the Logon as Username (553) and Password (554), for providers that ask for them. */
  username: z.string().min(1).max(128).optional(),
  password: z.string().min(1).max(128).optional(),
  heartbeat_seconds: z.number().int().min(1).max(300).default(30),
  /** Wait before reconnecting after a lost connection; it doubles after each failed attempt, up to 60 s. */
  reconnect_seconds: z.number().min(0.1).max(60).default(1),
});

export const fixSourceConfig = fixSession.extend({
  /** Levels of the book asked for on each side; 1 is the top of the book. */
  depth: z.number().int().min(1).max(5).default(1),
  /** The provider's session hours: outside them the feed stays logged out and its instruments fail over. Always, when absent. */
  schedule: sessionSchedule.optional(),
});
export type FixSourceConfig = z.infer<typeof fixSourceConfig>;

export const priceSourceConfig = z.discriminatedUnion('kind', [replaySourceConfig, exchangeSourceConfig, fixSourceConfig]);
export type PriceSourceConfig = z.infer<typeof priceSourceConfig>;

export const markupConfig = z.object({ kind: z.enum(['points', 'percent']), value: z.number().min(0).max(1_000_000) });
export type MarkupConfig = z.infer<typeof markupConfig>;

/**
 * An execution venue: a liquidity provider's FIX 4.4 order session (a separate session from its
 * prices, with its own comp ids). Orders go out as IOC or FOK NewOrderSingle.
 */
export const fixVenueConfig = fixSession.extend({
  /** Account (1) of the positions request; the SenderCompID when absent. */
  account: z.string().min(1).max(64).optional(),
  time_in_force: z.enum(['IOC', 'FOK']).default('IOC'),
  /** How long an order waits for the provider's final answer before the customer is told it is still being confirmed. */
  timeout_ms: z.number().int().min(100).max(60_000).default(5000),
  /** Positions are compared with the provider's at start and this often. */
  reconcile_minutes: z.number().min(0.01).max(1440).default(5),
});
export type FixVenueConfig = z.infer<typeof fixVenueConfig>;

/**
 * Where an instrument's orders are filled when not by the house (B-book): `a_book` sends every order
 * to the venue; `hybrid` sends those of at least `min_lots`, and every order of the listed accounts.
 */
export const executionRoute = z.object({
  venue: sourceName,
  /** The instrument as the venue names it. */
  symbol: z.string().min(1).max(40),
  rule: z.enum(['a_book', 'hybrid']).default('a_book'),
  min_lots: z.number().min(0.01).max(50).optional(),
  accounts: z.array(z.number().int().positive()).max(10_000).default([]),
  /** Demo accounts trade play money: the house fills their orders unless this says to route them too (a provider's test session, a training room). */
  demo_accounts: z.boolean().default(false),
});
export type ExecutionRoute = z.infer<typeof executionRoute>;

export const instrumentFeedConfig = z.object({
  /** Primary first. */
  sources: z.array(z.object({ source: sourceName, symbol: z.string().min(1).max(40) })).min(1).max(5),
  markup: markupConfig.optional(),
  /** Orders filled at a liquidity provider; by the house when absent. */
  execution: executionRoute.optional(),
});
export type InstrumentFeedConfig = z.infer<typeof instrumentFeedConfig>;

export const priceFeedsConfig = z
  .object({
    sources: z.array(priceSourceConfig).max(100),
    venues: z.array(fixVenueConfig).max(20).default([]),
    /** Keyed by the instrument's symbol (EURUSD, BTCUSD, AAPL). */
    instruments: z.record(z.string().min(1).max(40), instrumentFeedConfig),
    /** No quote for this long while the market is open: the source counts as stalled for the instrument. */
    stallMs: z.number().int().min(500).max(600_000).default(5000),
    /** A recovered source must quote this long before prices switch back to it. */
    recoverMs: z.number().int().min(0).max(3_600_000).default(30_000),
    /** A move larger than this many times the recent volatility is held until the next quote confirms it. */
    spikeFactor: z.number().min(2).max(1000).default(8),
  })
  .superRefine((c, ctx) => {
    const names = new Set<string>();
    for (const s of c.sources) {
      if (names.has(s.name)) ctx.addIssue({ code: 'custom', path: ['sources'], message: `Source ${s.name} is named twice.` });
      names.add(s.name);
    }
    const venues = new Set<string>();
    for (const v of c.venues) {
      if (venues.has(v.name)) ctx.addIssue({ code: 'custom', path: ['venues'], message: `Venue ${v.name} is named twice.` });
      venues.add(v.name);
    }
    for (const [symbol, inst] of Object.entries(c.instruments)) {
      for (const s of inst.sources) {
        if (!names.has(s.source)) ctx.addIssue({ code: 'custom', path: ['instruments', symbol], message: `${symbol} names an unknown source ${s.source}.` });
      }
      if (new Set(inst.sources.map((s) => s.source)).size !== inst.sources.length) {
        ctx.addIssue({ code: 'custom', path: ['instruments', symbol], message: `${symbol} lists a source twice.` });
      }
      if (inst.execution && !venues.has(inst.execution.venue)) {
        ctx.addIssue({ code: 'custom', path: ['instruments', symbol, 'execution'], message: `${symbol} names an unknown venue ${inst.execution.venue}.` });
      }
      if (inst.execution?.rule === 'hybrid' && inst.execution.min_lots === undefined && !inst.execution.accounts.length) {
        ctx.addIssue({ code: 'custom', path: ['instruments', symbol, 'execution'], message: `${symbol}: a hybrid route needs min_lots or accounts.` });
      }
    }
  });
export type PriceFeedsConfig = z.infer<typeof priceFeedsConfig>;

/** GET /admin/price-feeds: the worker's sources and their health, and the latest switches between them. */
export const priceSourceHealthSchema = z.object({
  source: z.string(),
  kind: z.string(),
  status: z.enum(['connecting', 'connected', 'disconnected', 'ended']),
  connected: z.boolean(),
  last_quote_age_ms: z.number().nullable(),
  quotes_per_second: z.number(),
  drops: z.number().int(),
  unknown_symbols: z.number().int(),
  /** Messages or frames from the source that could not be read. */
  malformed: z.number().int(),
  reconnects: z.number().int(),
  failovers: z.number().int(),
  active_for: z.number().int(),
  detail: z.string().nullable(),
});
export type PriceSourceHealth = z.infer<typeof priceSourceHealthSchema>;

export const priceSourceSwitchSchema = z.object({
  symbol: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.enum(['stalled', 'disconnected', 'recovered']),
  at: z.string(),
});

/** An instrument priced by a source: the source's quote as it came, and the customer's with the markup. */
export const fedInstrumentSchema = z.object({
  symbol: z.string(),
  /** The source its prices come from now; null before any has quoted. */
  source: z.string().nullable(),
  raw_bid: z.number().nullable(),
  raw_ask: z.number().nullable(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  digits: z.number().int(),
  quoted_at: z.string().nullable(),
});
export type FedInstrument = z.infer<typeof fedInstrumentSchema>;

/** A position difference reconciliation found: the house's net at the venue and the provider's, in units (buys less sells). */
export const venueBreakSchema = z.object({ symbol: z.string(), ours: z.number(), theirs: z.number(), found_at: z.string(), checked_at: z.string() });
export type VenueBreak = z.infer<typeof venueBreakSchema>;

export const venueStatusSchema = z.object({
  venue: z.string(),
  connected: z.boolean(),
  logons: z.number().int(),
  last_error: z.string().nullable(),
  /** Orders sent and not yet settled. */
  in_flight: z.number().int(),
  /** The latest reconciliation that got the provider's answer; null before any. */
  reconciled_at: z.string().nullable(),
  breaks: z.array(venueBreakSchema),
});
export type VenueStatus = z.infer<typeof venueStatusSchema>;

export const priceFeedsResponse = z.object({
  data: z.object({
    /** False on a node that runs no sources (an API node): their health is the worker's to tell. */
    running: z.boolean(),
    sources: z.array(priceSourceHealthSchema),
    switches: z.array(priceSourceSwitchSchema),
    instruments: z.array(fedInstrumentSchema),
    venues: z.array(venueStatusSchema),
  }),
});
export type PriceFeedsView = z.infer<typeof priceFeedsResponse>['data'];

/**
 * GET /admin/price-feeds/config: the routing part of the `PRICE_FEEDS` file, which the back office
 * edits instrument by instrument (PUT or DELETE /admin/price-feeds/instruments/{symbol}). The
 * sources' and venues' connection settings (hosts, credentials) stay in the file, unseen here.
 */
export const priceFeedsConfigResponse = z.object({
  data: z.object({
    /** False when the server was started without a `PRICE_FEEDS` file: nothing can be edited. */
    editable: z.boolean(),
    sources: z.array(z.object({ name: z.string(), kind: z.string() })),
    venues: z.array(z.string()),
    instruments: z.record(z.string(), instrumentFeedConfig),
  }),
});
export type PriceFeedsConfigView = z.infer<typeof priceFeedsConfigResponse>['data'];
