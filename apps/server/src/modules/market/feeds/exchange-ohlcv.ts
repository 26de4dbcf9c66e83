import type { Candle } from '@bourse/contract';
import { decimal, type ExchangeName, isRecord } from './exchange-adapter.ts';

/** What one answer of an exchange's candles endpoint amounts to: 1-minute bars, oldest first. */
export type OhlcvPage = { bars: Candle[]; malformed: number } | { problem: string };

/**
 * One exchange's public REST endpoint for 1-minute OHLCV bars (no key needed). A request asks for
 * the bars from `fromSec` and covers at most `pageBars` minutes, up to `toSec` (exclusive, unix
 * seconds); `coversUntil` tells where the next page starts.
 */
export type OhlcvApi = {
  /** The exchange's public REST base. */
  readonly url: string;
  /** The most bars one request brings. */
  readonly pageBars: number;
  request(base: string, symbol: string, fromSec: number, toSec: number): { url: URL; coversUntil: number };
  /** A decoded JSON answer (an error answer included). Never throws. */
  parse(body: unknown): OhlcvPage;
};

const MINUTE = 60;

/** `path` under the base address, keeping any path the base has (a proxy's prefix). */
function endpoint(base: string, path: string): URL {
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}

/** A bar from its fields, or undefined when one is missing, not a number, or the bar does not hold together. */
function barOf(time: unknown, open: unknown, high: unknown, low: unknown, close: unknown, volume: unknown): Candle | undefined {
  const bar = { time: typeof time === 'number' ? time : Number.NaN, open: decimal(open), high: decimal(high), low: decimal(low), close: decimal(close), volume: decimal(volume) };
  if (!Number.isInteger(bar.time) || bar.time % MINUTE !== 0) return undefined;
  if (bar.open === undefined || bar.high === undefined || bar.low === undefined || bar.close === undefined || bar.volume === undefined) return undefined;
  if (!(bar.low > 0 && bar.low <= Math.min(bar.open, bar.close) && bar.high >= Math.max(bar.open, bar.close) && bar.volume >= 0)) return undefined;
  return bar as Candle;
}

/** Bars from rows read one by one: oldest first, rows that do not make a bar counted. */
function pageOf(rows: unknown[], read: (row: unknown[]) => Candle | undefined): OhlcvPage {
  const bars: Candle[] = [];
  let malformed = 0;
  for (const row of rows) {
    const bar = Array.isArray(row) ? read(row) : undefined;
    if (bar) bars.push(bar);
    else malformed++;
  }
  return { bars: bars.sort((a, b) => a.time - b.time), malformed };
}

/**
 * Binance spot `GET /api/v3/klines`: up to 1000 bars from `startTime` to `endTime` (ms, both
 * inclusive, on the bar's open time), oldest first, each `[openTime(ms), "open", "high", "low",
 * "close", "volume", closeTime, …]`. Errors come as `{"code":-1121,"msg":"Invalid symbol."}`.
 */
export const binanceOhlcv: OhlcvApi = {
  url: 'https://api.binance.com',
  pageBars: 1000,

  request(base, symbol, fromSec, toSec) {
    const coversUntil = Math.min(toSec, fromSec + this.pageBars * MINUTE);
    const url = endpoint(base, 'api/v3/klines');
    url.search = new URLSearchParams({ symbol, interval: '1m', startTime: String(fromSec * 1000), endTime: String(coversUntil * 1000 - 1), limit: String(this.pageBars) }).toString();
    return { url, coversUntil };
  },

  parse(body) {
    if (isRecord(body)) return { problem: `Binance error ${String(body.code)}: ${String(body.msg)}` };
    if (!Array.isArray(body)) return { problem: 'not a list of klines' };
    return pageOf(body, ([openTime, open, high, low, close, volume]) => barOf(typeof openTime === 'number' ? openTime / 1000 : openTime, open, high, low, close, volume));
  },
};

/**
 * Coinbase Exchange `GET /products/{id}/candles?granularity=60&start=&end=` (ISO 8601): at most
 * 300 bars a request (a larger range is refused), newest first, each `[time(s), low, high, open,
 * close, volume]` in JSON numbers; minutes without trades have no bar. Errors come as `{"message":…}`.
 */
export const coinbaseOhlcv: OhlcvApi = {
  url: 'https://api.exchange.coinbase.com',
  pageBars: 300,

  request(base, symbol, fromSec, toSec) {
    // At most `pageBars` bar starts from `start` to `end` whether `end` counts in or not; the next
    // page starts at `end` again (unless the bar there came), so neither reading leaves a gap.
    const end = Math.min(toSec, fromSec + (this.pageBars - 1) * MINUTE);
    const url = endpoint(base, `products/${encodeURIComponent(symbol)}/candles`);
    const iso = (sec: number) => new Date(sec * 1000).toISOString();
    url.search = new URLSearchParams({ granularity: '60', start: iso(fromSec), end: iso(end) }).toString();
    return { url, coversUntil: end };
  },

  parse(body) {
    if (isRecord(body)) return { problem: `Coinbase: ${String(body.message ?? 'unexpected answer')}` };
    if (!Array.isArray(body)) return { problem: 'not a list of candles' };
    return pageOf(body, ([time, low, high, open, close, volume]) => barOf(time, open, high, low, close, volume));
  },
};

/**
 * Kraken spot's REST API calls Bitcoin XBT and Dogecoin XDG where its WebSocket v2 says BTC and
 * DOGE, and writes pairs without the slash: `BTC/USD` is `XBTUSD` there (its `altname`).
 */
export function krakenRestPair(symbol: string): string {
  const rename: Record<string, string> = { BTC: 'XBT', DOGE: 'XDG' };
  return symbol
    .split('/')
    .map((asset) => rename[asset.toUpperCase()] ?? asset.toUpperCase())
    .join('');
}

/**
 * Kraken spot `GET /0/public/OHLC?pair=&interval=1&since=`: the bars after `since` (seconds), but
 * only the latest 720 can be had (12 hours of minutes), the last of them still in progress.
 * `{"error":[],"result":{"XXBTZUSD":[[time(s), "open", "high", "low", "close", "vwap", "volume",
 * count], …],"last":…}}`: the result is keyed by Kraken's own name for the pair, which need not be
 * the one asked for. One request reaches the present, so there is never a second page.
 */
export const krakenOhlcv: OhlcvApi = {
  url: 'https://api.kraken.com',
  pageBars: 720,

  request(base, symbol, fromSec, toSec) {
    const url = endpoint(base, '0/public/OHLC');
    // `since` is exclusive: one minute earlier brings the bar that starts at `fromSec`.
    url.search = new URLSearchParams({ pair: krakenRestPair(symbol), interval: '1', since: String(fromSec - MINUTE) }).toString();
    return { url, coversUntil: toSec };
  },

  parse(body) {
    if (!isRecord(body)) return { problem: 'not a JSON object' };
    if (Array.isArray(body.error) && body.error.length) return { problem: `Kraken: ${body.error.map(String).join('; ')}` };
    if (!isRecord(body.result)) return { problem: 'no result' };
    const rows = Object.entries(body.result).find(([key, value]) => key !== 'last' && Array.isArray(value))?.[1];
    if (!Array.isArray(rows)) return { problem: 'no bars in the result' };
    return pageOf(rows, ([time, open, high, low, close, , volume]) => barOf(time, open, high, low, close, volume));
  },
};

export const OHLCV: Record<ExchangeName, OhlcvApi> = { binance: binanceOhlcv, coinbase: coinbaseOhlcv, kraken: krakenOhlcv };
