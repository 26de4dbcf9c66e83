import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, trades, tradingAccounts } from '../src/db/schema/index.ts';
import type { JournalKind } from '../src/modules/accounts/ledger.repository.ts';
import { postEntry } from '../src/modules/accounts/ledger.repository.ts';
import { costsStatement } from '../src/modules/statements/costs-statement.ts';
import { pdfPageCount, pdfTexts } from './helpers/documents.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { verifyIdentity } from './helpers/verified.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, tick, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  await tick(market, market.instruments.eurusd.id, 1.0999, 1.1001);
});
afterAll(() => server.close());

const YEAR = 2025;
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const accountOf = async (id: number) => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)))[0]!;
const pdfOf = async (user: TestUser, accountId: number, year: number | string) => fetch(`${server.url}/api/v1/accounts/${accountId}/costs-statements/${year}`, { headers: { authorization: `Bearer ${user.token}` } });

/** Posts a ledger entry and dates it `when`, as if posted then. */
async function post(accountId: number, kind: JournalKind, amount: string, reference: string, when: string) {
  await server.ctx.db.transaction((tx) => postEntry(tx, { accountId, kind, amount, reference }));
  const [last] = await server.ctx.db.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.accountId, accountId)).orderBy(desc(journalEntries.id)).limit(1);
  await server.ctx.db.update(journalEntries).set({ createdAt: at(when) }).where(eq(journalEntries.id, last!.id));
}

/** A filled position as the trading module stores it: its units, fill price, spread and the fill's quote-to-account rate. */
async function fill(user: TestUser, accountId: number, f: { tradeId: string; instrument: keyof TestMarket['instruments']; volume: string; price: string; spread: string; conversion: string; opened: string; status?: 'open' | 'closed' }) {
  const instrument = market.instruments[f.instrument];
  await server.ctx.db.insert(trades).values({
    tradeId: f.tradeId,
    userId: user.id,
    accountId,
    assetId: instrument.id,
    assetSymbol: instrument.symbol,
    assetName: instrument.name,
    tradeType: 'buy',
    status: f.status ?? 'closed',
    volume: f.volume,
    lots: '1.00',
    contractSize: String(instrument.contractSize),
    leverage: 30,
    openingPrice: f.price,
    spread: f.spread,
    fillConversion: f.conversion,
    openTime: at(f.opened),
  });
}

/**
 * A live account with a seeded 2025: three positions opened in the year (EUR/USD and USD/JPY are
 * forex, BTC/USD crypto), one opened in 2024 whose swap was credited in 2025, one opened in 2026,
 * and the ledger's commissions, swaps, fees, realised P&L and a dividend, with entries either side
 * of the year that must not count.
 */
async function seededCustomer() {
  const user = await createTestUser(server, { firstName: 'Costa' });
  await verifyIdentity(server, user, admin.token);
  const [, live] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
  const id = live!.id;
  const ref = (n: string) => `C${id}-${n}`;
  await post(id, 'deposit', '10000.00', 'card', '2024-12-01');
  await fill(user, id, { tradeId: ref('eur'), instrument: 'eurusd', volume: '100000', price: '1.1', spread: '0.0002', conversion: '1', opened: '2025-03-01' });
  await fill(user, id, { tradeId: ref('btc'), instrument: 'btcusd', volume: '0.1', price: '60000', spread: '20', conversion: '1', opened: '2025-05-01', status: 'open' });
  await fill(user, id, { tradeId: ref('jpy'), instrument: 'usdjpy', volume: '100000', price: '150', spread: '0.02', conversion: '0.0066666667', opened: '2025-06-01', status: 'open' });
  await fill(user, id, { tradeId: ref('old'), instrument: 'eurusd', volume: '100000', price: '1.05', spread: '0.0001', conversion: '1', opened: '2024-12-20' });
  await fill(user, id, { tradeId: ref('new'), instrument: 'eurusd', volume: '100000', price: '1.2', spread: '0.0003', conversion: '1', opened: '2026-01-05', status: 'open' });
  await post(id, 'commission', '-9.99', ref('old'), '2024-12-20');
  await post(id, 'swap', '1.10', `swap:${ref('old')}:2025-01-03`, '2025-01-03');
  await post(id, 'realised_pnl', '-40.00', ref('old'), '2025-01-10');
  await post(id, 'commission', '-3.50', ref('eur'), '2025-03-01');
  await post(id, 'commission', '-3.50', ref('eur'), '2025-03-02');
  await post(id, 'realised_pnl', '150.00', ref('eur'), '2025-03-02');
  await post(id, 'commission', '-1.00', ref('btc'), '2025-05-01');
  await post(id, 'swap', '-4.20', `swap:${ref('btc')}:2025-05-02`, '2025-05-02');
  await post(id, 'fee', '-2.00', `swap-free fee:${ref('jpy')}:2025-06-02`, '2025-06-02');
  await post(id, 'fee', '-1.25', 'account fee', '2025-07-01');
  await post(id, 'dividend', '0.80', `dividend:${ref('btc')}`, '2025-08-01');
  await post(id, 'commission', '-5.00', ref('new'), '2026-01-05');
  await post(id, 'swap', '-0.70', `swap:${ref('jpy')}:2026-01-02`, '2026-01-02');
  return { user, id, number: live!.number };
}

describe('annual costs-and-charges statement', () => {
  it('counts the year’s spread from the fills and its commissions, swaps and fees from the ledger, by asset class', async () => {
    const { id } = await seededCustomer();
    const s = await costsStatement(server.ctx.db, await accountOf(id), YEAR);
    // Forex: EUR/USD 100,000 × 1.1 = 110,000 and USD/JPY 100,000 × 150 × 0.0066666667 = 100,000.0005,
    // so 210,000.00; spread 0.0002 × 100,000 = 20 plus 0.02 × 100,000 × 0.0066666667 = 13.33;
    // commissions 3.50 + 3.50; the 2024 position's swap credited 1.10; the swap-free fee 2.00:
    // 33.33 + 7.00 − 1.10 + 2.00 = 41.23, which is 41.23 / 210,000 × 100 = 0.0196 %.
    // Crypto: 0.1 × 60,000 = 6,000; spread 20 × 0.1 = 2.00; commission 1.00; swap 4.20: 7.20 = 0.1200 %.
    // The account fee names no trade: 1.25, with no notional to compare with.
    // Crypto sorts before forex; what names no trade comes last.
    expect(s.classes).toEqual([
      { category: 'crypto', notional: '6000.00', spread: '2.00', commissions: '1.00', swaps: '4.20', fees: '0.00', total: '7.20', share: '0.1200' },
      { category: 'forex', notional: '210000.00', spread: '33.33', commissions: '7.00', swaps: '-1.10', fees: '2.00', total: '41.23', share: '0.0196' },
      { category: 'account', notional: '0.00', spread: '0.00', commissions: '0.00', swaps: '0.00', fees: '1.25', total: '1.25', share: null },
    ]);
    // 49.68 / 216,000 × 100 = 0.0230 %.
    expect(s.totals).toEqual({ notional: '216000.00', spread: '35.33', commissions: '8.00', swaps: '3.10', fees: '3.25', total: '49.68', share: '0.0230' });
    expect(s.fills).toBe(3);
    // After costs: 150 − 40 + 0.80 − 8.00 − 3.10 − 3.25 = 96.45; before: 96.45 + 49.68 = 146.13.
    expect(s.result).toEqual({ net: '96.45', beforeCosts: '146.13', effect: '-49.68' });
  });

  it('serves the year as a PDF with the totals and how they are computed, to the account’s owner', async () => {
    const { user, id, number } = await seededCustomer();
    const res = await pdfOf(user, id, YEAR);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="costs-${number}-${YEAR}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfTexts(pdf);
    for (const expected of ['Annual costs and charges statement', String(YEAR), 'Costa User', number, 'Forex', 'Crypto', 'Not tied to a trade', '210,000.00', '41.23', '0.0196 %', 'Total', '216,000.00', '35.33', '49.68', '0.0230 %', '146.13', '-49.68', '96.45', 'Page 1']) {
      expect(text, expected).toContain(expected);
    }
    expect(text.join(' ')).toContain('% of notional: total costs ÷ the notional of the positions opened in the year');
    // The back office may fetch it too.
    expect((await pdfOf(admin, id, YEAR)).status).toBe(200);
  });

  it('gives a year without trades an empty but valid statement', async () => {
    const { user, id } = await seededCustomer();
    const s = await costsStatement(server.ctx.db, await accountOf(id), 2023);
    expect(s.classes).toEqual([]);
    expect(s.totals).toEqual({ notional: '0.00', spread: '0.00', commissions: '0.00', swaps: '0.00', fees: '0.00', total: '0.00', share: null });
    expect(s.result).toEqual({ net: '0.00', beforeCosts: '0.00', effect: '0.00' });
    const res = await pdfOf(user, id, 2023);
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTexts(pdf);
    for (const expected of ['2023', 'No costs or charges in this year.', 'Total', '0.00', '—']) expect(text, expected).toContain(expected);
  });

  it('agrees with what the trading module charged on a real fill, its partial close and its close', async () => {
    const group = await server.call('POST', '/admin/groups', { token: admin.token, body: { name: `Costs ${crypto.randomUUID().slice(0, 8)}`, commission_mode: 'per_lot', commission_rate: 3.5, commission_min: 0.5, currency: 'USD' } });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const user = await createTestUser(server);
    const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
    expect((await server.call('PUT', `/admin/accounts/${account!.id}/group`, { token: admin.token, body: { group_id: group.body.data.id } })).status).toBe(200);
    const opened = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ volume: 2, account_id: account!.id }) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect((await server.call('POST', `/trade/${opened.body.data.id}/close`, { token: user.token, body: { volume: 0.5 } })).status).toBe(200);
    expect((await server.call('POST', `/trade/${opened.body.data.id}/close`, { token: user.token })).status).toBe(200);
    const s = await costsStatement(server.ctx.db, await accountOf(account!.id), new Date().getUTCFullYear());
    const [charged] = await server.ctx.db
      .select({ total: sql<string>`sum(${journalEntries.amount})::text` })
      .from(journalEntries)
      .where(and(eq(journalEntries.accountId, account!.id), eq(journalEntries.kind, 'commission')));
    // 2 lots at 1.1001: the receipt's spread cost 0.0002 × 200,000 = 40, on 220,020.00 of notional,
    // counted once though the position is now two rows (the slice closed first and the rest).
    expect(opened.body.receipt.spread_cost).toBe(40);
    expect(s.classes).toEqual([expect.objectContaining({ category: 'forex', notional: '220020.00', spread: '40.00', commissions: (-Number(charged!.total)).toFixed(2) })]);
    expect(s.totals.commissions).toBe('14.00');
    expect(s.fills).toBe(2);
  });

  it('refuses another customer’s account and a year that is not one', async () => {
    const { id } = await seededCustomer();
    const stranger = await createTestUser(server);
    expect((await pdfOf(stranger, id, YEAR)).status).toBe(404);
    const own = (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, stranger.id)))[0]!.id;
    const cases: [string, string][] = [
      ['1999', 'Ask for a year from 2000.'],
      [String(new Date().getUTCFullYear() + 1), 'That year has not begun.'],
      ['2025.5', 'Ask for a year such as 2025.'],
      ['last', 'Ask for a year such as 2025.'],
    ];
    for (const [year, message] of cases) {
      const res = await server.call('GET', `/accounts/${own}/costs-statements/${year}`, { token: stranger.token });
      expect(res.status, year).toBe(422);
      expect(res.body.errors.year, JSON.stringify(res.body)).toEqual([message]);
    }
    expect((await server.call('GET', `/accounts/${own}/costs-statements/${YEAR}`, {})).status).toBe(401);
  });
});
