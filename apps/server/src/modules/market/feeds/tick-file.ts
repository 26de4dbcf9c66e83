/**
 * Recorded tick files for the replay feed: CSV in one of three layouts, recognised by the first
 * line.
 *
 * - generic: header `time,bid,ask[,bid_volume,ask_volume]` in any order; time is ISO-8601 or ms
 *   since epoch.
 * - dukascopy: header `Time (UTC),Ask,Bid,AskVolume,BidVolume` (times `2024.01.02 00:00:00.123`) or
 *   `Gmt time,…` / `Local time,…` (times `02.01.2024 00:00:00.123`, Local time with a trailing
 *   ` GMT+0100`).
 * - histdata: HistData.com ASCII ticks, no header: `20240102 170000123,1.104490,1.104520,0`.
 *
 * Fields are separated by `,` or `;` (with `;`, a decimal comma is accepted too).
 */

import { TickSeries } from './tick-series.ts';

export type Tick = { at: number; bid: number; ask: number; bidVolume?: number; askVolume?: number };

export type TickFileLayout = 'generic' | 'dukascopy' | 'histdata';

export type TickFile = {
  /** Sorted by time; ticks with the same time keep the file's order. */
  ticks: TickSeries;
  layout: TickFileLayout;
  /** Lines that could not be read (bad number or date, wrong column count, price not above 0). */
  dropped: number;
};

type Columns = { count: number; time: number; bid: number; ask: number; bidVolume: number; askVolume: number };

type LineReader = (fields: string[]) => Tick | null;

const HISTDATA_LINE = /^\d{8} \d{9}[,;]/;
const HISTDATA_TIME = /^(\d{4})(\d{2})(\d{2}) (\d{2})(\d{2})(\d{2})(\d{3})$/;
/** HistData stamps its files in EST all year round (no daylight saving). */
const HISTDATA_UTC_OFFSET_MS = 5 * 3_600_000;

const DUKASCOPY_TIME_YMD = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;
const DUKASCOPY_TIME_DMY = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(?: GMT([+-])(\d{2})(\d{2}))?$/;
const DUKASCOPY_TIME_COLUMNS = ['timeutc', 'gmttime', 'localtime'];

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const EPOCH_MS = /^\d+(?:\.\d+)?$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Reads a tick file's text. Lines that cannot be read are counted in `dropped`; only a file whose
 * first line is no known layout throws. Works line by line over the text, so a file of a few
 * hundred MB is not copied into an array of lines.
 */
export function parseTickFile(text: string): TickFile {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let first: string | null = null;
  while (pos < text.length && first === null) {
    const [line, next] = lineAt(text, pos);
    pos = next;
    if (line.trim()) first = line.trim();
  }
  if (first === null) throw new Error('the tick file is empty');

  let layout: TickFileLayout;
  let separator: string;
  let read: LineReader;
  let count: number;
  const ticks = new TickSeries();
  let dropped = 0;
  let sorted = true;
  const add = (tick: Tick | null) => {
    if (!tick) return void dropped++;
    if (ticks.length && tick.at < ticks.at[ticks.length - 1]!) sorted = false;
    ticks.push(tick);
  };

  if (HISTDATA_LINE.test(first)) {
    layout = 'histdata';
    separator = first.charAt(18);
    count = 4;
    read = (f) => histdataTick(f, separator);
  } else {
    separator = first.includes(';') ? ';' : ',';
    const columns = headerColumns(first.split(separator));
    if (!columns) throw new Error(`not a known tick file layout (first line: ${first.slice(0, 80)})`);
    layout = columns.layout;
    count = columns.count;
    const time = layout === 'dukascopy' ? dukascopyTime : genericTime;
    read = (f) => headedTick(f, columns, time, separator);
  }

  const readLine = (line: string) => {
    const fields = line.split(separator);
    add(fields.length === count ? read(fields) : null);
  };
  if (layout === 'histdata') readLine(first);
  while (pos < text.length) {
    const [line, next] = lineAt(text, pos);
    pos = next;
    if (line.trim()) readLine(line.trim());
  }
  if (!sorted) ticks.sortByTime();
  ticks.trim();
  return { ticks, layout, dropped };
}

/** The line starting at `pos` (without its line break) and where the next one starts. */
function lineAt(text: string, pos: number): [string, number] {
  const end = text.indexOf('\n', pos);
  const stop = end === -1 ? text.length : end;
  const line = text.charCodeAt(stop - 1) === 13 ? text.slice(pos, stop - 1) : text.slice(pos, stop);
  return [line, stop + 1];
}

function headerColumns(names: string[]): (Columns & { layout: TickFileLayout }) | null {
  // `Time (UTC)`, `AskVolume` and `bid_volume` all reduce to plain lower-case words.
  const keys = names.map((n) => n.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const dukascopyTime = keys.findIndex((k) => DUKASCOPY_TIME_COLUMNS.includes(k));
  const time = dukascopyTime === -1 ? keys.indexOf('time') : dukascopyTime;
  const bid = keys.indexOf('bid');
  const ask = keys.indexOf('ask');
  if (time === -1 || bid === -1 || ask === -1) return null;
  return {
    layout: dukascopyTime === -1 ? 'generic' : 'dukascopy',
    count: keys.length,
    time,
    bid,
    ask,
    bidVolume: keys.indexOf('bidvolume'),
    askVolume: keys.indexOf('askvolume'),
  };
}

function headedTick(fields: string[], columns: Columns, time: (s: string) => number, separator: string): Tick | null {
  const at = time(fields[columns.time]!.trim());
  const bid = price(fields[columns.bid]!, separator);
  const ask = price(fields[columns.ask]!, separator);
  if (Number.isNaN(at) || Number.isNaN(bid) || Number.isNaN(ask)) return null;
  const tick: Tick = { at, bid, ask };
  if (columns.bidVolume !== -1) {
    const v = volume(fields[columns.bidVolume]!, separator);
    if (Number.isNaN(v)) return null;
    if (v !== undefined) tick.bidVolume = v;
  }
  if (columns.askVolume !== -1) {
    const v = volume(fields[columns.askVolume]!, separator);
    if (Number.isNaN(v)) return null;
    if (v !== undefined) tick.askVolume = v;
  }
  return tick;
}

/** HistData's volume column is always 0 in tick files, so it carries nothing worth keeping. */
function histdataTick(fields: string[], separator: string): Tick | null {
  const m = HISTDATA_TIME.exec(fields[0]!.trim());
  if (!m) return null;
  const at = utc(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!) + HISTDATA_UTC_OFFSET_MS;
  const bid = price(fields[1]!, separator);
  const ask = price(fields[2]!, separator);
  if (Number.isNaN(at) || Number.isNaN(bid) || Number.isNaN(ask) || Number.isNaN(volume(fields[3]!, separator))) return null;
  return { at, bid, ask };
}

function dukascopyTime(s: string): number {
  const ymd = DUKASCOPY_TIME_YMD.exec(s);
  if (ymd) return utc(+ymd[1]!, +ymd[2]!, +ymd[3]!, +ymd[4]!, +ymd[5]!, +ymd[6]!, millis(ymd[7]));
  const dmy = DUKASCOPY_TIME_DMY.exec(s);
  if (!dmy) return Number.NaN;
  const at = utc(+dmy[3]!, +dmy[2]!, +dmy[1]!, +dmy[4]!, +dmy[5]!, +dmy[6]!, millis(dmy[7]));
  const offset = dmy[8] ? (dmy[8] === '-' ? -1 : 1) * (+dmy[9]! * 60 + +dmy[10]!) * 60_000 : 0;
  return at - offset;
}

/** A time without a zone is read as UTC: reading it as local time would tie the replay to the server's time zone. */
function genericTime(s: string): number {
  if (EPOCH_MS.test(s)) return Number(s);
  const m = ISO_TIME.exec(s);
  if (!m) return Number.NaN;
  const at = utc(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), millis(m[7]));
  const zone = m[8];
  if (!zone || zone.toUpperCase() === 'Z') return at;
  const digits = zone.replace(':', '');
  const minutes = +digits.slice(1, 3) * 60 + +(digits.slice(3, 5) || 0);
  return at - (zone[0] === '-' ? -1 : 1) * minutes * 60_000;
}

/** Milliseconds from a fraction of a second's digits; finer digits are cut, as Date.parse does. */
function millis(fraction: string | undefined): number {
  return fraction ? +fraction.slice(0, 3).padEnd(3, '0') : 0;
}

/** ms since epoch, or NaN for a date or time that does not exist. */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  const at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 31 February over into March instead of refusing it.
  return new Date(at).getUTCDate() === day ? at : Number.NaN;
}

function decimal(field: string, separator: string): number {
  const s = (separator === ';' ? field.replace(',', '.') : field).trim();
  return DECIMAL.test(s) ? Number(s) : Number.NaN;
}

function price(field: string, separator: string): number {
  const n = decimal(field, separator);
  return n > 0 && Number.isFinite(n) ? n : Number.NaN;
}

/** undefined for an empty field, NaN for one that is not a volume. */
function volume(field: string, separator: string): number | undefined {
  if (!field.trim()) return undefined;
  const n = decimal(field, separator);
  return n >= 0 && Number.isFinite(n) ? n : Number.NaN;
}
