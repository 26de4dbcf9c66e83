import type { RawQuote } from './feed-types.ts';
import { type ExchangeAdapter, isoTime, isRecord, malformed, NOTHING, type ParsedFrame, quoteOf } from './exchange-adapter.ts';

const FIELDS = { symbol: 'symbol', bid: 'bid', ask: 'ask', bidSize: 'bid_qty', askSize: 'ask_qty' };

/**
 * Kraken spot, WebSocket v2: the `ticker` channel (level 1). By default it publishes on trades
 * only; `event_trigger: bbo` publishes on every change of the best bid or ask, which is what a
 * price source is for. Symbols are written `BTC/USD`. Kraken sends a heartbeat every second.
 */
export const kraken: ExchangeAdapter = {
  url: 'wss://ws.kraken.com/v2',

  address: (base) => base,

  subscribe: (symbols) => [JSON.stringify({ method: 'subscribe', params: { channel: 'ticker', symbol: symbols, event_trigger: 'bbo', snapshot: true } })],

  parse(frame, receivedAt) {
    if (!isRecord(frame)) return malformed('not a JSON object');
    // Acknowledgements of subscribe, unsubscribe and ping; a refusal names what was refused.
    if (typeof frame.method === 'string') {
      if (frame.success !== false) return NOTHING;
      const what = typeof frame.symbol === 'string' ? ` ${frame.symbol}` : '';
      return { quotes: [], error: `Kraken ${frame.method}${what}: ${String(frame.error ?? 'refused')}` };
    }
    switch (frame.channel) {
      case 'ticker':
        return tickers(frame, receivedAt);
      case 'heartbeat':
      case 'status':
        return NOTHING;
      default:
        return malformed(`unknown channel ${JSON.stringify(frame.channel)}`);
    }
  },
};

/** A snapshot or update: one entry per symbol, each read on its own so one bad entry spoils no other. */
function tickers(frame: Record<string, unknown>, receivedAt: number): ParsedFrame {
  if (frame.type !== 'snapshot' && frame.type !== 'update') return malformed(`unknown ticker type ${JSON.stringify(frame.type)}`);
  if (!Array.isArray(frame.data)) return malformed('ticker without data');
  const quotes: RawQuote[] = [];
  let problem: string | undefined;
  for (const entry of frame.data) {
    if (!isRecord(entry)) {
      problem ??= 'ticker entry not an object';
      continue;
    }
    const quote = quoteOf(
      { symbol: entry.symbol, bid: entry.bid, ask: entry.ask, bidSize: entry.bid_qty, askSize: entry.ask_qty },
      FIELDS,
      isoTime(entry.timestamp) ?? receivedAt,
    );
    if (typeof quote === 'string') problem ??= quote;
    else quotes.push(quote);
  }
  return problem ? { quotes, malformed: problem } : { quotes };
}
