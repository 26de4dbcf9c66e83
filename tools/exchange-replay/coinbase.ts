import { isRecord, midOf, type ReplayProtocol, strings } from './protocol.ts';

/**
 * Coinbase Exchange's feed: `{"type":"subscribe","product_ids":[…],"channels":[…]}`, where a
 * channel is a name or `{name, product_ids}`; the answer is a `subscriptions` message, or an
 * `error` one for a product it does not know. `ticker` frames carry the best bid and ask;
 * `heartbeat` sends one message a second per product. Its REST API's `GET /products/{id}/candles`
 * serves bars newest first, at most 300 a request (a larger range is refused).
 */
export const coinbase: ReplayProtocol = {
  accept: (url) => (url.pathname === '/' ? { symbols: [] } : null),

  greeting: () => [],

  answer(message, known) {
    if (!isRecord(message) || message.type !== 'subscribe') return { replies: [{ type: 'error', message: 'Failed to subscribe', reason: 'Type has to be either subscribe or unsubscribe' }], subscribed: [] };
    const rootProducts = strings(message.product_ids);
    const channels = Array.isArray(message.channels) ? message.channels : [];
    const wanted = new Map<string, string[]>();
    for (const channel of channels) {
      if (typeof channel === 'string') wanted.set(channel, rootProducts);
      else if (isRecord(channel) && typeof channel.name === 'string') wanted.set(channel.name, [...rootProducts, ...strings(channel.product_ids)]);
    }
    const unknown = [...wanted.values()].flat().find((p) => !known(p));
    if (unknown) return { replies: [{ type: 'error', message: 'Failed to subscribe', reason: `${unknown} is not a valid product` }], subscribed: [] };
    const replies = [{ type: 'subscriptions', channels: [...wanted].map(([name, product_ids]) => ({ name, product_ids: [...new Set(product_ids)] })) }];
    return { replies, subscribed: wanted.get('ticker') ?? [], heartbeats: wanted.has('heartbeat') };
  },

  symbolOf: (frame) => (typeof frame.product_id === 'string' ? frame.product_id : undefined),

  live: (frame, now) => ({ ...frame, time: now.toISOString() }),

  initialFrames: true,

  heartbeat: (products, now) => products.map((product_id, i) => ({ type: 'heartbeat', sequence: i, last_trade_id: 0, product_id, time: now.toISOString() })),

  pingMs: 0,

  broken: (product_id) => ({ type: 'ticker', sequence: 1, product_id, price: '1.00', best_ask: '1.00', best_ask_size: '1.00000000', time: new Date().toISOString() }),

  midOf: (frame) => midOf(frame.best_bid, frame.best_ask),

  ohlcv(url, market, now) {
    const path = /^\/products\/([^/]+)\/candles$/.exec(url.pathname);
    if (!path) return null;
    if (url.searchParams.get('granularity') !== '60') return { status: 400, body: { message: 'Unsupported granularity (this replay serves 60 only)' } };
    const startText = url.searchParams.get('start');
    const endText = url.searchParams.get('end');
    // Without both, the latest 300.
    const end = startText && endText ? Date.parse(endText) / 1000 : now.getTime() / 1000;
    const start = startText && endText ? Date.parse(startText) / 1000 : end - 299 * 60;
    if (Number.isNaN(start) || Number.isNaN(end) || start > end) return { status: 400, body: { message: 'start must be before end' } };
    if ((end - start) / 60 > 300) return { status: 400, body: { message: 'granularity too small for the requested time range. Count of aggregations requested exceeds 300' } };
    const bars = market.bars(decodeURIComponent(path[1]!), start, Math.min(end, now.getTime() / 1000));
    if (!bars) return { status: 404, body: { message: 'NotFound' } };
    return { status: 200, body: bars.reverse().map((b) => [b.time, b.low, b.high, b.open, b.close, b.volume]) };
  },
};
