import { isRecord, type ReplayProtocol, strings } from './protocol.ts';

/**
 * Kraken spot WebSocket v2: a `status` message on connecting, then
 * `{"method":"subscribe","params":{"channel":"ticker","symbol":[…]}}`, acknowledged once per
 * symbol, a `snapshot` per symbol, `update`s, and a heartbeat every second.
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
};
