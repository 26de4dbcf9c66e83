import { journalKindLabel, statementCategories, statementCategoryLabels } from '@bourse/contract';
import { csvText } from '../../lib/csv.ts';
import type { StatementEntry, StatementSummary, StatementTrade } from './statement.ts';

export const STATEMENT_CSV_HEADER = [
  'Account', 'Currency', 'Section', 'Date', 'Kind', 'Reference', 'Amount', 'Balance',
  'Symbol', 'Side', 'Lots', 'Open price', 'Close price', 'Open time', 'Close time', 'Close reason',
] as const;

type Cell = string | null;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The statement as one table (RFC 4180, one header row, every row the same width): the opening
 * balance, each ledger entry with its running balance, each closed trade, the totals by group and
 * the closing balance, told apart by the Section column. Written a line at a time.
 */
export async function* statementCsvLines(s: StatementSummary, entries: AsyncIterable<StatementEntry>, closed: AsyncIterable<StatementTrade>): AsyncGenerator<string> {
  const row = (section: string, cells: Partial<Record<(typeof STATEMENT_CSV_HEADER)[number], Cell>>) =>
    csvText([STATEMENT_CSV_HEADER.map((h) => (h === 'Account' ? s.account.number : h === 'Currency' ? s.account.currency : h === 'Section' ? section : (cells[h] ?? null)))]);
  yield csvText([[...STATEMENT_CSV_HEADER]]);
  yield row('Opening balance', { Date: iso(s.from), Balance: s.opening });
  for await (const e of entries) {
    yield row('Entry', { Date: iso(e.date), Kind: journalKindLabel(e.kind), Reference: e.reference, Amount: e.amount, Balance: e.balance });
  }
  for await (const t of closed) {
    yield row('Closed trade', {
      Date: iso(t.closeTime),
      Reference: t.tradeId,
      Amount: t.pnl,
      Symbol: t.symbol,
      Side: t.side,
      Lots: t.lots,
      'Open price': t.open,
      'Close price': t.close,
      'Open time': iso(t.openTime),
      'Close time': iso(t.closeTime),
      'Close reason': t.reason,
    });
  }
  for (const c of statementCategories) yield row('Total', { Kind: statementCategoryLabels[c], Amount: s.totals[c] });
  yield row('Closing balance', { Date: iso(s.to), Balance: s.closing });
}
