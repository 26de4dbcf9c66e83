import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTickFile } from './tick-file.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const utc = (iso: string) => Date.parse(iso);

describe('tick file', () => {
  it('reads a Dukascopy export: Ask column before Bid, volumes, CRLF line ends', () => {
    const file = parseTickFile(fixture('eurusd-dukascopy.csv'));
    expect(file.layout).toBe('dukascopy');
    expect(file.dropped).toBe(0);
    expect(file.ticks.toArray()).toHaveLength(40);
    expect(file.ticks.toArray()[0]).toEqual({ at: utc('2024-01-02T08:00:00.123Z'), bid: 1.10411, ask: 1.10412, bidVolume: 2.25, askVolume: 1.2 });
    expect(file.ticks.toArray()[39]).toEqual({ at: utc('2024-01-02T08:00:10.509Z'), bid: 1.10396, ask: 1.10399, bidVolume: 0.9, askVolume: 1 });
    for (const t of file.ticks.toArray()) expect(t.bid).toBeLessThan(t.ask);
  });

  it('reads the Dukascopy Gmt time and Local time variants, with semicolons and decimal commas', () => {
    const gmt = parseTickFile('Gmt time;Ask;Bid;AskVolume;BidVolume\n02.01.2024 00:00:00.123;1,10412;1,10409;1,5;0,9\n');
    expect({ ...gmt, ticks: gmt.ticks.toArray() }).toEqual({
      layout: 'dukascopy',
      dropped: 0,
      ticks: [{ at: utc('2024-01-02T00:00:00.123Z'), bid: 1.10409, ask: 1.10412, bidVolume: 0.9, askVolume: 1.5 }],
    });
    const local = parseTickFile('Local time,Ask,Bid,AskVolume,BidVolume\n02.01.2024 01:00:00.500 GMT+0100,1.10412,1.10409,1.5,0.9\n');
    expect(local.ticks.toArray()[0]!.at).toBe(utc('2024-01-02T00:00:00.500Z'));
  });

  it('reads HistData ticks as EST, five hours behind UTC all year round, without volumes', () => {
    const file = parseTickFile(fixture('eurusd-histdata.csv'));
    expect(file.layout).toBe('histdata');
    expect(file.dropped).toBe(0);
    expect(file.ticks.toArray()).toHaveLength(30);
    // 17:00:00.123 EST is 22:00:00.123 UTC.
    expect(file.ticks.toArray()[0]).toEqual({ at: utc('2024-01-02T22:00:00.123Z'), bid: 1.09451, ask: 1.09455 });

    const summer = parseTickFile('20240715 230000000,1.090100,1.090130,0\n20240715 120000999,1.090000,1.090020,0\n');
    expect(summer.ticks.toArray().map((t) => t.at)).toEqual([utc('2024-07-15T17:00:00.999Z'), utc('2024-07-16T04:00:00.000Z')]);
  });

  it('reads a generic file in its header’s column order, times in ISO-8601 or ms since epoch', () => {
    const file = parseTickFile(fixture('btcusd-generic.csv'));
    expect(file.layout).toBe('generic');
    expect(file.ticks.toArray()).toHaveLength(25);
    expect(file.ticks.toArray()[0]).toEqual({ at: utc('2024-03-11T14:30:00.000Z'), bid: 71965.5, ask: 71966, bidVolume: 0.05, askVolume: 2.1 });

    const reordered = parseTickFile(
      ['ask,bid,time', '101.5,101,1710167400000', '102.5,102,2024-03-11T15:30:00.250+01:00', '103.5,103,2024-03-11 14:30:01', ''].join('\n'),
    );
    expect(reordered.ticks.toArray()).toEqual([
      { at: utc('2024-03-11T14:30:00.000Z'), bid: 101, ask: 101.5 },
      { at: utc('2024-03-11T14:30:00.250Z'), bid: 102, ask: 102.5 },
      // No zone means UTC, whatever the server's time zone.
      { at: utc('2024-03-11T14:30:01.000Z'), bid: 103, ask: 103.5 },
    ]);
  });

  it('sorts ticks by time, keeping the file’s order among ticks of the same time', () => {
    const file = parseTickFile('time,bid,ask\n3000,3,4\n1000,1,2\n2000,21,22\n1000,11,12\n2000,23,24\n');
    expect(file.ticks.toArray().map((t) => [t.at, t.bid])).toEqual([
      [1000, 1],
      [1000, 11],
      [2000, 21],
      [2000, 23],
      [3000, 3],
    ]);
  });

  it('counts unreadable lines instead of throwing, and skips blank ones', () => {
    expect(parseTickFile(fixture('btcusd-generic.csv')).dropped).toBe(3);
    const lines = [
      'time,bid,ask,bid_volume,ask_volume',
      '2024-03-11T14:30:00Z,100,101,1,1',
      '',
      '2024-03-11T14:30:01Z,abc,101,1,1', // bad number
      '2024-02-30T14:30:01Z,100,101,1,1', // no such day
      '2024-03-11T14:30:01Z,100,101', // too few columns
      '2024-03-11T14:30:01Z,100,101,1,1,1', // too many
      '2024-03-11T14:30:01Z,0,101,1,1', // zero price
      '2024-03-11T14:30:01Z,100,-101,1,1', // negative price
      '2024-03-11T14:30:01Z,NaN,101,1,1',
      '2024-03-11T14:30:01Z,100,101,-1,1', // negative volume
      '   ',
      '2024-03-11T14:30:02Z,100,101,,', // volumes may be left out
    ];
    const file = parseTickFile(lines.join('\n'));
    expect(file.dropped).toBe(8);
    expect(file.ticks.toArray()).toEqual([
      { at: utc('2024-03-11T14:30:00Z'), bid: 100, ask: 101, bidVolume: 1, askVolume: 1 },
      { at: utc('2024-03-11T14:30:02Z'), bid: 100, ask: 101 },
    ]);

    const histdata = parseTickFile('20240102 170000123,1.1,1.2,0\n20240102 250000123,1.1,1.2,0\n20240102 170000,1.1,1.2,0\n20240102 170001000,1.1,1.2\n');
    expect(histdata.ticks.toArray()).toHaveLength(1);
    expect(histdata.dropped).toBe(3);

    const dukascopy = parseTickFile('Time (UTC),Ask,Bid,AskVolume,BidVolume\n2024.13.02 00:00:00.000,1.2,1.1,1,1\n2024.01.02 00:00:00.000,1.2,1.1,1,1\n');
    expect(dukascopy.ticks.toArray()).toHaveLength(1);
    expect(dukascopy.dropped).toBe(1);
  });

  it('throws only for a file that is empty or of no known layout', () => {
    expect(() => parseTickFile('\n \n')).toThrow(/empty/);
    expect(() => parseTickFile('date,open,high,low,close\n2024-01-02,1,2,0.5,1.5\n')).toThrow(/layout/);
  });
});
