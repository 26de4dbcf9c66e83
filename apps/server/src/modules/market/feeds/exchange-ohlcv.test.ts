import { describe, expect, it } from 'vitest';
import { binanceOhlcv, coinbaseOhlcv, krakenOhlcv, krakenRestPair } from './exchange-ohlcv.ts';

// 2026-11-02 10:00:00 UTC
const T = 1_793_613_600;

describe('Binance klines', () => {
  it('asks for up to 1000 minutes from the start, the end inclusive in ms, under the configured base', () => {
    const { url, coversUntil } = binanceOhlcv.request(binanceOhlcv.url, 'BTCUSDT', T, T + 86_400);
    expect(url.href).toBe(`https://api.binance.com/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=${T * 1000}&endTime=${(T + 60_000) * 1000 - 1}&limit=1000`);
    expect(coversUntil).toBe(T + 60_000);
    const last = binanceOhlcv.request('http://127.0.0.1:4100/proxy/', 'BTCUSDT', T, T + 600);
    expect(last.url.href).toBe(`http://127.0.0.1:4100/proxy/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=${T * 1000}&endTime=${(T + 600) * 1000 - 1}&limit=1000`);
    expect(last.coversUntil).toBe(T + 600);
  });

  it('reads klines: open time in ms, decimal strings, the fields after volume ignored', () => {
    const body = [
      [T * 1000, '67239.47000000', '67290.00000000', '67200.10000000', '67250.00000000', '12.50000000', T * 1000 + 59_999, '840000.1', 310, '6.1', '410000.2', '0'],
      [(T + 60) * 1000, '67250.00000000', '67260.00000000', '67240.00000000', '67241.00000000', '3.25000000', (T + 60) * 1000 + 59_999, '218000.0', 90, '1.0', '67000.0', '0'],
    ];
    expect(binanceOhlcv.parse(body)).toEqual({
      bars: [
        { time: T, open: 67239.47, high: 67290, low: 67200.1, close: 67250, volume: 12.5 },
        { time: T + 60, open: 67250, high: 67260, low: 67240, close: 67241, volume: 3.25 },
      ],
      malformed: 0,
    });
  });

  it('counts rows that make no bar, and tells an error answer', () => {
    const good = [T * 1000, '1', '2', '0.5', '1.5', '10'];
    const page = binanceOhlcv.parse([good, [T * 1000 + 1, '1', '2', '0.5', '1.5', '10'], [T * 1000, 'x', '2', '0.5', '1.5', '10'], [T * 1000, '1', '0.9', '0.5', '1.5', '10'], 'row']);
    expect(page).toEqual({ bars: [{ time: T, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 }], malformed: 4 });
    expect(binanceOhlcv.parse({ code: -1121, msg: 'Invalid symbol.' })).toEqual({ problem: 'Binance error -1121: Invalid symbol.' });
    expect(binanceOhlcv.parse('nope')).toEqual({ problem: 'not a list of klines' });
  });
});

describe('Coinbase candles', () => {
  it('asks for 300 bar starts at most, in ISO 8601, the next page starting at the end of this one', () => {
    const { url, coversUntil } = coinbaseOhlcv.request(coinbaseOhlcv.url, 'BTC-USD', T, T + 86_400);
    expect(url.origin + url.pathname).toBe('https://api.exchange.coinbase.com/products/BTC-USD/candles');
    expect(Object.fromEntries(url.searchParams)).toEqual({ granularity: '60', start: '2026-11-02T10:00:00.000Z', end: '2026-11-02T14:59:00.000Z' });
    expect(coversUntil).toBe(T + 299 * 60);
    const last = coinbaseOhlcv.request('http://127.0.0.1:4100', 'BTC-USD', T, T + 120);
    expect(last.url.searchParams.get('end')).toBe('2026-11-02T10:02:00.000Z');
    expect(last.coversUntil).toBe(T + 120);
  });

  it('reads candles [time, low, high, open, close, volume], newest first, into bars oldest first', () => {
    const body = [
      [T + 60, 3510.1, 3515.5, 3512.0, 3514.2, 42.5],
      [T, 3509.0, 3513.0, 3510.0, 3512.0, 10],
    ];
    expect(coinbaseOhlcv.parse(body)).toEqual({
      bars: [
        { time: T, open: 3510, high: 3513, low: 3509, close: 3512, volume: 10 },
        { time: T + 60, open: 3512, high: 3515.5, low: 3510.1, close: 3514.2, volume: 42.5 },
      ],
      malformed: 0,
    });
    expect(coinbaseOhlcv.parse({ message: 'NotFound' })).toEqual({ problem: 'Coinbase: NotFound' });
  });
});

describe('Kraken OHLC', () => {
  it('names pairs as the REST API does: no slash, XBT for BTC, XDG for DOGE', () => {
    expect(krakenRestPair('BTC/USD')).toBe('XBTUSD');
    expect(krakenRestPair('ETH/BTC')).toBe('ETHXBT');
    expect(krakenRestPair('DOGE/EUR')).toBe('XDGEUR');
    expect(krakenRestPair('SOL/USD')).toBe('SOLUSD');
  });

  it('asks for the bars since a minute before the start, in one request that reaches the present', () => {
    const { url, coversUntil } = krakenOhlcv.request(krakenOhlcv.url, 'BTC/USD', T, T + 86_400);
    expect(url.href).toBe(`https://api.kraken.com/0/public/OHLC?pair=XBTUSD&interval=1&since=${T - 60}`);
    expect(coversUntil).toBe(T + 86_400);
  });

  it('reads the bars under whatever key Kraken names the pair, volume after vwap', () => {
    const body = {
      error: [],
      result: {
        XXBTZUSD: [
          [T, '67244.4', '67250.0', '67240.1', '67248.0', '67245.3', '1.84210000', 52],
          [T + 60, '67248.0', '67255.5', '67246.0', '67250.1', '67251.0', '0.50000000', 11],
        ],
        last: T,
      },
    };
    expect(krakenOhlcv.parse(body)).toEqual({
      bars: [
        { time: T, open: 67244.4, high: 67250, low: 67240.1, close: 67248, volume: 1.8421 },
        { time: T + 60, open: 67248, high: 67255.5, low: 67246, close: 67250.1, volume: 0.5 },
      ],
      malformed: 0,
    });
  });

  it('tells the errors Kraken answers with (HTTP 200 all the same)', () => {
    expect(krakenOhlcv.parse({ error: ['EQuery:Unknown asset pair'] })).toEqual({ problem: 'Kraken: EQuery:Unknown asset pair' });
    expect(krakenOhlcv.parse({ error: [], result: { last: T } })).toEqual({ problem: 'no bars in the result' });
    expect(krakenOhlcv.parse([])).toEqual({ problem: 'not a JSON object' });
  });
});
