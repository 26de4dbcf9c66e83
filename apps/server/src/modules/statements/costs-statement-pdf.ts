import type { CostLine, CostsStatement } from './costs-statement.ts';
import { UNTRADED } from './costs-statement.ts';
import { accountDetails, BOLD, type Column, type Doc, MUTED, money, REGULAR, row, statementDocument, statementHeader } from './statement-pdf.ts';

const classLabels: Record<string, string> = {
  forex: 'Forex',
  crypto: 'Crypto',
  stocks: 'Shares',
  indices: 'Indices',
  commodities: 'Commodities',
  metals: 'Metals',
  [UNTRADED]: 'Not tied to a trade',
};

const costColumns: Column[] = [
  { head: 'Asset class', width: 85 },
  { head: 'Notional', width: 75, right: true },
  { head: 'Spread', width: 60, right: true },
  { head: 'Commissions', width: 62, right: true },
  { head: 'Swaps', width: 55, right: true },
  { head: 'Fees', width: 50, right: true },
  { head: 'Total costs', width: 62, right: true },
  { head: '% of notional', width: 66, right: true },
];

/** How the figures are made, printed under them (and kept in step with costsStatement's comment). */
export const COSTS_METHOD = [
  'Spread: for each position opened in the year, the spread (ask minus bid, markup included) at its fill, times the units, converted to the account currency at the fill’s rate.',
  'Commissions, swaps and fees: the amounts posted to the account’s ledger in the year; a swap credited reduces the costs.',
  '% of notional: total costs ÷ the notional of the positions opened in the year (units × fill price × the fill’s rate) × 100.',
  'Effect on return: the trading result after costs is the year’s realised P&L, dividends, commissions, swaps and fees from the ledger; the result before costs adds the total costs back.',
];

const cells = (label: string, l: CostLine) => [label, money(l.notional), money(l.spread), money(l.commissions), money(l.swaps), money(l.fees), money(l.total), l.share === null ? '—' : `${l.share} %`];

/** Writes a paragraph at the left margin in the statement's small print. */
function note(doc: Doc, text: string) {
  const left = doc.page.margins.left;
  doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(text, left, doc.y, { width: doc.page.width - left - doc.page.margins.right });
  doc.moveDown(0.3);
}

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8).font(BOLD).fontSize(11).fillColor('#000000').text(text, doc.page.margins.left);
  doc.moveDown(0.3);
}

/**
 * The annual costs-and-charges statement of an account as an A4 PDF, in the fonts and layout of
 * the monthly statements: the holder and the year, the costs by asset class with their totals in
 * money and as a share of the notional traded, their effect on the year's trading result, and how
 * each figure is computed. A year without trades prints its zero totals.
 */
export function costsStatementPdf(s: CostsStatement, parties: { owner: string; address: string; broker: string }): Doc {
  const broker = parties.broker.normalize('NFC');
  const doc = statementDocument(`Costs and charges ${s.account.number} ${s.year}`, broker, `${broker} · Account ${s.account.number} · Costs and charges ${s.year}`);
  statementHeader(doc, { broker, title: 'Annual costs and charges statement', period: String(s.year) }, accountDetails(s, parties));

  heading(doc, `Costs by asset class (${s.account.currency})`);
  row(doc, costColumns, costColumns.map((c) => c.head), true);
  if (s.classes.length === 0) row(doc, [{ head: '', width: costColumns.reduce((n, c) => n + c.width, 0) }], ['No costs or charges in this year.']);
  for (const c of s.classes) row(doc, costColumns, cells(classLabels[c.category] ?? c.category, c));
  row(doc, costColumns, cells('Total', s.totals), true);
  doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(`${s.fills} positions opened in the year`, doc.page.margins.left, doc.y + 4);

  heading(doc, `Effect on return (${s.account.currency})`);
  const effect: Column[] = [{ head: 'Trading result', width: 250 }, { head: s.account.currency, width: 110, right: true }];
  row(doc, effect, effect.map((c) => c.head), true);
  row(doc, effect, ['Result before costs', money(s.result.beforeCosts)]);
  row(doc, effect, ['Costs and charges', money(s.result.effect)]);
  row(doc, effect, ['Result after costs', money(s.result.net)], true);

  heading(doc, 'How the figures are computed');
  for (const line of COSTS_METHOD) note(doc, line);
  doc.end();
  return doc;
}
