import { describe, expect, it } from 'vitest';
import type { StatementEntry, StatementSummary, StatementTrade } from './statement.ts';
import { STATEMENT_CSV_HEADER, statementCsvLines } from './statement-csv.ts';

async function* from<T>(items: T[]) {
  yield* items;
}

const summary: StatementSummary = {
  account: { id: 1, number: 'L-1', kind: 'live', currency: 'EUR' },
  month: '2026-03',
  from: new Date('2026-03-01T00:00:00Z'),
  to: new Date('2026-04-01T00:00:00Z'),
  opening: '100.00',
  totals: { deposits: '0.00', withdrawals: '-20.00', realised_pnl: '0.00', swaps: '0.00', commissions: '0.00', dividends: '0.00', fees: '0.00', purchases: '0.00', corrections: '0.00', other: '5.00' },
  closing: '85.00',
  entryCount: 2,
  tradeCount: 1,
};
const entries: StatementEntry[] = [
  { date: new Date('2026-03-02T10:00:00Z'), kind: 'withdrawal', reference: '-cmd|calc', amount: '-20.00', balance: '80.00' },
  { date: new Date('2026-03-03T10:00:00Z'), kind: 'savings_interest', reference: '@SUM(1,2)', amount: '5.00', balance: '85.00' },
];
const closed: StatementTrade[] = [
  { tradeId: 'T-9', symbol: 'EURUSD', side: 'buy', lots: '0.10', open: '1.10000', close: '1.10000', openTime: new Date('2026-03-02T09:00:00Z'), closeTime: new Date('2026-03-02T09:30:00Z'), pnl: '0.00', reason: 'manual' },
];

describe('statementCsvLines', () => {
  it('writes one header row and rows of its width, in the order opening, entries, trades, totals, closing', async () => {
    const lines: string[] = [];
    for await (const line of statementCsvLines(summary, from(entries), from(closed))) lines.push(line);
    const text = lines.join('');
    expect(lines.every((l) => l.endsWith('\r\n'))).toBe(true);
    expect(lines[0]).toBe(`${STATEMENT_CSV_HEADER.join(',')}\r\n`);
    const sections = lines.slice(1).map((l) => l.split(',')[2]);
    expect(sections).toEqual(['Opening balance', 'Entry', 'Entry', 'Closed trade', ...Array(10).fill('Total'), 'Closing balance']);
    expect(lines[1]).toBe('L-1,EUR,Opening balance,2026-03-01T00:00:00.000Z,,,,100.00,,,,,,,,\r\n');
    // Negative amounts stay numbers; text that a spreadsheet would run as a formula is defused.
    expect(lines[2]).toBe("L-1,EUR,Entry,2026-03-02T10:00:00.000Z,Withdrawal,\"'-cmd|calc\",-20.00,80.00,,,,,,,,\r\n");
    expect(lines[3]).toContain(",Savings interest,\"'@SUM(1,2)\",5.00,85.00,");
    expect(lines[4]).toBe('L-1,EUR,Closed trade,2026-03-02T09:30:00.000Z,,T-9,0.00,,EURUSD,buy,0.10,1.10000,1.10000,2026-03-02T09:00:00.000Z,2026-03-02T09:30:00.000Z,manual\r\n');
    expect(text).toContain('L-1,EUR,Total,,Other,,5.00,,');
    expect(lines.at(-1)).toBe('L-1,EUR,Closing balance,2026-04-01T00:00:00.000Z,,,,85.00,,,,,,,,\r\n');
  });
});
