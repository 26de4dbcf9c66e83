import { z } from 'zod';
import type { AssetCategory } from './settings.ts';

/** Instrument types (SPEC §3 Asset `type`). ETFs are `indices` with category `etf`. */
export const assetTypes = ['forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals'] as const;
export const assetType = z.enum(assetTypes);
export type AssetType = z.infer<typeof assetType>;

/**
 * Sub-category inside a type (Asset `category`): forex `major` | `minor` | `exotic`; crypto
 * `crypto`; stocks `stock`; indices `index` | `etf` (the Add-pair dialog's ETFs tab lists
 * `category === 'etf'`); commodities `energy` | `agriculture`; metals `precious` | `industrial`.
 */
export const assetSubcategories = ['major', 'minor', 'exotic', 'crypto', 'stock', 'index', 'etf', 'energy', 'agriculture', 'precious', 'industrial'] as const;
export const assetSubcategory = z.enum(assetSubcategories);
export type AssetSubcategory = z.infer<typeof assetSubcategory>;

/** The site-data leverage map key (SPEC §3 Site data `leverage`) of each type. */
export const leverageCategoryOf: Record<AssetType, AssetCategory> = {
  forex: 'forex',
  stocks: 'stocks',
  indices: 'indices',
  crypto: 'cryptos',
  commodities: 'commodities',
  metals: 'metals',
};

/**
 * An instrument with its live values (SPEC §3 Asset). `id` and `asset_id` are the same number: the
 * `id` of every price update. `rate` is the mid price; `buy_price = rate × (1 + buy_spread)`,
 * `sell_price = rate × (1 − sell_spread)`; `spread = buy_price − sell_price` in price units.
 * `change`, `change_percent`, `price_low`, `price_high` and `volume` cover the last 24 hourly bars
 * in which the instrument traded. `position` is the smallest order in units (0.01 lot ×
 * `contract_size`). `digits` is the price precision, `quote_currency` the currency prices are in.
 * `price_derived` is true when the catalogue had no reference price and one was derived.
 */
export const assetSchema = z.object({
  id: z.number().int(),
  asset_id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  symbol_display: z.string(),
  sy: z.string(),
  type: assetType,
  category: assetSubcategory,
  image: z.string().nullable(),
  tv_symbol: z.string(),
  rate: z.number(),
  change: z.number(),
  change_percent: z.number(),
  price_low: z.number(),
  price_high: z.number(),
  volume: z.number(),
  updated_at: z.string(),
  buy_spread: z.number(),
  sell_spread: z.number(),
  spread: z.number(),
  buy_price: z.number(),
  sell_price: z.number(),
  contract_size: z.number(),
  position: z.number(),
  leverage: z.number().int(),
  quote_currency: z.string(),
  digits: z.number().int(),
  enabled: z.boolean(),
  price_derived: z.boolean(),
});
export type Asset = z.infer<typeof assetSchema>;

/** GET /assets: every enabled instrument with current values. */
export const assetsResponse = z.object({ data: z.array(assetSchema) });

/** GET /admin/assets: every instrument, enabled or not, 50 a page. */
export const adminAssetsQuery = z.object({
  search: z.string().max(100).optional(),
  type: assetType.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const ADMIN_ASSETS_PAGE_SIZE = 50;

/** PATCH /admin/assets/:id: what an operator may change. */
export const adminAssetUpdate = z
  .object({
    enabled: z.boolean(),
    buy_spread: z.number().min(0).max(0.1),
    sell_spread: z.number().min(0).max(0.1),
    leverage: z.number().int().min(1).max(1000),
    contract_size: z.number().positive().max(10_000_000),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update.' });
export type AdminAssetUpdate = z.infer<typeof adminAssetUpdate>;

/** `:id` of the asset routes: the asset id, or its symbol, display symbol or `sy`. */
export const assetKeyParam = z.object({ id: z.string().min(1).max(40) });

/** Chart timeframes of GET /assets/:id/candles, with their length in seconds. */
export const timeframeSeconds = { '1m': 60, '5m': 300, '15m': 900, '1h': 3600, '4h': 14_400, '1D': 86_400 } as const;
export const timeframes = ['1m', '5m', '15m', '1h', '4h', '1D'] as const;
export const timeframe = z.enum(timeframes);
export type Timeframe = z.infer<typeof timeframe>;

/** Most bars one candles call returns (the latest of the range). */
export const MAX_CANDLES = 1000;

/**
 * GET /assets/:id/candles?tf=&from=&to=: unix seconds, both optional (`to` defaults to now,
 * `from` to 500 bars before `to`). Buckets are UTC-aligned; `time` is the bucket start.
 */
export const candlesQuery = z
  .object({
    tf: timeframe.default('1m'),
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'from must not be after to.', path: ['from'] });

export const candleSchema = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Candle = z.infer<typeof candleSchema>;
export const candlesResponse = z.object({ data: z.array(candleSchema) });

/**
 * One instrument's tick (SPEC §3 "Live price update"). `lastUpdated` is ISO 8601; `ts` is the same
 * instant in ms since the epoch, the server's clock when the tick was made (for latency figures).
 */
export const priceUpdateSchema = z.object({
  id: z.number().int(),
  price: z.number(),
  priceLow24h: z.number(),
  priceHigh24h: z.number(),
  change24h: z.number(),
  changePercent24h: z.number(),
  volume24h: z.number(),
  lastUpdated: z.string(),
  ts: z.number(),
  /**
   * Present for instruments priced by a source that quotes its own bid and ask (a liquidity
   * provider, an exchange, a tick file): the customer's bid and ask, markup included, which then
   * stand in for price × (1 ∓ spread).
   */
  bid: z.number().optional(),
  ask: z.number().optional(),
});
export type PriceUpdate = z.infer<typeof priceUpdateSchema>;

/**
 * A price update packed as a tuple, the element of `data:batch`:
 * `[id, price, priceLow24h, priceHigh24h, change24h, changePercent24h, volume24h, ts]`, followed by
 * `bid, ask` for an instrument whose source quotes them.
 */
export type PackedPriceUpdate = [number, number, number, number, number, number, number, number, bid?: number, ask?: number];

/** `data:batch`: every instrument that ticked during one coalescing window, latest tick each. */
export type PriceBatch = { ts: number; data: PackedPriceUpdate[] };

/** Unpacks one `data:batch` element into the SPEC's update shape. */
export function unpackPriceUpdate(p: PackedPriceUpdate): PriceUpdate {
  return {
    id: p[0],
    price: p[1],
    priceLow24h: p[2],
    priceHigh24h: p[3],
    change24h: p[4],
    changePercent24h: p[5],
    volume24h: p[6],
    lastUpdated: new Date(p[7]).toISOString(),
    ts: p[7],
    ...(p[8] !== undefined && p[9] !== undefined && { bid: p[8], ask: p[9] }),
  };
}

/**
 * Price socket (SPEC §7): Socket.IO at path `/socket.io` on the API's own origin, websocket
 * transport only, `auth: { key }` in the handshake (a wrong key fails with `connect_error`).
 *
 * - `subscribe:all` → `data:all` `{success: true, data: Asset[]}`, then one `data:update` per
 *   instrument that ticked, at most one per instrument per coalescing window (SPEC semantics).
 * - `subscribe:all` with `{batch: true}` → the same `data:all`, then one `data:batch` per window
 *   carrying every instrument that ticked (packed tuples); the first one carries every instrument,
 *   so nothing that moved since the list was made is missed. One frame per window instead of one per
 *   instrument: what a client showing the whole market should use. Add `snapshot: false` to skip
 *   `data:all` when the list came from GET /assets already (it is the same list, 1.5 MB of JSON).
 * - `subscribe` with symbols or asset ids (`['EURUSD', 42]` or `{symbols: [...]}`) → `data:update`
 *   for those instruments only; the acknowledgement (if the client passes one) receives
 *   `{success, data: Asset[]}` with their current values. Repeated calls add to the set.
 * - `unsubscribe` with symbols or ids, `unsubscribe:all` to stop everything.
 *
 * Why two framings: every packet goes out once per receiver as its own websocket frame, and the
 * per-frame cost dominates. With the whole catalogue ticking (about 700 ticks a second) a
 * `data:update` per instrument means some 70 frames per window per client; `data:batch` means one.
 * Subscriptions belong to the connection: emit them again on every `connect` (after a drop the
 * client reconnects by itself; after a server-side `disconnect` with reason "io server disconnect"
 * it must call `socket.connect()`). The key comes from GET /market/socket.
 */
export const priceSocket = {
  path: '/socket.io',
  events: {
    subscribeAll: 'subscribe:all',
    subscribe: 'subscribe',
    unsubscribe: 'unsubscribe',
    unsubscribeAll: 'unsubscribe:all',
    all: 'data:all',
    update: 'data:update',
    batch: 'data:batch',
    feed: 'feed:status',
    subscribeDepth: 'subscribe:depth',
    unsubscribeDepth: 'unsubscribe:depth',
    depth: 'data:depth',
  },
} as const;

/**
 * `data:depth`: the book of an instrument whose source sends one (a FIX liquidity provider asked for
 * depth), best first on each side as `[price, size]`, prices with the customer's markup. Sent to a
 * client that asked with `subscribe:depth` whenever it changes, at most four times a second.
 */
export type MarketDepth = { id: number; bids: [number, number][]; asks: [number, number][]; ts: number };
export const subscribeDepthRequest = z.object({ id: z.number().int().positive() });

/** `feed:status`: sent when this node's feed stalls or recovers, and on connecting while stalled. */
export type FeedStatus = { stalled: boolean };

/** GET /market/socket: how a signed-in client reaches the price socket (same origin). */
export const priceSocketConfigResponse = z.object({ data: z.object({ key: z.string(), path: z.string() }) });

export const subscribeAllOptions = z.object({ batch: z.boolean().optional(), snapshot: z.boolean().optional() });
export const instrumentKeys = z.array(z.union([z.string().min(1).max(40), z.number().int().positive()])).max(5000);
export const subscribeRequest = z.union([instrumentKeys, z.object({ symbols: instrumentKeys })]);
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

export type AssetSnapshot = { success: boolean; data: Asset[]; message?: string };

/** Events the price socket server emits. */
export type PriceSocketServerEvents = {
  'data:all': (payload: AssetSnapshot) => void;
  'data:update': (update: PriceUpdate) => void;
  'data:batch': (batch: PriceBatch) => void;
  'feed:status': (status: FeedStatus) => void;
  'data:depth': (depth: MarketDepth) => void;
};

/** Events a price socket client emits. */
export type PriceSocketClientEvents = {
  'subscribe:all': (options?: { batch?: boolean; snapshot?: boolean }) => void;
  subscribe: (request: SubscribeRequest, ack?: (snapshot: AssetSnapshot) => void) => void;
  unsubscribe: (request: SubscribeRequest) => void;
  'unsubscribe:all': () => void;
  /** One instrument's book at a time: a new request replaces the last. */
  'subscribe:depth': (request: { id: number }) => void;
  'unsubscribe:depth': () => void;
};
