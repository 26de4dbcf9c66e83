import { type ExchangeAdapter, isoTime, isRecord, malformed, NOTHING, quoteOf } from './exchange-adapter.ts';

const FIELDS = { symbol: 'product_id', bid: 'best_bid', ask: 'best_ask', bidSize: 'best_bid_size', askSize: 'best_ask_size' };

/**
 * Coinbase Exchange: the `ticker` channel, which carries the best bid and ask with every match.
 * Its products may go quiet for longer than the feed's idle limit, so the `heartbeat` channel
 * (one message a second per product) is taken too, to tell a quiet market from a dead connection.
 * Symbols are product ids, `BTC-USD`.
 */
export const coinbase: ExchangeAdapter = {
  url: 'wss://ws-feed.exchange.coinbase.com',

  address: (base) => base,

  subscribe: (symbols) => [JSON.stringify({ type: 'subscribe', product_ids: symbols, channels: ['ticker', 'heartbeat'] })],

  parse(frame, receivedAt) {
    if (!isRecord(frame)) return malformed('not a JSON object');
    switch (frame.type) {
      case 'ticker': {
        const f = frame;
        const quote = quoteOf({ symbol: f.product_id, bid: f.best_bid, ask: f.best_ask, bidSize: f.best_bid_size, askSize: f.best_ask_size }, FIELDS, isoTime(f.time) ?? receivedAt);
        return typeof quote === 'string' ? malformed(quote) : { quotes: [quote] };
      }
      case 'subscriptions':
      case 'heartbeat':
        return NOTHING;
      case 'error':
        return { quotes: [], error: ['Coinbase', frame.message, frame.reason].filter((part) => typeof part === 'string' && part).join(': ') };
      default:
        return malformed(`unknown type ${JSON.stringify(frame.type)}`);
    }
  },
};
