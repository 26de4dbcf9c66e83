import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, tradingAccounts, users } from '../src/db/schema/index.ts';
import { postEntry } from '../src/modules/accounts/ledger.repository.ts';
import { STATEMENT_BATCH } from '../src/modules/statements/statement.ts';
import { STATEMENT_CSV_HEADER } from '../src/modules/statements/statement-csv.ts';
import { parseCsv, pdfPageCount, pdfTexts } from './helpers/documents.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { verifyIdentity } from './helpers/verified.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { openTrade, type TestMarket, tick, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

const DAY = 86_400_000;
const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const thisMonthStart = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
};
const thisMonth = () => monthOf(new Date());
const lastMonth = () => monthOf(new Date(thisMonthStart().getTime() - DAY));
const nextMonth = () => monthOf(new Date(thisMonthStart().getTime() + 32 * DAY));
const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Stella Statement' };
const FORMULA = '=HYPERLINK("http://evil.example","x")';

const get = (user: TestUser | null, path: string) => server.call('GET', path, user ? { token: user.token } : {});
const ledgerOf = (accountId: number) => server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, accountId)).orderBy(journalEntries.id);
const balanceOf = async (accountId: number) => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)))[0]!.balance;
const cents = (v: string | number) => Math.round(Number(v) * 100);

/**
 * A customer whose live account was funded last month and had a month of activity now: a card
 * deposit, a losing and a winning trade closed at the manual market's prices, a purchase, a fee,
 * a transfer out and a correction from the back office.
 */
async function activeCustomer(): Promise<{ user: TestUser; live: number; number: string }> {
  const user = await createTestUser(server, { firstName: 'Stella' });
  await verifyIdentity(server, user, admin.token);
  const [, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
  const id = live!.id;
  expect((await server.call('POST', '/deposits/card', { token: user.token, body: { account_id: id, amount: 5000, card } })).status).toBe(201);
  // That first deposit lands in the previous month, so this month opens on its balance.
  await server.ctx.db.update(journalEntries).set({ createdAt: new Date(thisMonthStart().getTime() - DAY / 2) }).where(eq(journalEntries.accountId, id));
  expect((await server.call('POST', '/deposits/card', { token: user.token, body: { account_id: id, amount: 1000, card } })).status).toBe(201);
  const eurusd = market.instruments.eurusd.id;
  const loser = await openTrade(server, market, user, { account_id: id, volume: 0.5 });
  const winner = await openTrade(server, market, user, { account_id: id, volume: 0.2, type: 'sell', opening_price: 1.0999 });
  await tick(market, eurusd, 1.0979, 1.0981);
  expect((await server.call('POST', `/trade/${loser.id}/close`, { token: user.token })).status).toBe(200);
  expect((await server.call('POST', `/trade/${winner.id}/close`, { token: user.token })).status).toBe(200);
  await tick(market, eurusd, 1.0999, 1.1001);
  await server.ctx.db.transaction(async (tx) => {
    await postEntry(tx, { accountId: id, kind: 'purchase', amount: '-49.90', reference: 'ea:7' });
    await postEntry(tx, { accountId: id, kind: 'fee', amount: '-1.25', reference: FORMULA });
    await postEntry(tx, { accountId: id, kind: 'transfer', amount: '-100.00', reference: 'savings:1:in' });
  });
  const adjust = await server.call('POST', `/admin/accounts/${id}/adjust`, { token: admin.token, body: { amount: 12.5, reason: 'Goodwill, "quoted"' } });
  expect(adjust.status).toBeLessThan(300);
  return { user, live: id, number: live!.number };
}

/** The CSV as records keyed by its header, after checking the header and that every row has its width. */
async function csvRecords(user: TestUser, accountId: number, month: string) {
  const res = await get(user, `/accounts/${accountId}/statements/${month}.csv`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const text = res.body as string;
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...STATEMENT_CSV_HEADER]);
  for (const r of rows) expect(r).toHaveLength(STATEMENT_CSV_HEADER.length);
  const records = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
  const section = (name: string) => records.filter((r) => r.Section === name);
  return { res, text, records, section, totals: Object.fromEntries(section('Total').map((r) => [r.Kind, r.Amount])) };
}

describe('monthly statements', () => {
  it('list the months with activity and reconcile with the ledger in CSV: opening + entries = closing = the balance', async () => {
    const { user, live, number } = await activeCustomer();
    expect((await get(user, `/accounts/${live}/statements`)).body.data).toEqual([thisMonth(), lastMonth()]);

    const { res, text, records, section, totals } = await csvRecords(user, live, thisMonth());
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="statement-${number}-${thisMonth()}.csv"`);
    expect(new Set(records.map((r) => [r.Account, r.Currency].join()))).toEqual(new Set([`${number},USD`]));
    const ledger = await ledgerOf(live);
    const month = ledger.slice(1);
    expect(section('Opening balance')[0]!.Balance).toBe('5000.00');
    expect(ledger[0]!.balanceAfter).toBe('5000.00');

    // Every entry of the month, in order, with its kind, reference, amount and running balance.
    const entries = section('Entry');
    expect(entries.map((e) => [e.Amount, e.Balance])).toEqual(month.map((e) => [e.amount, e.balanceAfter]));
    expect(entries.map((e) => e.Kind)).toEqual(['Deposit', 'Realised P&L', 'Realised P&L', 'Purchase', 'Fee', 'Transfer', 'Correction']);
    let running = cents('5000.00');
    for (const e of entries) {
      running += cents(e.Amount!);
      expect(running).toBe(cents(e.Balance!));
    }
    const balance = await balanceOf(live);
    expect(section('Closing balance')[0]!.Balance).toBe(balance);
    expect(ledger.at(-1)!.balanceAfter).toBe(balance);
    expect(cents(balance)).toBe(running);

    // The trades closed in the month, and their P&L is what the ledger realised.
    const trades = section('Closed trade');
    expect(trades.map((t) => [t.Symbol, t.Side, t.Lots, t['Close reason']])).toEqual([
      ['EURUSD', 'buy', '0.50', 'manual'],
      ['EURUSD', 'sell', '0.20', 'manual'],
    ]);
    expect(trades.map((t) => t.Reference)).toEqual(month.filter((e) => e.kind === 'realised_pnl').map((e) => e.reference));
    for (const t of trades) expect(Number(t['Open price'])).toBeGreaterThan(1);
    const realised = month.filter((e) => e.kind === 'realised_pnl').reduce((sum, e) => sum + cents(e.amount), 0);
    expect(trades.reduce((sum, t) => sum + cents(t.Amount!), 0)).toBe(realised);

    // Totals by group, every group present, adding up to the closing balance.
    expect(totals).toEqual({
      Deposits: '1000.00',
      Withdrawals: '0.00',
      'Realised P&L': (realised / 100).toFixed(2),
      Swaps: '0.00',
      Commissions: '0.00',
      Dividends: '0.00',
      Fees: '-1.25',
      Purchases: '-49.90',
      Corrections: '12.50',
      Other: '-100.00',
    });
    expect(Object.values(totals).reduce((sum, v) => sum + cents(v!), cents('5000.00'))).toBe(cents(balance));

    // A cell a spreadsheet would run as a formula is defused; commas and quotes stay in their cell.
    expect(entries.find((e) => e.Kind === 'Fee')!.Reference).toBe(`'${FORMULA}`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(entries.find((e) => e.Kind === 'Correction')!.Reference).toBe('adjustment: Goodwill, "quoted"');
  });

  it('the previous month opens at zero, and months without activity open and close at the balance they inherit', async () => {
    const { user, live } = await activeCustomer();
    const before = await csvRecords(user, live, lastMonth());
    expect(before.section('Opening balance')[0]!.Balance).toBe('0.00');
    expect(before.section('Entry').map((e) => [e.Kind, e.Amount])).toEqual([['Deposit', '5000.00']]);
    expect(before.section('Closing balance')[0]!.Balance).toBe('5000.00');
    expect(before.section('Closed trade')).toEqual([]);

    const balance = await balanceOf(live);
    const quiet = await csvRecords(user, live, nextMonth());
    expect([quiet.section('Opening balance')[0]!.Balance, quiet.section('Closing balance')[0]!.Balance]).toEqual([balance, balance]);
    expect(quiet.section('Entry')).toEqual([]);
    expect(Object.values(quiet.totals)).toEqual(Array(10).fill('0.00'));

    const ancient = await csvRecords(user, live, '2001-01');
    expect([ancient.section('Opening balance')[0]!.Balance, ancient.section('Closing balance')[0]!.Balance]).toEqual(['0.00', '0.00']);
  });

  it('renders a real A4 PDF naming the broker, the holder and the account, with the figures and page numbers', async () => {
    const { user, live, number } = await activeCustomer();
    const res = await fetch(`${server.url}/api/v1/accounts/${live}/statements/${thisMonth()}.pdf`, { headers: { authorization: `Bearer ${user.token}` } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="statement-${number}-${thisMonth()}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfTexts(pdf);
    const balance = Number(await balanceOf(live)).toLocaleString('en-US', { minimumFractionDigits: 2 });
    for (const expected of ['Bourse', 'Stella User', number, 'USD', 'Opening balance', '5,000.00', 'Closing balance', balance, 'Purchase', 'EURUSD', 'Page 1']) {
      expect(text, expected).toContain(expected);
    }
  });

  it('prints names and addresses in other scripts as written, from a font subset embedded in the file', async () => {
    const holders = [
      { firstName: 'Łukasz', lastName: 'Żółć', addressLine1: 'ul. Świętokrzyska 12', postalCode: '00-916', city: 'Warszawa', country: 'poland', address: 'ul. Świętokrzyska 12, 00-916 Warszawa, Poland' },
      { firstName: 'Дмитрий', lastName: 'Иванов', addressLine1: 'ул. Тверская, д. 7, кв. 12', postalCode: '125009', city: 'Москва', country: 'russia', address: 'ул. Тверская, д. 7, кв. 12, 125009 Москва, Russia' },
      { firstName: 'Γιώργος', lastName: 'Παπαδόπουλος', addressLine1: '', postalCode: '', city: '', country: 'united-states', address: null },
      // Typed decomposed (e + combining marks), as some keyboards send it: printed composed.
      { firstName: 'Nguyễn Văn'.normalize('NFD'), lastName: 'Anh', addressLine1: '', postalCode: '', city: '', country: 'united-states', address: null },
      { firstName: 'Çağrı', lastName: 'Öztürk', addressLine1: 'İstiklal Caddesi No: 45 Şişli', postalCode: '34433', city: 'İstanbul', country: 'turkey', address: 'İstiklal Caddesi No: 45 Şişli, 34433 İstanbul, Turkey' },
    ];
    for (const { address, ...holder } of holders) {
      const user = await createTestUser(server);
      await server.ctx.db.update(users).set(holder).where(eq(users.id, user.id));
      const [, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
      const res = await fetch(`${server.url}/api/v1/accounts/${live!.id}/statements/${thisMonth()}.pdf`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());
      const text = pdfTexts(pdf);
      const name = `${holder.firstName} ${holder.lastName}`.normalize('NFC');
      expect(text, name).toContain(name);
      if (address) expect(text, address).toContain(address);
      else expect(text).not.toContain('Address');
      expect(text).toContain('Account holder');
      expect(text.some((t) => t.includes('\uFFFD')), 'every glyph maps back to its character').toBe(false);
      // Embedded as subsets (a tag before the name), not the whole 600 kB fonts.
      const raw = pdf.toString('latin1');
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
      expect(raw).toContain('/FontFile2');
      expect(pdf.length).toBeLessThan(60_000);
    }
  });

  it('a busy month is read in batches and runs over pages, each numbered, and still adds up', async () => {
    const user = await createTestUser(server);
    const [, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
    const count = STATEMENT_BATCH * 2 + 37;
    // Many small credits posted the way the ledger does (balance after each in order), in one statement.
    await server.ctx.db.execute(sql`
      INSERT INTO journal_entries (account_id, kind, amount, balance_after, reference)
      SELECT ${live!.id}, 'deposit', 1.01, n * 1.01, 'credit ' || n FROM generate_series(1, ${count}) AS n ORDER BY n`);
    await server.ctx.db.update(tradingAccounts).set({ balance: (count * 1.01).toFixed(2) }).where(eq(tradingAccounts.id, live!.id));

    const csv = await csvRecords(user, live!.id, thisMonth());
    const entries = csv.section('Entry');
    expect(entries).toHaveLength(count);
    expect(entries.map((e) => e.Reference)).toEqual(Array.from({ length: count }, (_, i) => `credit ${i + 1}`));
    expect(csv.section('Closing balance')[0]!.Balance).toBe((count * 1.01).toFixed(2));
    expect(csv.totals.Deposits).toBe((count * 1.01).toFixed(2));

    const res = await fetch(`${server.url}/api/v1/accounts/${live!.id}/statements/${thisMonth()}.pdf`, { headers: { authorization: `Bearer ${user.token}` } });
    const pdf = Buffer.from(await res.arrayBuffer());
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(count / 70);
    const text = pdfTexts(pdf);
    expect(text.filter((t) => /^Page \d+$/.test(t))).toEqual(Array.from({ length: pages }, (_, i) => `Page ${i + 1}`));
    expect(text).toContain(`credit ${count}`);
    // The column heads repeat at the top of every page the ledger runs onto.
    expect(text.filter((t) => t === 'Reference').length).toBeGreaterThanOrEqual(pages - 1);
  });

  it('is refused, not printed, when the ledger does not add up', async () => {
    const user = await createTestUser(server);
    const [, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
    await server.ctx.db.insert(journalEntries).values({ accountId: live!.id, kind: 'deposit', amount: '10.00', balanceAfter: '11.00' });
    expect((await get(user, `/accounts/${live!.id}/statements/${thisMonth()}.csv`)).status).toBe(500);
    await server.ctx.db.delete(journalEntries).where(and(eq(journalEntries.accountId, live!.id)));
  });

  it('are private to the owner and the back office', async () => {
    const { user, live } = await activeCustomer();
    const other = await createTestUser(server);
    const support = await createTestUser(server, { role: 'support' });
    const paths = [`/accounts/${live}/statements`, `/accounts/${live}/statements/${thisMonth()}.csv`, `/accounts/${live}/statements/${thisMonth()}.pdf`, `/accounts/${live}/history`];
    for (const path of paths) {
      expect((await get(user, path)).status, path).toBe(200);
      expect((await get(other, path)).status, path).toBe(404);
      expect((await get(null, path)).status, path).toBe(401);
      expect((await get(admin, path)).status, path).toBe(200);
      expect((await get(support, path)).status, path).toBe(200);
    }
    expect((await get(user, `/accounts/999999/statements`)).status).toBe(404);
    for (const file of ['2026-13.pdf', '2026-00.csv', '2026-01.exe', '..%2F..%2Fetc%2Fpasswd', '2026-1.csv', '2026-01.csv.pdf']) {
      expect((await get(user, `/accounts/${live}/statements/${file}`)).status, file).toBe(422);
    }
  });
});

describe('balance history', () => {
  it('gives the balance at the end of every day of the range from the ledger, realised P&L today and for life, and the latest entries', async () => {
    const { user, live } = await activeCustomer();
    const ledger = await ledgerOf(live);
    const res = await get(user, `/accounts/${live}/history?range=30d`);
    expect(res.status).toBe(200);

    // Independently of the server: for each of the last 30 days, the balance after the last entry up to its end.
    const today = Math.floor(Date.now() / DAY) * DAY;
    const expected: { date: string; balance: string }[] = [];
    for (let t = today - 29 * DAY; t <= today; t += DAY) {
      const upTo = ledger.filter((e) => e.createdAt.getTime() < t + DAY).at(-1);
      if (upTo) expected.push({ date: new Date(t).toISOString().slice(0, 10), balance: upTo.balanceAfter });
    }
    expect(res.body.data.points).toEqual(expected);
    expect(res.body.data.points.at(-1).balance).toBe(await balanceOf(live));

    const realised = ledger.filter((e) => e.kind === 'realised_pnl').reduce((sum, e) => sum + cents(e.amount), 0);
    expect(realised).not.toBe(0);
    expect(res.body.data).toMatchObject({ currency: 'USD', pnl_today: (realised / 100).toFixed(2), pnl_lifetime: (realised / 100).toFixed(2) });
    const activity = res.body.data.activity;
    expect(activity.map((a: { id: number }) => a.id)).toEqual(ledger.map((e) => e.id).reverse().slice(0, 10));
    expect(activity.filter((a: { kind: string }) => a.kind === 'realised_pnl').map((a: { trade: unknown }) => a.trade)).toEqual([
      { symbol: 'EURUSD', side: 'sell', lots: '0.20', close_reason: 'manual' },
      { symbol: 'EURUSD', side: 'buy', lots: '0.50', close_reason: 'manual' },
    ]);
    expect(activity.find((a: { kind: string }) => a.kind === 'deposit').trade).toBeNull();

    const year = await get(user, `/accounts/${live}/history?range=1y`);
    expect(year.body.data.points.at(-1)).toEqual(res.body.data.points.at(-1));
    expect((await get(user, `/accounts/${live}/history?range=5y`)).status).toBe(422);
  });

  it('is empty for an account without entries', async () => {
    const user = await createTestUser(server);
    const [, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
    const res = await get(user, `/accounts/${live!.id}/history`);
    expect(res.body.data).toEqual({ currency: live!.currency, points: [], equity_points: [], pnl_today: '0.00', pnl_lifetime: '0.00', activity: [] });
  });
});
