import { isRecord, midOf, numberParam, type ReplayProtocol, strings } from './protocol.ts';

/**
 * Kraken spot WebSocket v2: a `status` message on connecting, then
 * `{"method":"subscribe","params":{"channel":"ticker","symbol":[…]}}`, acknowledged once per
 * symbol, a `snapshot` per symbol, `update`s, and a heartbeat every second. Its REST API's
 * `GET /0/public/OHLC` serves the bars after `since`, but only the latest 720 (the last one still
 * in progress), keyed by Kraken's own name of the pair; pairs are asked for by their REST names
 * (`XBTUSD` for `BTC/USD`).
 */
export const kraken: ReplayProtocol = {
  accept: (url) => (url.pathname === '/v2' || url.pathname === '/' ? { symbols: [] } : null),

  greeting: () => [{ channel: 'status', type: 'update', data: [{ api_version: 'v2', connection_id: 4720958213, system: 'online', version: '2.0.10' }] }],

  answer(message, known, now) {
    const times = { time_in: now.toISOString(), time_out: now.toISOString() };
    if (!isRecord(message) || typeof message.method !== 'string') return { replies: [{ error: 'Malformed request', success: false, ...times }], subscribed: [] };
    const req = message.req_id === undefined ? {} : { req_id: message.req_id };
    if (message.method === 'ping') return { replies: [{ method: 'pong', ...req, ...times }], subscribed: [] };
    const params = isRecord(message.params) ? message.params : {};
    if (message.method !== 'subscribe' || params.channel !== 'ticker') {
      return { replies: [{ error: `Unsupported request for this replay: ${message.method}`, method: message.method, success: false, ...req, ...times }], subscribed: [] };
    }
    const subscribed: string[] = [];
    const replies = strings(params.symbol).map((symbol) => {
      if (!known(symbol)) return { error: `Currency pair not supported ${symbol}`, method: 'subscribe', success: false, symbol, ...req, ...times };
      subscribed.push(symbol);
      const result = { channel: 'ticker', event_trigger: params.event_trigger ?? 'trades', snapshot: params.snapshot ?? true, symbol };
      return { method: 'subscribe', result, success: true, ...req, ...times };
    });
    return { replies, subscribed, heartbeats: subscribed.length > 0 };
  },

  symbolOf(frame) {
    const first = Array.isArray(frame.data) ? frame.data[0] : undefined;
    return isRecord(first) && typeof first.symbol === 'string' ? first.symbol : undefined;
  },

  live(frame, now, initial) {
    const data = Array.isArray(frame.data) ? frame.data.map((d) => (isRecord(d) ? { ...d, timestamp: now.toISOString() } : d)) : frame.data;
    return { ...frame, type: initial ? 'snapshot' : 'update', data };
  },

  initialFrames: true,

  heartbeat: () => [{ channel: 'heartbeat' }],

  pingMs: 0,

  broken: (symbol) => ({ channel: 'ticker', type: 'update', data: [{ symbol, bid_qty: 1, ask: 1, ask_qty: 1, last: 1 }] }),

  midOf(frame) {
    const first = Array.isArray(frame.data) ? frame.data[0] : undefined;
    return isRecord(first) ? midOf(first.bid, first.ask) : undefined;
  },

  ohlcv(url, market, now) {
    if (url.pathname !== '/0/public/OHLC') return null;
    const pair = restName(url.searchParams.get('pair') ?? '');
    const symbol = market.symbols.find((s) => restName(s) === pair);
    if (!symbol) return { status: 200, body: { error: ['EQuery:Unknown asset pair'] } };
    const since = numberParam(url, 'since', 0);
    if (numberParam(url, 'interval', 1) !== 1 || Number.isNaN(since)) return { status: 200, body: { error: ['EGeneral:Invalid arguments'] } };
    const current = Math.floor(now.getTime() / 60_000) * 60;
    const bars = market.bars(symbol, Math.max(Math.floor(since / 60) * 60 + 60, current - 719 * 60), current) ?? [];
    const vwap = (b: (typeof bars)[number]) => String(Math.round(((b.open + b.high + b.low + b.close) / 4) * 1e4) / 1e4);
    const rows = bars.map((b) => [b.time, String(b.open), String(b.high), String(b.low), String(b.close), vwap(b), b.volume.toFixed(8), b.trades]);
    // Kraken's own name of Bitcoin pairs has the X and Z prefixes of its old asset names.
    const key = pair === 'XBTUSD' ? 'XXBTZUSD' : pair;
    return { status: 200, body: { error: [], result: { [key]: rows, last: current - 60 } } };
  },
};

/** A pair as Kraken's REST API names it: no slash, XBT for BTC, XDG for DOGE. */
function restName(pair: string): string {
  return pair
    .toUpperCase()
    .split('/')
    .map((asset) => ({ BTC: 'XBT', DOGE: 'XDG' })[asset] ?? asset)
    .join('');
}
