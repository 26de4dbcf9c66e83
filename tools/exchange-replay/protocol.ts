import type { MinuteBar } from './bars.ts';

/** One recorded frame of a fixture, exactly as the exchange sent it, and the symbol it is about. */
export type Fixture = { symbol: string; frame: Record<string, unknown> };

/** What a client's message comes to: frames to send back, symbols it subscribed, whether it asked for heartbeats. */
export type Answer = { replies: unknown[]; subscribed: string[]; heartbeats?: boolean };

/** An answer of the exchange's REST API: HTTP status and JSON body. */
export type RestAnswer = { status: number; body: unknown };

/** What the REST API serves from: the fixture's symbols (as its frames name them) and made-up 1-minute bars of each, null for a symbol it lacks. */
export type RestMarket = { symbols: readonly string[]; bars(symbol: string, fromSec: number, toSec: number): MinuteBar[] | null };

/** How one exchange's public stream talks, as far as the replay server plays it. */
export type ReplayProtocol = {
  /** Whether a connection to this path is taken, and the symbols its address subscribes (Binance); null refuses it. */
  accept(url: URL): { symbols: string[] } | null;
  /** Sent to a new connection before anything else. */
  greeting(now: Date): unknown[];
  /** Answers one message from a client; `known` tells the symbols the fixture has. */
  answer(message: unknown, known: (symbol: string) => boolean, now: Date): Answer;
  /** The symbol a recorded frame is about. */
  symbolOf(frame: Record<string, unknown>): string | undefined;
  /** A recorded frame as the exchange would send it now; `initial` for the one sent on subscribing. */
  live(frame: Record<string, unknown>, now: Date, initial: boolean): unknown;
  /** Whether the exchange sends each symbol's latest frame as soon as it is subscribed. */
  initialFrames: boolean;
  /** Sent once a second to a connection that asked for heartbeats. */
  heartbeat(symbols: readonly string[], now: Date): unknown[];
  /** Period of the WebSocket pings the exchange sends, 0 for none. */
  pingMs: number;
  /** A frame of the kind the symbol's quotes come in, with its bid missing. */
  broken(symbol: string): unknown;
  /** The price a recorded frame quotes (its mid), which the made-up history stays near. */
  midOf(frame: Record<string, unknown>): number | undefined;
  /** Answers a GET of the exchange's public REST API for 1-minute candles; null for a path it does not serve. */
  ohlcv(url: URL, market: RestMarket, now: Date): RestAnswer | null;
};

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The mid of a bid and an ask as exchanges send them (decimal strings or numbers), undefined when either is not a number. */
export function midOf(bid: unknown, ask: unknown): number | undefined {
  const mid = (Number(bid) + Number(ask)) / 2;
  return (typeof bid === 'string' || typeof bid === 'number') && (typeof ask === 'string' || typeof ask === 'number') && Number.isFinite(mid) ? mid : undefined;
}

/** A number from a query parameter, or `fallback` when it is absent; NaN when it is not a number. */
export function numberParam(url: URL, name: string, fallback: number): number {
  const value = url.searchParams.get(name);
  return value === null || value === '' ? fallback : Number(value);
}
