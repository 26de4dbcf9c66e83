import PDFDocument from 'pdfkit';
import { journalKindLabel, statementCategories, statementCategoryLabels } from '@bourse/contract';
import type { StatementEntry, StatementSummary, StatementTrade } from './statement.ts';
import { statementFont } from './statement-fonts.ts';

export type Column = { head: string; width: number; right?: boolean };
export type Doc = PDFKit.PDFDocument;

export const REGULAR = 'Statement';
export const BOLD = 'Statement-Bold';
const ROW = 13;
const BASELINE = 9.5;
export const MUTED = '#666666';
const RULE = '#d0d0d0';
const minute = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '');
export const money = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const ledgerColumns: Column[] = [
  { head: 'Date (UTC)', width: 80 },
  { head: 'Kind', width: 80 },
  { head: 'Reference', width: 185 },
  { head: 'Amount', width: 80, right: true },
  { head: 'Balance', width: 90, right: true },
];
const tradeColumns: Column[] = [
  { head: 'Symbol', width: 55 },
  { head: 'Side', width: 30 },
  { head: 'Lots', width: 35, right: true },
  { head: 'Open', width: 60, right: true },
  { head: 'Close', width: 60, right: true },
  { head: 'Opened (UTC)', width: 75 },
  { head: 'Closed (UTC)', width: 75 },
  { head: 'P&L', width: 65, right: true },
  { head: 'Reason', width: 60 },
];

/**
 * The text composed (NFC: "ễ" as one character, as the font has it, even when typed as "e" and
 * two accents) and cut with an ellipsis to fit the width, at the current font.
 */
function fit(doc: Doc, raw: string, width: number): string {
  const text = raw.normalize('NFC');
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Writes one row of cells; a full page starts a new one and repeats the column heads. */
export function row(doc: Doc, columns: Column[], cells: string[], bold = false) {
  const x0 = doc.page.margins.left;
  if (doc.y > doc.page.height - doc.page.margins.bottom - 2 * ROW) {
    doc.addPage();
    if (!bold) row(doc, columns, columns.map((c) => c.head), true);
  }
  const y = doc.y;
  doc.font(bold ? BOLD : REGULAR).fontSize(8).fillColor(bold ? MUTED : '#000000');
  let x = x0;
  cells.forEach((cell, i) => {
    const col = columns[i]!;
    // Placed by its baseline: Noto Sans reserves room above capitals for stacked accents, so
    // placing by the top would push descenders onto the rule.
    doc.text(fit(doc, cell, col.width - 8), x + 4, y + BASELINE, { width: col.width - 8, align: col.right ? 'right' : 'left', lineBreak: false, baseline: 'alphabetic' });
    x += col.width;
  });
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  doc.moveTo(x0, y + ROW).lineTo(x0 + width, y + ROW).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.x = x0;
  doc.y = y + ROW;
}

async function table<T>(doc: Doc, title: string, columns: Column[], items: AsyncIterable<T>, cells: (item: T) => string[]) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 4 * ROW) doc.addPage();
  doc.moveDown(0.8).font(BOLD).fontSize(11).fillColor('#000000').text(title, doc.page.margins.left);
  doc.moveDown(0.3);
  row(doc, columns, columns.map((c) => c.head), true);
  let any = false;
  for await (const item of items) {
    any = true;
    row(doc, columns, cells(item));
  }
  if (!any) row(doc, [{ head: '', width: columns.reduce((s, c) => s + c.width, 0) }], ['Nothing in this period.']);
}

/** The page's footer, drawn inside the bottom margin without moving the text cursor. */
function footer(doc: Doc, text: string, page: number) {
  const { x, y } = doc;
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
  doc.text(text, left, doc.page.height - 28, { width, lineBreak: false });
  doc.text(`Page ${page}`, left, doc.page.height - 28, { width, align: 'right', lineBreak: false });
  doc.page.margins.bottom = bottom;
  doc.x = x;
  doc.y = y;
}

/** An A4 document in the statement fonts, with `footText` and the page number at the foot of every page. */
export function statementDocument(title: string, author: string, footText: string): Doc {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: title, Author: author } });
  doc.registerFont(REGULAR, statementFont('regular')).registerFont(BOLD, statementFont('bold'));
  let page = 1;
  footer(doc, footText, page);
  doc.on('pageAdded', () => footer(doc, footText, ++page));
  return doc;
}

/** A statement's details of the account and its holder over the period [from, to), for `statementHeader`. */
export function accountDetails(
  s: { account: { number: string; kind: string; currency: string }; from: Date; to: Date },
  parties: { owner: string; address: string },
): [string, string][] {
  return [
    ['Account holder', parties.owner],
    ...(parties.address ? [['Address', parties.address] as [string, string]] : []),
    ['Account number', s.account.number],
    ['Account type', s.account.kind === 'demo' ? 'Demo' : 'Live'],
    ['Currency', s.account.currency],
    ['Period (UTC)', `${s.from.toISOString().slice(0, 10)} to ${new Date(s.to.getTime() - 1).toISOString().slice(0, 10)}`],
  ];
}

/**
 * A statement's first lines: the broker and what the document is on the left, the period on the
 * right, a rule, then the details (holder, account...) as label and value, one a line.
 */
export function statementHeader(doc: Doc, head: { broker: string; title: string; period: string }, details: [string, string][]) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc.font(BOLD).fontSize(18).fillColor('#000000').text(head.broker, left, 40);
  doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(head.title);
  doc.font(BOLD).fontSize(12).fillColor('#000000').text(head.period, left, 44, { width: right - left, align: 'right' });
  doc.moveTo(left, 80).lineTo(right, 80).lineWidth(1).strokeColor('#000000').stroke();
  doc.y = 92;
  for (const [k, v] of details) {
    const y = doc.y;
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(k, left, y, { width: 110 });
    const text = v.normalize('NFC');
    doc.font(REGULAR).fillColor('#000000').text(text, left + 110, y, { width: 250 });
    // A long address wraps onto a second line rather than being cut.
    doc.y = y + Math.max(13, doc.heightOfString(text, { width: 250 }));
  }
}

/**
 * An A4 statement streamed as it is written: the broker and the account holder (with their
 * address when they gave one), the period, a
 * summary that adds up to the closing balance, the ledger with its running balance, the closed
 * trades, and a footer with the page number on every page. Each page is flushed once the next one
 * starts, so a busy month never sits whole in memory.
 */
export function statementPdf(
  s: StatementSummary,
  parties: { owner: string; address: string; broker: string },
  entries: AsyncIterable<StatementEntry>,
  closed: AsyncIterable<StatementTrade>,
): { doc: Doc; written: Promise<void> } {
  const broker = parties.broker.normalize('NFC');
  const doc = statementDocument(`Statement ${s.account.number} ${s.month}`, broker, `${broker} · Account ${s.account.number} · Statement ${s.month}`);

  const written = (async () => {
    const left = doc.page.margins.left;
    const period = new Date(s.from).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    statementHeader(doc, { broker, title: 'Monthly account statement', period }, accountDetails(s, parties));

    const summary: Column[] = [{ head: 'Summary', width: 200 }, { head: s.account.currency, width: 110, right: true }];
    doc.moveDown(0.8);
    row(doc, summary, summary.map((c) => c.head), true);
    row(doc, summary, ['Opening balance', money(s.opening)]);
    for (const c of statementCategories) row(doc, summary, [statementCategoryLabels[c], money(s.totals[c])]);
    row(doc, summary, ['Closing balance', money(s.closing)], true);
    doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(`${s.entryCount} ledger entries · ${s.tradeCount} trades closed`, left, doc.y + 4);

    await table(doc, 'Ledger', ledgerColumns, entries, (e) => [minute(e.date), journalKindLabel(e.kind), e.reference ?? '', money(e.amount), money(e.balance)]);
    await table(doc, 'Closed trades', tradeColumns, closed, (t) => [t.symbol, t.side, t.lots, t.open ?? '', t.close ?? '', minute(t.openTime), minute(t.closeTime), money(t.pnl), t.reason ?? '']);
    doc.end();
  })();
  return { doc, written };
}
