import { type Candle, priceFeedsConfig } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { catalogueRows } from '../catalogue-rows.ts';
import { CandleAggregator } from '../candle-aggregator.ts';
import { MarketState } from '../market-state.ts';
import { binanceOhlcv, coinbaseOhlcv } from './exchange-ohlcv.ts';
import { aggregateMinutes, backfillJobs, fetchMinuteBars, joinBackfilled } from './ohlcv-backfill.ts';

// 2026-11-02 10:00:00 UTC.
const T = 1_793_613_600;
const bar = (time: number, open: number, high: number, low: number, close: number, volume = 1): Candle => ({ time, open, high, low, close, volume });

/** Minutes from T on, a close each; each opens at the close before. */
function minutes(closes: number[], start = T): Candle[] {
  return closes.map((close, k) => {
    const open = k ? closes[k - 1]! : close;
    return bar(start + k * 60, open, Math.max(open, close) + 1, Math.min(open, close) - 1, close, k + 1);
  });
}

describe('aggregating 1-minute bars', () => {
  it('makes each bucket of the first minute’s open, the last one’s close, the extremes and the summed volume', () => {
    const ms = minutes([100, 103, 99, 101, 104, 102, 98, 97, 105, 106, 100]);
    expect(aggregateMinutes(ms, '1m')).toEqual(ms);
    expect(aggregateMinutes(ms, '5m')).toEqual([bar(T, 100, 105, 98, 104, 15), bar(T + 300, 104, 107, 96, 106, 40), bar(T + 600, 106, 107, 99, 100, 11)]);
    expect(aggregateMinutes(ms, '1h')).toEqual([bar(T, 100, 107, 96, 100, 66)]);
  });

  it('buckets on UTC boundaries whatever minute the stretch starts at, and skips minutes without trades', () => {
    const ms = [bar(T - 120, 10, 11, 9, 10.5), bar(T - 60, 10.5, 12, 10, 11), bar(T + 240, 11, 11.5, 8, 9)];
    expect(aggregateMinutes(ms, '15m')).toEqual([bar(T - 900, 10, 12, 9, 11, 2), bar(T, 11, 11.5, 8, 9, 1)]);
    expect(aggregateMinutes(ms, '1D')).toEqual([bar(T - 36_000, 10, 12, 8, 9, 3)]);
    expect(aggregateMinutes([], '4h')).toEqual([]);
  });
});

describe('joining a recorded bar with the backfilled one of its bucket', () => {
  // Recorded until 10:20, fetched from 10:20 to 10:40, live ticks from 10:40:30 on; hourly bars.
  const stretch = { from: T + 1200, liveFrom: T + 2430 };
  const fetched = bar(T, 50, 60, 45, 55, 10);

  it('puts the fetched part after what was recorded before the gap, the bar not in progress any more', () => {
    const recorded = bar(T - 3600, 40, 52, 38, 49, 3);
    expect(joinBackfilled(recorded, bar(T - 3600, 50, 51, 44, 48, 5), 3600, { from: T - 1800, liveFrom: T + 600 }, null)).toEqual(bar(T - 3600, 40, 52, 38, 48, 8));
  });

  it('puts it between the recorded part and the live ticks of the bucket in progress', () => {
    const atStart = bar(T, 40, 52, 38, 49, 3);
    // Live ticks came since: the close is theirs, the open the recorded one.
    expect(joinBackfilled(bar(T, 40, 70, 38, 66, 9), fetched, 3600, stretch, atStart)).toEqual(bar(T, 40, 70, 38, 66, 19));
    // None yet: the close is the fetched one.
    expect(joinBackfilled(atStart, fetched, 3600, stretch, atStart)).toEqual(bar(T, 40, 60, 38, 55, 13));
  });

  it('puts it before the live ticks of a bucket that had nothing recorded', () => {
    expect(joinBackfilled(bar(T, 58, 59, 57, 57.5, 4), fetched, 3600, stretch, null)).toEqual(bar(T, 50, 60, 45, 57.5, 14));
    // The bar in progress when the sources started was of an older bucket.
    expect(joinBackfilled(bar(T, 58, 59, 57, 57.5, 4), fetched, 3600, stretch, bar(T - 3600, 1, 1, 1, 1))).toEqual(bar(T, 50, 60, 45, 57.5, 14));
  });

  it('never overwrites a recorded bar lying wholly inside the fetched stretch', () => {
    expect(joinBackfilled(bar(T + 1200, 1, 2, 0.5, 1.5), bar(T + 1200, 50, 60, 45, 55), 60, stretch, null)).toBeNull();
  });
});

describe('the aggregator taking in backfilled bars', () => {
  it('replaces the bar in progress or a finished one not saved yet, starts a newer one, leaves older ones to the caller', () => {
    const agg = new CandleAggregator([7]);
    agg.add(0, 100, 1, T * 1000 + 5000);
    agg.add(0, 101, 1, (T + 60) * 1000 + 5000);
    expect(agg.held(0, '1m', T)).toEqual(bar(T, 100, 100, 100, 100, 1));
    expect(agg.held(0, '1m', T + 60)).toEqual(bar(T + 60, 101, 101, 101, 101, 1));
    expect(agg.held(0, '1m', T - 60)).toBeNull();
    expect(agg.put(0, { ...bar(T, 99, 102, 98, 100, 5), tf: '1m' })).toBe(true);
    expect(agg.put(0, { ...bar(T + 60, 100, 103, 99, 101, 6), tf: '1m' })).toBe(true);
    expect(agg.put(0, { ...bar(T - 60, 1, 1, 1, 1), tf: '1m' })).toBe(false);
    expect(agg.current(0, '1m')).toMatchObject(bar(T + 60, 100, 103, 99, 101, 6));
    // A newer bucket becomes the bar in progress; the one before is finished.
    expect(agg.put(0, { ...bar(T + 120, 101, 104, 100, 102, 2), tf: '1m' })).toBe(true);
    agg.add(0, 105, 1, (T + 120) * 1000 + 30_000);
    const saved = agg.drain(true).filter((r) => r.tf === '1m');
    expect(saved).toEqual([
      { ...bar(T, 99, 102, 98, 100, 5), tf: '1m', assetId: 7 },
      { ...bar(T + 60, 100, 103, 99, 101, 6), tf: '1m', assetId: 7 },
      { ...bar(T + 120, 101, 105, 100, 105, 3), tf: '1m', assetId: 7 },
    ]);
  });
});

/** A fetch answering from `answer(url)`, keeping the addresses asked for. */
function fakeFetch(answer: (url: URL) => { status?: number; body: unknown } | Error) {
  const asked: URL[] = [];
  const fn = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    asked.push(url);
    const a = answer(url);
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, asked };
}

describe('fetching an exchange’s 1-minute bars', () => {
  const coinbaseBars = (url: URL) => {
    const start = Date.parse(url.searchParams.get('start')!) / 1000;
    const end = Date.parse(url.searchParams.get('end')!) / 1000;
    const out = [];
    // Newest first, one before the start as Coinbase may, and the 10:07 minute without trades.
    for (let t = end; t >= start - 60; t -= 60) if (t !== T + 420) out.push([t, 1, 3, 2, 2.5, 1]);
    return { body: out };
  };

  it('pages through a range longer than a page, keeping only the bars asked for', async () => {
    const { fn, asked } = fakeFetch(coinbaseBars);
    const got = await fetchMinuteBars(coinbaseOhlcv, 'http://replay', 'BTC-USD', T, T + 700 * 60, { fetch: fn });
    expect(got.problem).toBeUndefined();
    expect(got.requests).toBe(3);
    expect(asked.map((u) => u.searchParams.get('start'))).toEqual(['2026-11-02T10:00:00.000Z', '2026-11-02T15:00:00.000Z', '2026-11-02T20:00:00.000Z']);
    expect(got.bars).toHaveLength(699);
    expect(got.bars[0]!.time).toBe(T);
    expect(got.bars.at(-1)!.time).toBe(T + 699 * 60);
    expect(got.bars.every((b, k) => k === 0 || b.time > got.bars[k - 1]!.time)).toBe(true);
  });

  it('leaves no gap between pages should the exchange leave out the bar at `end`', async () => {
    const { fn } = fakeFetch((url) => {
      const { body } = coinbaseBars(url);
      return { body: body.filter(([t]) => t! < Date.parse(url.searchParams.get('end')!) / 1000) };
    });
    const got = await fetchMinuteBars(coinbaseOhlcv, 'http://replay', 'BTC-USD', T, T + 700 * 60, { fetch: fn });
    expect(got.requests).toBe(3);
    expect(got.bars).toHaveLength(699);
    expect(got.bars.filter((b, k) => k > 0 && b.time - got.bars[k - 1]!.time !== 60).map((b) => b.time)).toEqual([T + 480]);
  });

  it('moves on from the last bar a page brought (Binance)', async () => {
    const { fn, asked } = fakeFetch((url) => {
      const start = Number(url.searchParams.get('startTime')) / 1000;
      const end = Number(url.searchParams.get('endTime')) / 1000;
      const out = [];
      for (let t = start; t <= end && out.length < 1000; t += 60) out.push([t * 1000, '1', '2', '0.5', '1.5', '3']);
      return { body: out };
    });
    const got = await fetchMinuteBars(binanceOhlcv, 'http://replay', 'BTCUSDT', T, T + 1440 * 60, { fetch: fn });
    expect(asked.map((u) => Number(u.searchParams.get('startTime')) / 1000)).toEqual([T, T + 1000 * 60]);
    expect(got.bars).toHaveLength(1440);
  });

  it('keeps what came before a failed request and tells the failure', async () => {
    let calls = 0;
    const { fn } = fakeFetch((url) => (++calls === 2 ? { status: 429, body: { message: 'Too many requests' } } : coinbaseBars(url)));
    const got = await fetchMinuteBars(coinbaseOhlcv, 'http://replay', 'BTC-USD', T, T + 700 * 60, { fetch: fn });
    expect(got.bars).toHaveLength(299);
    expect(got.problem).toBe('http://replay/products/BTC-USD/candles: HTTP 429, Coinbase: Too many requests');
    const down = await fetchMinuteBars(coinbaseOhlcv, 'http://replay', 'BTC-USD', T, T + 60, { fetch: fakeFetch(() => new TypeError('fetch failed')).fn });
    expect(down).toEqual({ bars: [], requests: 1, problem: 'http://replay/products/BTC-USD/candles: fetch failed' });
  });

  it('gives up on a request that takes longer than the timeout', async () => {
    const hang = ((_url: URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch;
    const got = await fetchMinuteBars(binanceOhlcv, 'http://replay', 'BTCUSDT', T, T + 60, { fetch: hang, timeoutMs: 50 });
    expect(got.bars).toEqual([]);
    expect(got.problem).toMatch(/timeout|aborted/i);
  });
});

describe('which instruments are filled in', () => {
  it('those whose primary source is an exchange with backfill_hours above 0, from its REST base', () => {
    const state = new MarketState(catalogueRows(['BTCUSD', 'ETHUSD', 'SOLUSD', 'EURUSD'], new Date(T * 1000)), T * 1000);
    const config = priceFeedsConfig.parse({
      sources: [
        { name: 'binance', kind: 'exchange', exchange: 'binance' },
        { name: 'kraken', kind: 'exchange', exchange: 'kraken', rest_url: 'http://127.0.0.1:4100', backfill_hours: 6 },
        { name: 'coinbase', kind: 'exchange', exchange: 'coinbase', backfill_hours: 0 },
        { name: 'ticks', kind: 'replay', file: 'eurusd.csv', symbol: 'EURUSD' },
      ],
      instruments: {
        BTCUSD: { sources: [{ source: 'binance', symbol: 'BTCUSDT' }, { source: 'kraken', symbol: 'BTC/USD' }] },
        SOLUSD: { sources: [{ source: 'kraken', symbol: 'SOL/USD' }] },
        ETHUSD: { sources: [{ source: 'coinbase', symbol: 'ETH-USD' }] },
        EURUSD: { sources: [{ source: 'ticks', symbol: 'EURUSD' }, { source: 'binance', symbol: 'EURUSDT' }] },
        NOSUCH: { sources: [{ source: 'binance', symbol: 'NOSUCHUSDT' }] },
      },
    });
    expect(backfillJobs(config, state)).toEqual([
      { index: state.find('BTCUSD')!.index, symbol: 'BTCUSD', source: 'binance', exchange: 'binance', exchangeSymbol: 'BTCUSDT', base: 'https://api.binance.com', hours: 24 },
      { index: state.find('SOLUSD')!.index, symbol: 'SOLUSD', source: 'kraken', exchange: 'kraken', exchangeSymbol: 'SOL/USD', base: 'http://127.0.0.1:4100', hours: 6 },
    ]);
  });
});
