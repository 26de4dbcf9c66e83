import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeRetry, moneyMessages as msg } from '@bourse/contract';
import { auditLog, depositWallets, journalEntries, tradingAccounts } from '../src/db/schema/index.ts';
import { unbalancedAccounts } from '../src/modules/accounts/ledger.repository.ts';
import { updateSiteSettings } from '../src/modules/settings/settings.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { verifyIdentity } from './helpers/verified.ts';
import { openTrade, type TestMarket, tick, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let btcWallet: number;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  const [wallet] = await server.ctx.db
    .insert(depositWallets)
    .values({ crypto: 'usdt-trc20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', minAmount: '50' })
    .returning();
  btcWallet = wallet!.id;
});
afterAll(() => server.close());

const hash = () => Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const accountsOf = (user: TestUser) => server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
const balance = async (accountId: number) => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)))[0]!.balance;
const post = (user: TestUser, path: string, body?: unknown, key?: string) =>
  server.call('POST', path, { token: user.token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const decide = (id: number, verb: 'approve' | 'reject' | 'complete', body?: unknown, token = admin.token) => server.call('POST', `/admin/money/${id}/${verb}`, { token, body });

/** A verified customer whose live account holds `amount` through an approved crypto deposit. */
async function fundedCustomer(amount = 1000): Promise<{ user: TestUser; demo: number; live: number }> {
  const user = await createTestUser(server);
  await verifyIdentity(server, user, admin.token);
  const [demo, live] = await accountsOf(user);
  const res = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: amount, tx_hash: hash() });
  expect(res.status).toBe(201);
  expect((await decide(res.body.data.id, 'approve', { credited_amount: amount })).status).toBe(200);
  return { user, demo: demo!.id, live: live!.id };
}

describe('deposits', () => {
  it('tops up a demo account at once, once per key, up to the ceiling; never a live one', async () => {
    const user = await createTestUser(server);
    const [demo, live] = await accountsOf(user);
    const clicks = await Promise.all(Array.from({ length: 10 }, () => post(user, '/deposits/demo', { account_id: demo!.id, amount: 500 }, 'topup-1')));
    expect(clicks.every((r) => r.status === 201)).toBe(true);
    expect(new Set(clicks.map((r) => r.body.data.id)).size).toBe(1);
    expect(clicks[0]!.body.data).toMatchObject({ kind: 'deposit', method: 'demo', status: 'completed', amount: '500.00' });
    expect(await balance(demo!.id)).toBe('10500.00');
    const live_ = await post(user, '/deposits/demo', { account_id: live!.id, amount: 500 });
    expect([live_.status, live_.body.message]).toEqual([422, msg.demoOnly]);
    const huge = await post(user, '/deposits/demo', { account_id: demo!.id, amount: 995_000 });
    expect([huge.status, huge.body.message]).toEqual([422, msg.demoCap]);
  });

  it('takes a crypto deposit claim once per transaction, and credits what the operator confirms, once under 50 concurrent approvals', async () => {
    const user = await createTestUser(server);
    const [, live] = await accountsOf(user);
    const tx = hash();
    const low = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: 10, tx_hash: tx });
    expect([low.status, low.body.message]).toEqual([422, msg.belowMinimum]);
    const claim = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: 250, tx_hash: tx });
    expect(claim.status).toBe(201);
    expect(claim.body.data).toMatchObject({ status: 'requested', details: { coin: 'USDT', tx_hash: tx } });
    const again = await post(await createTestUser(server), '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: 250, tx_hash: tx.toUpperCase() });
    expect(again.status).toBe(422); // not that customer's account
    const twice = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: 250, tx_hash: tx.toUpperCase() });
    expect([twice.status, twice.body.message]).toEqual([409, msg.txHashUsed]);

    const approvals = await Promise.all(Array.from({ length: 50 }, () => decide(claim.body.data.id, 'approve', { credited_amount: 249.5 })));
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
    expect(approvals.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await balance(live!.id)).toBe('249.50');
    const entries = await server.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, live!.id));
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([['deposit', '249.50']]);
    const trail = await server.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, String(claim.body.data.id))).orderBy(asc(auditLog.id));
    expect(trail.map((e) => [e.action, e.actorRole])).toEqual([
      ['deposit.requested', 'customer'],
      ['deposit.approved', 'admin'],
    ]);
  });

  it('an operator rejects with a reason, a customer cancels their own waiting claim, and neither moves money', async () => {
    const user = await createTestUser(server);
    const [, live] = await accountsOf(user);
    const a = (await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: 100, tx_hash: hash() })).body.data.id;
    const b = (await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: 100, tx_hash: hash() })).body.data.id;
    expect((await decide(a, 'reject', { reason: '' })).status).toBe(422);
    expect((await decide(a, 'reject', { reason: 'Nothing arrived' })).body.data).toMatchObject({ status: 'rejected', reason: 'Nothing arrived' });
    expect((await decide(a, 'approve', { credited_amount: 100 })).status).toBe(409);
    expect((await post(await createTestUser(server), `/money/requests/${b}/cancel`)).status).toBe(404);
    expect((await post(user, `/money/requests/${b}/cancel`)).body.data.status).toBe('cancelled');
    expect((await post(user, `/money/requests/${b}/cancel`)).status).toBe(409);
    expect(await balance(live!.id)).toBe('0.00');
  });

  it('takes a crypto claim in coin, values it at the server’s price, and credits the value at the price of the confirmation', async () => {
    const [btc] = await server.ctx.db.insert(depositWallets).values({ crypto: 'bitcoin', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', minAmount: '50' }).returning();
    const user = await createTestUser(server);
    const [, live] = await accountsOf(user);
    const btcusd = market.instruments.btcusd.id;
    await tick(market, btcusd, 60_000, 60_010);
    const options = await server.call('GET', '/deposit_options', { token: user.token });
    expect(options.body.data.usd_rates).toMatchObject({ bitcoin: 60_005, 'usdt-trc20': 1 });

    const low = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btc!.id, coin_amount: 0.0008, tx_hash: hash() });
    expect([low.status, low.body.message]).toEqual([422, msg.belowMinimum]); // 48.00 of value
    const tooFine = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btc!.id, coin_amount: 0.000000001, tx_hash: hash() });
    expect([tooFine.status, tooFine.body.message]).toEqual([422, msg.coinDecimals]);
    const usdValue = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btc!.id, amount: 100, tx_hash: hash() });
    expect(usdValue.status).toBe(422);

    const claim = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btc!.id, coin_amount: 0.01, tx_hash: hash() });
    expect(claim.status).toBe(201);
    expect(claim.body.data).toMatchObject({ amount: '600.05', currency: 'USD', details: { coin: 'BTC', coin_amount: '0.01', rate_at_claim: 60_005 } });
    const queued = (await server.call('GET', '/admin/money?kind=deposit', { token: admin.token })).body.data.find((r: { id: number }) => r.id === claim.body.data.id);
    expect(queued).toMatchObject({ amount: '600.05', details: { coin_amount: '0.01' } });

    // Confirmed later at another price: the coin is credited at the price then.
    await tick(market, btcusd, 61_000, 61_000);
    const approved = await decide(claim.body.data.id, 'approve', {});
    expect([approved.status, approved.body.data.credited_amount]).toEqual([200, '610.00']);
    expect(await balance(live!.id)).toBe('610.00');
  });

  it('charges a card through the test provider: paid at once, after the issuer code, or declined with the reason', async () => {
    const user = await createTestUser(server);
    const [, live] = await accountsOf(user);
    const card = (number: string) => ({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Test User' });
    const paid = await post(user, '/deposits/card', { account_id: live!.id, amount: 300, card: card('4242 4242 4242 4242') }, 'card-1');
    expect(paid.body.data).toMatchObject({ method: 'card', status: 'completed', credited_amount: '300.00', details: { brand: 'Visa', last4: '4242' } });
    expect(JSON.stringify(paid.body)).not.toContain('4242424242424242');
    expect((await post(user, '/deposits/card', { account_id: live!.id, amount: 300, card: card('4242424242424242') }, 'card-1')).body.data.id).toBe(paid.body.data.id);

    const challenged = await post(user, '/deposits/card', { account_id: live!.id, amount: 200, card: card('4000000000003220') });
    expect(challenged.body.data.status).toBe('requested');
    // A mistyped code leaves the payment waiting and says how many tries are left; the right one then pays.
    const confirm = (id: number, code: string) => post(user, `/deposits/card/${id}/confirm`, { code });
    const wrong = await confirm(challenged.body.data.id, '000000');
    expect([wrong.status, wrong.body.message, wrong.body.errors.attempts_left]).toEqual([422, challengeRetry(2), ['2']]);
    const right = await confirm(challenged.body.data.id, '123456');
    expect([right.status, right.body.data.status, right.body.data.credited_amount]).toEqual([200, 'completed', '200.00']);
    expect((await confirm(challenged.body.data.id, '123456')).status).toBe(409);

    // Three wrong codes end it: nothing is credited, and the right code comes too late.
    const retried = await post(user, '/deposits/card', { account_id: live!.id, amount: 100, card: card('4000000000003220') });
    expect((await confirm(retried.body.data.id, '111111')).body.message).toBe(challengeRetry(2));
    expect((await confirm(retried.body.data.id, '222222')).body.message).toBe(challengeRetry(1));
    const last = await confirm(retried.body.data.id, '333333');
    expect([last.status, last.body.message, last.body.errors.attempts_left]).toEqual([402, msg.challengeFailedFinal, ['0']]);
    expect((await confirm(retried.body.data.id, '123456')).status).toBe(409);
    const [failed] = (await server.call('GET', '/money/requests?kind=deposit', { token: user.token })).body.data.filter((r: { id: number }) => r.id === retried.body.data.id);
    expect(failed).toMatchObject({ status: 'rejected', reason: msg.challengeFailedFinal, credited_amount: null });

    // Wrong codes sent at once count one by one: never more than the allowed tries.
    const raced = await post(user, '/deposits/card', { account_id: live!.id, amount: 100, card: card('4000000000003220') });
    const answers = await Promise.all(['100000', '200000', '300000', '400000', '500000'].map((c) => confirm(raced.body.data.id, c)));
    expect(answers.map((a) => a.status).sort()).toEqual([402, 409, 409, 422, 422]);

    const declined = await post(user, '/deposits/card', { account_id: live!.id, amount: 50, card: card('4000000000000002') });
    expect([declined.status, declined.body.message]).toEqual([402, msg.cardDeclined]);
    const broke = await post(user, '/deposits/card', { account_id: live!.id, amount: 50, card: card('4000000000009995') });
    expect([broke.status, broke.body.message]).toEqual([402, msg.cardFunds]);
    const badLuhn = await post(user, '/deposits/card', { account_id: live!.id, amount: 50, card: card('4242424242424241') });
    expect([badLuhn.status, badLuhn.body.message]).toEqual([422, msg.cardNumber]);
    const expired = await post(user, '/deposits/card', { account_id: live!.id, amount: 50, card: { ...card('4242424242424242'), exp_year: 2020 } });
    expect([expired.status, expired.body.message]).toEqual([422, msg.cardExpired]);
    expect(await balance(live!.id)).toBe('500.00');
  });

  it('refuses malformed amounts and hashes with a clear 4xx and writes nothing', async () => {
    const user = await createTestUser(server);
    const [demo, live] = await accountsOf(user);
    for (const amount of [-5, 0, 10.123, 1e12, 'NaN', '100', null]) {
      const res = await post(user, '/deposits/demo', { account_id: demo!.id, amount });
      expect(res.status, String(amount)).toBe(422);
    }
    for (const tx_hash of ['abc', `${hash()}00`, "' OR 1=1 --", '']) {
      expect((await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: 100, tx_hash })).status).toBe(422);
    }
    expect((await server.call('GET', '/money/requests', { token: user.token })).body.data).toEqual([]);
  });
});

describe('withdrawals', () => {
  const bank = { method: 'bank', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', holder: 'Test User' };

  it('holds the amount at once, gives it back on rejection or cancellation, and pays it out after approval', async () => {
    const { user, live } = await fundedCustomer(1000);
    const first = await post(user, '/withdrawals', { ...bank, account_id: live, amount: 400 });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'requested', details: { iban: 'DE89370400440532013000', holder: 'Test User' } });
    expect(await balance(live)).toBe('600.00');
    const tooMuch = await post(user, '/withdrawals', { ...bank, account_id: live, amount: 601 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([422, msg.noFunds]);

    expect((await decide(first.body.data.id, 'reject', { reason: 'Name does not match the bank account' })).status).toBe(200);
    expect(await balance(live)).toBe('1000.00');

    const second = await post(user, '/withdrawals', { method: 'crypto', crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', account_id: live, amount: 300 });
    expect((await post(user, `/money/requests/${second.body.data.id}/cancel`)).status).toBe(200);
    expect(await balance(live)).toBe('1000.00');

    const third = await post(user, '/withdrawals', { ...bank, account_id: live, amount: 250 });
    expect((await decide(third.body.data.id, 'complete')).status).toBe(409);
    const approved = await decide(third.body.data.id, 'approve');
    expect([approved.status, approved.body.data?.status ?? approved.body.message]).toEqual([200, 'approved']);
    expect((await post(user, `/money/requests/${third.body.data.id}/cancel`)).status).toBe(409);
    expect((await decide(third.body.data.id, 'complete')).body.data).toMatchObject({ status: 'completed', credited_amount: '250.00' });
    expect(await balance(live)).toBe('750.00');
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('refuses bad destinations, demo accounts, and unverified customers when the operator requires verification', async () => {
    const { user, demo, live } = await fundedCustomer(500);
    for (const body of [
      { ...bank, iban: 'DE89 3704 0044 0532 0130 01' },
      { ...bank, iban: 'not an iban' },
      { ...bank, bic: 'XX' },
      { method: 'crypto', crypto: 'bitcoin', address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' },
      { method: 'crypto', crypto: 'ethereum', address: '0x123' },
    ]) {
      expect((await post(user, '/withdrawals', { ...body, account_id: live, amount: 10 })).status, JSON.stringify(body)).toBe(422);
    }
    const fromDemo = await post(user, '/withdrawals', { ...bank, account_id: demo, amount: 10 });
    expect([fromDemo.status, fromDemo.body.message]).toEqual([422, msg.liveOnly]);
    const pending = await createTestUser(server, { status: 'pending' });
    await updateSiteSettings(server.ctx.db, { must_verify_account: true });
    try {
      const [, pendingLive] = await accountsOf(pending);
      const refused = await post(pending, '/withdrawals', { ...bank, account_id: pendingLive!.id, amount: 10 });
      expect(refused.status).toBe(403);
    } finally {
      await updateSiteSettings(server.ctx.db, { must_verify_account: false });
    }
    expect(await balance(live)).toBe('500.00');
  });

  it('a withdrawal racing orders on the same account never leaves the margin uncovered', async () => {
    const { user, live } = await fundedCustomer(1000);
    // Each order uses about 600 of margin; the withdrawal asks for 500: not both can fit in 1,000.
    const order = { account_id: live, id: market.instruments.btcusd.id, volume: 0.1, opening_price: 60_010, leverage: 10 };
    const results = await Promise.allSettled([
      openTrade(server, market, user, order),
      post(user, '/withdrawals', { ...bank, account_id: live, amount: 500 }),
      openTrade(server, market, user, order),
    ]);
    const withdrew = results[1].status === 'fulfilled' && results[1].value.status === 201;
    const orders = [results[0], results[2]].filter((r) => r.status === 'fulfilled').length;
    expect(orders + (withdrew ? 1 : 0)).toBe(1);
    const summary = (await server.call('GET', `/account/summary?account_id=${live}`, { token: user.token })).body.data;
    expect(Number(summary.freeMargin)).toBeGreaterThanOrEqual(0);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });
});

describe('transfers and accounts', () => {
  it('moves money between two live accounts at once, converting currencies, but never between demo and live', async () => {
    const { user, demo, live } = await fundedCustomer(1000);
    const opened = await post(user, '/accounts', { kind: 'live', currency: 'EUR' });
    expect(opened.status).toBe(201);
    const eur = (await accountsOf(user)).find((a) => a.currency === 'EUR')!;
    const mixed = await post(user, '/transfers', { from_account_id: live, to_account_id: demo, amount: 100 });
    expect([mixed.status, mixed.body.message]).toEqual([422, msg.mixedKinds]);
    const tooMuch = await post(user, '/transfers', { from_account_id: live, to_account_id: eur.id, amount: 1000.01 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([422, msg.noFunds]);
    const done = await post(user, '/transfers', { from_account_id: live, to_account_id: eur.id, amount: 110 }, 'move-1');
    expect(done.body.data).toMatchObject({ kind: 'transfer', status: 'completed', amount: '110.00', currency: 'USD' });
    expect((await post(user, '/transfers', { from_account_id: live, to_account_id: eur.id, amount: 110 }, 'move-1')).body.data.id).toBe(done.body.data.id);
    const credited = Number(done.body.data.credited_amount);
    // EUR/USD is 1.10 on the manual market: 110 USD is about 100 EUR.
    expect(credited).toBeGreaterThan(99);
    expect(credited).toBeLessThan(101);
    expect(await balance(live)).toBe('890.00');
    expect(await balance(eur.id)).toBe(credited.toFixed(2));
    const other = await fundedCustomer(100);
    const foreign = await post(other.user, '/transfers', { from_account_id: other.live, to_account_id: eur.id, amount: 10 });
    expect([foreign.status, foreign.body.message]).toEqual([422, msg.accountNotFound]);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });

  it('opens demo accounts funded up to the limit and resets a demo balance only without open positions', async () => {
    const user = await createTestUser(server);
    const [demo] = await accountsOf(user);
    for (let i = 0; i < 4; i++) expect((await post(user, '/accounts', { kind: 'demo' })).status).toBe(201);
    const sixth = await post(user, '/accounts', { kind: 'demo' });
    expect(sixth.status).toBe(422);
    expect((await accountsOf(user)).filter((a) => a.kind === 'demo').map((a) => a.balance)).toEqual(Array(5).fill('10000.00'));
    const trade = await openTrade(server, market, user, { account_id: demo!.id });
    expect((await post(user, `/accounts/${demo!.id}/reset`)).status).toBe(409);
    await server.call('POST', `/trade/${trade.id}/close`, { token: user.token });
    await post(user, '/deposits/demo', { account_id: demo!.id, amount: 1234 });
    expect((await post(user, `/accounts/${demo!.id}/reset`)).status).toBe(200);
    expect(await balance(demo!.id)).toBe('10000.00');
    const [, live] = await accountsOf(user);
    expect((await post(user, `/accounts/${live!.id}/reset`)).status).toBe(409);
    expect((await post(await createTestUser(server), `/accounts/${demo!.id}/reset`)).status).toBe(404);
  });
});

describe('back office', () => {
  it('lists the queues with counts and the customer context, for operators only', async () => {
    const user = await createTestUser(server, { firstName: 'Queued' });
    const [, live] = await accountsOf(user);
    const claim = await post(user, '/deposits/crypto', { account_id: live!.id, wallet_id: btcWallet, coin_amount: 75, tx_hash: hash() });
    const queue = await server.call('GET', '/admin/money?kind=deposit', { token: admin.token });
    expect(queue.status).toBe(200);
    expect(queue.body.counts.deposit).toBeGreaterThanOrEqual(1);
    expect(queue.body.data.find((r: { id: number }) => r.id === claim.body.data.id)).toMatchObject({ customer: { name: 'Queued User', email: user.email }, account_balance: '0.00' });
    expect((await server.call('GET', '/admin/money', { token: user.token })).status).toBe(403);
    expect((await decide(claim.body.data.id, 'approve', { credited_amount: 75 }, user.token)).status).toBe(403);
    expect((await server.call('GET', '/admin/money')).status).toBe(401);
  });

  it('configures receiving wallets, checking the address format for the network', async () => {
    const bad = await server.call('POST', '/admin/deposit_wallets', { token: admin.token, body: { crypto: 'usdt-trc20', address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', min_amount: 10 } });
    expect(bad.status).toBe(422);
    const good = await server.call('POST', '/admin/deposit_wallets', { token: admin.token, body: { crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', min_amount: 10 } });
    expect(good.status).toBe(201);
    const off = await server.call('PUT', `/admin/deposit_wallets/${good.body.data.id}`, { token: admin.token, body: { crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', min_amount: 10, enabled: false } });
    expect(off.body.data.enabled).toBe(false);
    const customer = await createTestUser(server);
    const options = (await server.call('GET', '/deposit_options', { token: customer.token })).body.data as { wallets: { id: number }[]; card_provider: string | null };
    expect(options.card_provider).toBe('test');
    const listed = options.wallets;
    expect(listed.map((w) => w.id)).not.toContain(good.body.data.id);
    expect((await server.call('POST', '/admin/deposit_wallets', { token: customer.token, body: { crypto: 'bitcoin', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', min_amount: 1 } })).status).toBe(403);
  });
});

describe('manual adjustments', () => {
  it('credits and debits with a reason as ledger entries, audited and told to the customer; never past the free margin', async () => {
    const { user, live } = await fundedCustomer(100);
    const credit = await server.call('POST', `/admin/accounts/${live}/adjust`, { token: admin.token, body: { amount: 25.5, reason: 'Goodwill for the outage' } });
    expect([credit.status, credit.body.balance]).toEqual([200, '125.50']);
    const tooBig = await server.call('POST', `/admin/accounts/${live}/adjust`, { token: admin.token, body: { amount: -200, reason: 'Chargeback' } });
    expect([tooBig.status, tooBig.body.message]).toEqual([422, msg.noFunds]);
    expect((await server.call('POST', `/admin/accounts/${live}/adjust`, { token: admin.token, body: { amount: -20, reason: 'Chargeback' } })).body.balance).toBe('105.50');
    for (const body of [{ amount: 0, reason: 'Nothing' }, { amount: 5, reason: '' }, { amount: 1.005, reason: 'Rounding' }]) {
      expect((await server.call('POST', `/admin/accounts/${live}/adjust`, { token: admin.token, body })).status).toBe(422);
    }
    expect((await server.call('POST', `/admin/accounts/${live}/adjust`, { token: user.token, body: { amount: 1000, reason: 'Self-service' } })).status).toBe(403);

    const ledger = await server.call('GET', `/admin/clients/${user.id}/ledger?account_id=${live}`, { token: admin.token });
    expect(ledger.body.data.map((e: { kind: string; amount: string; reference: string }) => [e.kind, e.amount, e.reference])).toEqual([
      ['correction', '-20.00', 'adjustment: Chargeback'],
      ['correction', '25.50', 'adjustment: Goodwill for the outage'],
      ['deposit', '100.00', expect.stringMatching(/^money:\d+$/)],
    ]);
    expect((await server.call('GET', `/admin/clients/${admin.id}/ledger?account_id=${live}`, { token: admin.token })).status).toBe(404);
    const trail = (await server.call('GET', `/admin/audit?user_id=${user.id}&subject_type=trading_account`, { token: admin.token })).body.data;
    expect(trail.map((e: { action: string; details: { amount: string } }) => [e.action, e.details.amount])).toEqual([
      ['account.adjusted', '-20.00'],
      ['account.adjusted', '25.50'],
    ]);
    expect(await unbalancedAccounts(server.ctx.db)).toEqual([]);
  });
});
