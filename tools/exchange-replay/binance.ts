import { isRecord, midOf, numberParam, type ReplayProtocol, strings } from './protocol.ts';

/**
 * Binance spot's combined streams: `/stream?streams=btcusdt@bookTicker/...` subscribes in the
 * address, and `{"method":"SUBSCRIBE","params":[...],"id":1}` adds streams later. Frames are
 * `{"stream":…,"data":…}`; the server pings every 20 s. Symbols here are stream names. Its REST
 * API's `GET /api/v3/klines` serves 1-minute bars, oldest first, up to 1000 a request.
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

  midOf: (frame) => (isRecord(frame.data) ? midOf(frame.data.b, frame.data.a) : undefined),

  ohlcv(url, market, now) {
    if (url.pathname !== '/api/v3/klines') return null;
    const symbol = url.searchParams.get('symbol') ?? '';
    if (url.searchParams.get('interval') !== '1m') return { status: 400, body: { code: -1120, msg: 'Invalid interval (this replay serves 1m only).' } };
    const limit = numberParam(url, 'limit', 500);
    const start = numberParam(url, 'startTime', Number.NaN);
    const end = Math.min(numberParam(url, 'endTime', now.getTime()), now.getTime());
    if (!(limit >= 1 && limit <= 1000) || Number.isNaN(end)) return { status: 400, body: { code: -1100, msg: 'Illegal characters found in a parameter.' } };
    // With a start, the first `limit` bars from it; without, the last `limit` up to the end.
    const from = Number.isNaN(start) ? end - (limit - 1) * 60_000 : start;
    const bars = market.bars(`${symbol.toLowerCase()}@bookTicker`, from / 1000, end / 1000);
    if (!bars) return { status: 400, body: { code: -1121, msg: 'Invalid symbol.' } };
    const picked = Number.isNaN(start) ? bars.slice(-limit) : bars.slice(0, limit);
    const s = (v: number) => v.toFixed(8);
    const body = picked.map((b) => [b.time * 1000, s(b.open), s(b.high), s(b.low), s(b.close), s(b.volume), b.time * 1000 + 59_999, s(b.volume * b.close), b.trades, s(b.volume / 2), s((b.volume / 2) * b.close), '0']);
    return { status: 200, body };
  },
};
