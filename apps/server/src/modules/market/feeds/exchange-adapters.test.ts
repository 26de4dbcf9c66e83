import { describe, expect, it } from 'vitest';
import { decimal } from './exchange-adapter.ts';
import { binance } from './exchange-binance.ts';
import { coinbase } from './exchange-coinbase.ts';
import { kraken } from './exchange-kraken.ts';

const NOW = Date.parse('2026-11-02T10:00:00Z');

/** A frame with one field replaced, or removed when the value is undefined. */
function withField<T extends Record<string, unknown>>(frame: T, key: string, value: unknown): T {
  const copy: Record<string, unknown> = { ...frame };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as T;
}

describe('exchange numbers', () => {
  it('reads decimal strings and finite JSON numbers, nothing else', () => {
    expect(decimal('67239.47000000')).toBe(67239.47);
    expect(decimal(151.78)).toBe(151.78);
    expect(decimal('1e-5')).toBe(0.00001);
    for (const bad of ['', ' 1', '1,5', '0x10', 'NaN', 'Infinity', '12abc', null, true, {}, [], Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(decimal(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe('Binance book ticker', () => {
  const data = { u: 400900217, s: 'BNBUSDT', b: '25.35190000', B: '31.21000000', a: '25.36520000', A: '40.66000000' };
  const frame = { stream: 'bnbusdt@bookTicker', data };

  it('subscribes in the address, with lower-case stream names, from the public or a configured address', () => {
    expect(binance.address(binance.url, ['BTCUSDT', 'ETHUSDT'])).toBe('wss://stream.binance.com:9443/stream?streams=btcusdt@bookTicker/ethusdt@bookTicker');
    expect(binance.address('ws://127.0.0.1:4100', ['BTCUSDT'])).toBe('ws://127.0.0.1:4100/stream?streams=btcusdt@bookTicker');
    expect(binance.address('ws://127.0.0.1:4100/stream/', ['BTCUSDT'])).toBe('ws://127.0.0.1:4100/stream?streams=btcusdt@bookTicker');
    expect(binance.subscribe(['BTCUSDT'])).toEqual([]);
  });

  it('turns a combined-stream event into a quote at the time it arrived', () => {
    expect(binance.parse(frame, NOW)).toEqual({ quotes: [{ symbol: 'BNBUSDT', bid: 25.3519, ask: 25.3652, bidSize: 31.21, askSize: 40.66, at: NOW }] });
  });

  it('passes over the answer to a SUBSCRIBE request and reports an error reply', () => {
    expect(binance.parse({ result: null, id: 1 }, NOW)).toEqual({ quotes: [] });
    expect(binance.parse({ code: 2, msg: 'Invalid request: unknown variant' }, NOW)).toEqual({ quotes: [], error: 'Binance error 2: Invalid request: unknown variant' });
  });

  it.each([
    ['no symbol', { ...frame, data: withField(data, 's', undefined) }, 's missing'],
    ['no bid', { ...frame, data: withField(data, 'b', undefined) }, 'b missing or not a number'],
    ['no ask', { ...frame, data: withField(data, 'a', undefined) }, 'a missing or not a number'],
    ['a bid that is not a number', { ...frame, data: withField(data, 'b', 'abc') }, 'b missing or not a number'],
    ['an ask that is not a number', { ...frame, data: withField(data, 'a', null) }, 'a missing or not a number'],
    ['a size that is not a number', { ...frame, data: withField(data, 'B', '1.2.3') }, 'B not a number'],
    ['another stream', { ...frame, stream: 'bnbusdt@trade' }, 'unexpected stream bnbusdt@trade'],
    ['no data', { stream: 'bnbusdt@bookTicker' }, 'neither a stream event nor a reply'],
    ['an array', [frame], 'not a JSON object'],
    ['a string', 'hello', 'not a JSON object'],
  ])('drops a frame with %s', (_, bad, reason) => {
    expect(binance.parse(bad, NOW)).toEqual({ quotes: [], malformed: reason });
  });
});

describe('Coinbase ticker', () => {
  const frame = {
    type: 'ticker',
    sequence: 37475248783,
    product_id: 'ETH-USD',
    price: '1285.22',
    open_24h: '1310.79',
    volume_24h: '245532.79269678',
    low_24h: '1280.52',
    high_24h: '1313.8',
    volume_30d: '9788783.60117027',
    best_bid: '1285.04',
    best_bid_size: '0.46688654',
    best_ask: '1285.27',
    best_ask_size: '1.56637040',
    side: 'buy',
    time: '2022-10-19T23:28:22.061769Z',
    trade_id: 370843401,
    last_size: '11.4396987',
  };

  it('subscribes to the ticker and heartbeat channels of its products', () => {
    expect(coinbase.address(coinbase.url, ['BTC-USD'])).toBe('wss://ws-feed.exchange.coinbase.com');
    expect(coinbase.subscribe(['BTC-USD', 'ETH-USD']).map((m) => JSON.parse(m))).toEqual([
      { type: 'subscribe', product_ids: ['BTC-USD', 'ETH-USD'], channels: ['ticker', 'heartbeat'] },
    ]);
  });

  it('turns a ticker into a quote at the exchange time', () => {
    expect(coinbase.parse(frame, NOW)).toEqual({
      quotes: [{ symbol: 'ETH-USD', bid: 1285.04, ask: 1285.27, bidSize: 0.46688654, askSize: 1.5663704, at: Date.parse('2022-10-19T23:28:22.061Z') }],
    });
    expect(coinbase.parse(withField(frame, 'time', undefined), NOW).quotes[0]!.at).toBe(NOW);
    expect(coinbase.parse(withField(frame, 'time', 'yesterday'), NOW).quotes[0]!.at).toBe(NOW);
  });

  it('passes over subscriptions and heartbeats, and reports errors', () => {
    expect(coinbase.parse({ type: 'subscriptions', channels: [{ name: 'ticker', product_ids: ['ETH-USD'] }] }, NOW)).toEqual({ quotes: [] });
    expect(coinbase.parse({ type: 'heartbeat', sequence: 90, last_trade_id: 20, product_id: 'BTC-USD', time: '2014-11-07T08:19:28.464459Z' }, NOW)).toEqual({ quotes: [] });
    expect(coinbase.parse({ type: 'error', message: 'Failed to subscribe', reason: 'XYZ-USD is not a valid product' }, NOW)).toEqual({
      quotes: [],
      error: 'Coinbase: Failed to subscribe: XYZ-USD is not a valid product',
    });
  });

  it.each([
    ['no product', withField(frame, 'product_id', undefined), 'product_id missing'],
    ['no best bid', withField(frame, 'best_bid', undefined), 'best_bid missing or not a number'],
    ['no best ask', withField(frame, 'best_ask', undefined), 'best_ask missing or not a number'],
    ['a best bid that is not a number', withField(frame, 'best_bid', 'NaN'), 'best_bid missing or not a number'],
    ['a best ask that is not a number', withField(frame, 'best_ask', { value: 1 }), 'best_ask missing or not a number'],
    ['a size that is not a number', withField(frame, 'best_ask_size', 'many'), 'best_ask_size not a number'],
    ['an unknown type', withField(frame, 'type', 'l2update'), 'unknown type "l2update"'],
    ['no type', withField(frame, 'type', undefined), 'unknown type undefined'],
    ['null', null, 'not a JSON object'],
  ])('drops a frame with %s', (_, bad, reason) => {
    expect(coinbase.parse(bad, NOW)).toEqual({ quotes: [], malformed: reason });
  });
});

describe('Kraken v2 ticker', () => {
  const entry = {
    symbol: 'BTC/USD',
    bid: 67244.4,
    bid_qty: 1.0512,
    ask: 67244.5,
    ask_qty: 0.25,
    last: 67244.5,
    volume: 1843.21953218,
    vwap: 66987.3,
    low: 66201.0,
    high: 67682.5,
    change: 712.4,
    change_pct: 1.07,
  };
  const frame = { channel: 'ticker', type: 'update', data: [entry] };

  it('subscribes to the ticker of its symbols on every best bid or offer change', () => {
    expect(kraken.address(kraken.url, ['BTC/USD'])).toBe('wss://ws.kraken.com/v2');
    expect(kraken.subscribe(['BTC/USD', 'SOL/USD']).map((m) => JSON.parse(m))).toEqual([
      { method: 'subscribe', params: { channel: 'ticker', symbol: ['BTC/USD', 'SOL/USD'], event_trigger: 'bbo', snapshot: true } },
    ]);
  });

  it('turns snapshots and updates into quotes, one per entry', () => {
    const quote = { symbol: 'BTC/USD', bid: 67244.4, ask: 67244.5, bidSize: 1.0512, askSize: 0.25, at: NOW };
    expect(kraken.parse(frame, NOW)).toEqual({ quotes: [quote] });
    const sol = { ...entry, symbol: 'SOL/USD', bid: 151.78, ask: 151.79, timestamp: '2026-11-02T09:59:59.500Z' };
    expect(kraken.parse({ ...frame, type: 'snapshot', data: [entry, sol] }, NOW)).toEqual({
      quotes: [quote, { symbol: 'SOL/USD', bid: 151.78, ask: 151.79, bidSize: 1.0512, askSize: 0.25, at: NOW - 500 }],
    });
  });

  it('passes over heartbeats, status and acknowledgements, and reports a refused subscription', () => {
    expect(kraken.parse({ channel: 'heartbeat' }, NOW)).toEqual({ quotes: [] });
    expect(kraken.parse({ channel: 'status', type: 'update', data: [{ api_version: 'v2', system: 'online' }] }, NOW)).toEqual({ quotes: [] });
    const ack = { method: 'subscribe', result: { channel: 'ticker', snapshot: true, symbol: 'BTC/USD' }, success: true, time_in: '2023-09-25T09:04:31.742599Z', time_out: '2023-09-25T09:04:31.742648Z' };
    expect(kraken.parse(ack, NOW)).toEqual({ quotes: [] });
    expect(kraken.parse({ method: 'pong', time_in: 'x', time_out: 'y' }, NOW)).toEqual({ quotes: [] });
    const refused = { error: 'Currency pair not supported ALGO/ABC', method: 'subscribe', success: false, symbol: 'ALGO/ABC', time_in: 'x', time_out: 'y' };
    expect(kraken.parse(refused, NOW)).toEqual({ quotes: [], error: 'Kraken subscribe ALGO/ABC: Currency pair not supported ALGO/ABC' });
  });

  it.each([
    ['no symbol', withField(entry, 'symbol', undefined), 'symbol missing'],
    ['no bid', withField(entry, 'bid', undefined), 'bid missing or not a number'],
    ['no ask', withField(entry, 'ask', undefined), 'ask missing or not a number'],
    ['a bid that is not a number', withField(entry, 'bid', 'abc'), 'bid missing or not a number'],
    ['an ask that is not a number', withField(entry, 'ask', false), 'ask missing or not a number'],
    ['a size that is not a number', withField(entry, 'bid_qty', 'lots'), 'bid_qty not a number'],
  ])('drops an entry with %s and keeps the others of its frame', (_, bad, reason) => {
    const sol = { ...entry, symbol: 'SOL/USD', bid: 151.78, ask: 151.79 };
    const parsed = kraken.parse({ ...frame, data: [bad, sol] }, NOW);
    expect(parsed.malformed).toBe(reason);
    expect(parsed.quotes.map((q) => q.symbol)).toEqual(['SOL/USD']);
  });

  it.each([
    ['an unknown ticker type', { ...frame, type: 'delta' }, 'unknown ticker type "delta"'],
    ['no data', { channel: 'ticker', type: 'update' }, 'ticker without data'],
    ['an entry that is not an object', { ...frame, data: [42] }, 'ticker entry not an object'],
    ['an unknown channel', { channel: 'book', type: 'update', data: [] }, 'unknown channel "book"'],
    ['neither channel nor method', { hello: 'world' }, 'unknown channel undefined'],
    ['an array (the v1 format)', [0, { a: ['5525.40000', 1, '1.000'] }, 'ticker', 'XBT/USD'], 'not a JSON object'],
  ])('drops a frame with %s', (_, bad, reason) => {
    expect(kraken.parse(bad, NOW)).toEqual({ quotes: [], malformed: reason });
  });
});
