import type { ExchangeSourceConfig } from '@bourse/contract';
import type { RawQuote } from './feed-types.ts';

export type ExchangeName = ExchangeSourceConfig['exchange'];

/** What one frame from an exchange amounts to. */
export type ParsedFrame = {
  quotes: readonly RawQuote[];
  /** Why the frame, or part of it, could not be read; the feed counts and drops it. */
  malformed?: string;
  /** The exchange refused something (a subscription, a request); worth showing, not a broken frame. */
  error?: string;
};

/** One exchange's public market-data protocol, as far as best bid and ask go. */
export type ExchangeAdapter = {
  /** The exchange's public WebSocket address. */
  readonly url: string;
  /** Where to connect for these symbols, from the public or configured address (Binance subscribes in the address). */
  address(base: string, symbols: readonly string[]): string;
  /** Messages to send once the connection is open. */
  subscribe(symbols: readonly string[]): string[];
  /** One decoded JSON frame; `receivedAt` stands in for the exchange's time when the frame has none. Never throws. */
  parse(frame: unknown, receivedAt: number): ParsedFrame;
};

/** Heartbeats, acknowledgements and other frames that carry nothing to act on. */
export const NOTHING: ParsedFrame = Object.freeze({ quotes: Object.freeze([]) });

export const malformed = (reason: string): ParsedFrame => ({ quotes: [], malformed: reason });

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DECIMAL = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A price or size as exchanges send it: a decimal string (Binance, Coinbase) or a JSON number (Kraken). */
export function decimal(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && DECIMAL.test(value)) return Number(value);
  return undefined;
}

/** An RFC 3339 time in ms since the epoch, or undefined when there is none to read. */
export function isoTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

type QuoteFields = { symbol: unknown; bid: unknown; ask: unknown; bidSize?: unknown; askSize?: unknown };

/**
 * A quote from an exchange's fields, or the name of the first field that is missing or not a
 * number. Sizes may be absent, but one that is present must be a number.
 */
export function quoteOf(fields: QuoteFields, names: Record<keyof QuoteFields, string>, at: number): RawQuote | string {
  const { symbol } = fields;
  if (typeof symbol !== 'string' || !symbol) return `${names.symbol} missing`;
  const bid = decimal(fields.bid);
  if (bid === undefined) return `${names.bid} missing or not a number`;
  const ask = decimal(fields.ask);
  if (ask === undefined) return `${names.ask} missing or not a number`;
  const bidSize = decimal(fields.bidSize);
  if (fields.bidSize !== undefined && bidSize === undefined) return `${names.bidSize} not a number`;
  const askSize = decimal(fields.askSize);
  if (fields.askSize !== undefined && askSize === undefined) return `${names.askSize} not a number`;
  return { symbol, bid, ask, bidSize, askSize, at };
}
