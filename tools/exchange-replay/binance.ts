import { isRecord, type ReplayProtocol, strings } from './protocol.ts';

/**
 * Binance spot's combined streams: `/stream?streams=btcusdt@bookTicker/...` subscribes in the
 * address, and `{"method":"SUBSCRIBE","params":[...],"id":1}` adds streams later. Frames are
 * `{"stream":…,"data":…}`; the server pings every 20 s. Symbols here are stream names.
 */
export const binance: ReplayProtocol = {
  accept(url) {
    if (url.pathname !== '/stream') return null;
    return { symbols: (url.searchParams.get('streams') ?? '').split('/').filter(Boolean) };
  },

  greeting: () => [],

  answer(message) {
    if (!isRecord(message) || typeof message.method !== 'string') return { replies: [{ code: 3, msg: 'Invalid JSON: expected an object with a method' }], subscribed: [] };
    if (message.method !== 'SUBSCRIBE') return { replies: [{ result: null, id: message.id ?? null }], subscribed: [] };
    return { replies: [{ result: null, id: message.id ?? null }], subscribed: strings(message.params) };
  },

  symbolOf: (frame) => (typeof frame.stream === 'string' ? frame.stream : undefined),

  live: (frame) => frame,

  initialFrames: false,

  heartbeat: () => [],

  pingMs: 20_000,

  broken(stream) {
    const symbol = stream.split('@')[0]!.toUpperCase();
    return { stream, data: { u: 1, s: symbol, B: '1.00000000', a: '1.00000000', A: '1.00000000' } };
  },
};
