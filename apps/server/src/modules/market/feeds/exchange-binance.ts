import { type ExchangeAdapter, isRecord, malformed, NOTHING, quoteOf } from './exchange-adapter.ts';

const FIELDS = { symbol: 's', bid: 'b', ask: 'a', bidSize: 'B', askSize: 'A' };

/**
 * Binance spot: the combined stream of each symbol's `bookTicker` (every change of the best bid or
 * ask), subscribed in the address itself. Symbols are written as Binance writes them, `BTCUSDT`;
 * stream names are lower case. Binance pings every few seconds; the `ws` client answers on its own.
 */
export const binance: ExchangeAdapter = {
  url: 'wss://stream.binance.com:9443',

  address(base, symbols) {
    const url = new URL(base);
    const path = url.pathname.replace(/\/+$/, '');
    url.pathname = path.endsWith('/stream') ? path : `${path}/stream`;
    // Set by hand: URLSearchParams would escape the `@` and `/` the stream list is made of.
    url.search = `?streams=${symbols.map((s) => `${s.toLowerCase()}@bookTicker`).join('/')}`;
    return url.href;
  },

  subscribe: () => [],

  parse(frame, receivedAt) {
    if (!isRecord(frame)) return malformed('not a JSON object');
    // The answer to a SUBSCRIBE request: {"result":null,"id":1}.
    if ('id' in frame && 'result' in frame) return NOTHING;
    if (typeof frame.code === 'number') return { quotes: [], error: `Binance error ${frame.code}: ${String(frame.msg)}` };
    const { stream, data } = frame;
    if (typeof stream !== 'string' || !isRecord(data)) return malformed('neither a stream event nor a reply');
    if (!stream.endsWith('@bookTicker')) return malformed(`unexpected stream ${stream}`);
    // The book ticker carries no time of its own.
    const quote = quoteOf({ symbol: data.s, bid: data.b, ask: data.a, bidSize: data.B, askSize: data.A }, FIELDS, receivedAt);
    return typeof quote === 'string' ? malformed(quote) : { quotes: [quote] };
  },
};
