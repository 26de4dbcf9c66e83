// The "another customer" column of the authorisation matrix: one customer (the owner) holds one of
// everything a customer can own; a second customer (the intruder) tries every customer route and
// every private channel with the owner's ids. Each route has an entry below, so a new route
// without one fails the first test.
import { channels } from '@bourse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLessons, expertAdvisors, notifications, trades, tradingAccounts } from '../src/db/schema/index.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { files, upload } from './helpers/files.ts';
import { type ApiResponse, startTestServer, type TestServer } from './helpers/test-server.ts';
import { openTrade, type TestMarket, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let owner: TestUser;
let intruder: TestUser;

/** What the owner holds, by id. */
type Owned = {
  demo: number;
  live: number;
  /** Trades by their numeric id (the routes' `:id`); `tradeRef` is the public reference shown to the owner. */
  trade: number;
  tradeRef: string;
  pending: number;
  alert: number;
  backtest: number;
  cardDeposit: number;
  notification: number;
  robotEa: number;
  /** A course the owner took, and one of its lessons: a catalogue item, so another customer is told to buy it (403). */
  course: number;
  lesson: number;
  session: number;
  attachment: number;
  attachmentUrl: string;
  document: number;
  /** An evidence file of the owner's request to be treated as professional. */
  evidence: number;
  /** The owner's source-of-funds declaration, whose document only they and administrators download. */
  declaration: number;
  month: string;
  dataExport: number;
};
let owned: Owned;

/** A route that acts on the caller alone: there is no id in it through which to reach another customer. */
const OWN = 'own';
type Case = { path: (o: Owned) => string; body?: (o: Owned) => unknown; status: number };
const route = (path: (o: Owned) => string, status: number, body?: (o: Owned) => unknown): Case => ({ path, status, body });
const card = { number: '4000000000003220', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Test User' };

/**
 * Every customer route and public route with an owner: what the intruder sends with the owner's
 * ids, and the exact refusal: 404 where the id names the thing asked for (the owner's things do not
 * exist for anyone else; downloads without a signature included), 422 where the money and robot
 * forms refuse an account field that is not one of the caller's.
 */
const matrix: Record<string, Case | typeof OWN> = {
  'GET /api/v1/account/activity': route((o) => `/account/activity?account_id=${o.live}`, 404),
  'GET /api/v1/account/activity/export.csv': route((o) => `/account/activity/export.csv?account_id=${o.live}`, 404),
  'GET /api/v1/account/summary': route((o) => `/account/summary?account_id=${o.demo}`, 404),
  'POST /api/v1/accounts': OWN,
  'GET /api/v1/accounts/:id/history': route((o) => `/accounts/${o.demo}/history`, 404),
  'POST /api/v1/accounts/:id/reset': route((o) => `/accounts/${o.demo}/reset`, 404),
  'GET /api/v1/accounts/:id/statements': route((o) => `/accounts/${o.live}/statements`, 404),
  'GET /api/v1/accounts/:id/statements/:file': route((o) => `/accounts/${o.live}/statements/${o.month}.csv`, 404),
  'GET /api/v1/accounts/:id/costs-statements/:year': route((o) => `/accounts/${o.live}/costs-statements/${o.month.slice(0, 4)}`, 404),
  'GET /api/v1/alerts': OWN,
  'POST /api/v1/alerts': OWN,
  'DELETE /api/v1/alerts/:id': route((o) => `/alerts/${o.alert}`, 404),
  'PUT /api/v1/alerts/:id': route((o) => `/alerts/${o.alert}`, 404, () => ({ kind: 'level', direction: 'above', level: 1.3 })),
  'POST /api/v1/alerts/:id/pause': route((o) => `/alerts/${o.alert}/pause`, 404),
  'POST /api/v1/alerts/:id/resume': route((o) => `/alerts/${o.alert}/resume`, 404),
  'GET /api/v1/assets': OWN,
  'GET /api/v1/assets/:id/candles': OWN,
  'POST /api/v1/auth/logout': OWN,
  'POST /api/v1/autotrader/off': OWN,
  'GET /api/v1/backtests': OWN,
  'POST /api/v1/backtests': OWN,
  'GET /api/v1/backtests/:id': route((o) => `/backtests/${o.backtest}`, 404),
  'POST /api/v1/broadcasting/auth': OWN, // the channel matrix below
  'GET /api/v1/chart-drawings/:assetId': OWN, // the id is an instrument's: each customer has their own drawings of it
  'PUT /api/v1/chart-drawings/:assetId': OWN,
  'GET /api/v1/chart-layout': OWN, // no id: each customer reads and writes their own layout
  'PUT /api/v1/chart-layout': OWN,
  'GET /api/v1/chat/messages': OWN,
  'POST /api/v1/chat/messages': route(() => '/chat/messages', 422, (o) => ({ message: 'mine now', attachments: [o.attachmentUrl] })),
  'GET /api/v1/chat/unread-count': OWN,
  'POST /api/v1/chat/upload': OWN,
  'GET /api/v1/chat/attachments/:id/download': route((o) => `/chat/attachments/${o.attachment}/download`, 404),
  'GET /api/v1/client-category': OWN,
  'POST /api/v1/client-category/professional': OWN,
  'POST /api/v1/client-category/retail': OWN,
  'GET /api/v1/client-category/evidence/:id/download': route((o) => `/client-category/evidence/${o.evidence}/download`, 404),
  'GET /api/v1/source-of-funds': OWN,
  'POST /api/v1/source-of-funds': OWN,
  'GET /api/v1/source-of-funds/:id/document': route((o) => `/source-of-funds/${o.declaration}/document`, 404),
  'GET /api/v1/closed/trades': route((o) => `/closed/trades?account_id=${o.demo}`, 404),
  'GET /api/v1/closed/trades/export.csv': route((o) => `/closed/trades/export.csv?account_id=${o.demo}`, 404),
  'GET /api/v1/courses': OWN,
  'GET /api/v1/courses/:id': route((o) => `/courses/${o.course}`, 403),
  'PUT /api/v1/courses/:id/lessons/:lessonId/complete': route((o) => `/courses/${o.course}/lessons/${o.lesson}/complete`, 403),
  'GET /api/v1/data': OWN,
  'GET /api/v1/deposit_options': OWN,
  'POST /api/v1/deposits/card': route(() => '/deposits/card', 422, (o) => ({ account_id: o.live, amount: 100, card })),
  'POST /api/v1/deposits/card/:id/confirm': route((o) => `/deposits/card/${o.cardDeposit}/confirm`, 404, () => ({ code: '123456' })),
  'POST /api/v1/deposits/crypto': route(() => '/deposits/crypto', 422, (o) => ({ account_id: o.live, wallet_id: 1, coin_amount: 100, tx_hash: 'a'.repeat(64) })),
  'POST /api/v1/deposits/demo': route(() => '/deposits/demo', 422, (o) => ({ account_id: o.demo, amount: 100 })),
  'GET /api/v1/expert_advisors': OWN,
  'GET /api/v1/market/socket': OWN,
  'GET /api/v1/money/requests': OWN,
  'POST /api/v1/money/requests/:id/cancel': route((o) => `/money/requests/${o.cardDeposit}/cancel`, 404),
  'POST /api/v1/notifications/:id/read': route((o) => `/notifications/${o.notification}/read`, 404),
  'GET /api/v1/open/trades': route((o) => `/open/trades?account_id=${o.demo}`, 404),
  'GET /api/v1/pending/orders': route((o) => `/pending/orders?account_id=${o.demo}`, 404),
  'GET /api/v1/plans': OWN,
  'POST /api/v1/plans/request': OWN,
  'GET /api/v1/push/public-key': OWN, // the server's key, the same for everyone
  'POST /api/v1/push/subscriptions': OWN, // a device's endpoint goes to whoever signs in on it last
  'DELETE /api/v1/push/subscriptions': OWN, // by endpoint: another customer's is not found (push-notifications.test.ts)
  'POST /api/v1/purchase/ea': route(() => '/purchase/ea', 404, (o) => ({ expert_advisor_id: o.robotEa, account_id: o.demo })),
  'GET /api/v1/robots': OWN,
  'DELETE /api/v1/robots/:eaId': route((o) => `/robots/${o.robotEa}`, 404),
  'PUT /api/v1/robots/:eaId': route((o) => `/robots/${o.robotEa}`, 422, (o) => ({ account_id: o.demo, asset_id: market.instruments.btcusd.id, status: 'stopped' })),
  'POST /api/v1/robots/kill_switch': route(() => '/robots/kill_switch', 422, (o) => ({ account_id: o.demo, halted: true })),
  'GET /api/v1/savings': OWN,
  'POST /api/v1/savings/deposit': route(() => '/savings/deposit', 422, (o) => ({ account_id: o.demo, amount: 10 })),
  'POST /api/v1/savings/withdraw': route(() => '/savings/withdraw', 422, (o) => ({ account_id: o.demo, amount: 10 })),
  'PATCH /api/v1/trade/:id': route((o) => `/trade/${o.trade}`, 404, () => ({ take_profit: 2, stop_loss: 0.5 })),
  'POST /api/v1/trade/:id/cancel': route((o) => `/trade/${o.pending}/cancel`, 404),
  'POST /api/v1/trade/:id/close': route((o) => `/trade/${o.trade}/close`, 404, () => ({})),
  'POST /api/v1/trades/close-all': route(() => '/trades/close-all', 404, (o) => ({ account_id: o.demo })),
  'GET /api/v1/trades/costs': route((o) => `/trades/costs?id=${market.instruments.eurusd.id}&volume=1&account_id=${o.live}`, 404),
  'POST /api/v1/trades/store': route(() => '/trades/store', 404, (o) => market.order({ account_id: o.demo })),
  'POST /api/v1/withdrawals': route(() => '/withdrawals', 422, (o) => ({ method: 'crypto', crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', account_id: o.live, amount: 10 })),
  'POST /api/v1/transfers': route(() => '/transfers', 422, (o) => ({ from_account_id: o.demo, to_account_id: o.live, amount: 1 })),
  'POST /api/v1/update/autotrader': OWN,
  'GET /api/v1/user': OWN,
  'DELETE /api/v1/user/avatar': OWN,
  'POST /api/v1/user/avatar': OWN,
  'POST /api/v1/user/email': OWN,
  'POST /api/v1/user/heartbeat': OWN,
  'POST /api/v1/user/password': OWN,
  'GET /api/v1/user/preferences': OWN,
  'PUT /api/v1/user/preferences': OWN,
  'GET /api/v1/user/profile': OWN,
  'PATCH /api/v1/user/profile': OWN,
  'DELETE /api/v1/user/sessions': OWN,
  'POST /api/v1/user/two-factor/setup': OWN,
  'POST /api/v1/user/two-factor/enable': OWN,
  'POST /api/v1/user/two-factor/disable': OWN,
  'GET /api/v1/user/sessions': OWN,
  'GET /api/v1/user/consents': OWN,
  'PUT /api/v1/user/consents': OWN,
  'GET /api/v1/user/data-exports': OWN,
  'POST /api/v1/user/data-exports': OWN,
  'GET /api/v1/user/data-exports/:id/download': route((o) => `/user/data-exports/${o.dataExport}/download`, 404),
  'POST /api/v1/user/erasure': OWN,
  'DELETE /api/v1/user/sessions/:id': route((o) => `/user/sessions/${o.session}`, 404),
  'GET /api/v1/appropriateness': OWN,
  'POST /api/v1/appropriateness': OWN,
  'POST /api/v1/appropriateness/acknowledge': OWN,
  'GET /api/v1/verification': OWN,
  'POST /api/v1/verification/documents': OWN,
  'GET /api/v1/verification/documents/:id/download': route((o) => `/verification/documents/${o.document}/download`, 404),
};

/** Public routes that serve what anyone may see: nothing in them is a customer's. */
const PUBLIC_WITHOUT_OWNER = /^\/api\/v1\/(auth\/|settings$|risk-warning$|realtime\/config$|avatars\/|marketplace\/images\/)/;

const accountsOf = (user: TestUser) => server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id);
const ok = async (res: Promise<Pick<ApiResponse, 'status' | 'body'>>, what: string) => {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  const admin = await createTestUser(server, { role: 'admin' });
  owner = await createTestUser(server);
  intruder = await createTestUser(server);
  const [demo, live] = await accountsOf(owner);
  const as = (method: string, path: string, body?: unknown) => ok(server.call(method, path, { token: owner.token, body }), `${method} ${path}`);
  const trendRider = (await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'trend-rider')))[0]!.id;
  await fundLiveAccount(server, owner);
  await as('POST', '/purchase/ea', { expert_advisor_id: trendRider });
  const course = (await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'cfd-course')))[0]!.id;
  await as('POST', '/purchase/ea', { expert_advisor_id: course });
  const lesson = (await server.ctx.db.select().from(courseLessons).where(eq(courseLessons.eaId, course)))[0]!.id;
  await as('PUT', `/robots/${trendRider}`, { asset_id: market.instruments.btcusd.id, status: 'stopped', params: { lots: 0.01, fast: 5, slow: 20, maType: 'ema', stopLossPct: 1 } });
  await ok(server.call('POST', '/admin/notifications', { token: admin.token, body: { user_id: owner.id, title: 'Hello', message: 'Welcome aboard' } }), 'notification');
  const user = await as('GET', '/user');
  const opened = await openTrade(server, market, owner);
  const form = new FormData();
  form.append('kind', 'id_front');
  form.append('file', new Blob([new Uint8Array(files.photo.jpeg)], { type: 'image/jpeg' }), 'passport.jpg');
  await ok(fetch(`${server.url}/api/v1/verification/documents`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form }).then(async (r) => ({ status: r.status, body: await r.json() })), 'document');
  const documents = (await as('GET', '/verification')).data.documents as { kind: string; file: { id: number } | null }[];
  const asking = new FormData();
  for (const [name, value] of Object.entries({ trades_per_quarter: '12', portfolio_eur: '600000', sector_years: '0', acknowledged: 'true' })) asking.append(name, value);
  asking.append('evidence', new Blob([new Uint8Array(files.pdf)], { type: 'application/pdf' }), 'statement.pdf');
  await ok(fetch(`${server.url}/api/v1/client-category/professional`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: asking }).then(async (r) => ({ status: r.status, body: await r.json() })), 'professional request');
  await ok(server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { source_of_funds_threshold: 1_000_000 } }), 'source-of-funds threshold');
  const declaring = new FormData();
  for (const [name, value] of Object.entries({ source: 'salary', description: 'Twelve years of salary as an engineer.' })) declaring.append(name, value);
  declaring.append('document', new Blob([new Uint8Array(files.pdf)], { type: 'application/pdf' }), 'payslips.pdf');
  await ok(fetch(`${server.url}/api/v1/source-of-funds`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: declaring }).then(async (r) => ({ status: r.status, body: await r.json() })), 'source-of-funds declaration');
  const attachment = await upload(server, owner.token, files.png, 'chart.png', { type: 'image/png' });
  owned = {
    demo: demo!.id,
    live: live!.id,
    trade: opened.id,
    tradeRef: opened.trade_id,
    pending: (await as('POST', '/trades/store', market.order({ order_type: 'limit', price: 1.05 }))).data.id,
    alert: (await as('POST', '/alerts', { asset_id: market.instruments.eurusd.id, kind: 'level', direction: 'above', level: 1.2 })).data.id,
    backtest: (await as('POST', '/backtests', { strategy: 'ma_crossover', params: { lots: 0.1, fast: 10, slow: 40 }, asset_id: market.instruments.btcusd.id, timeframe: '5m', from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() })).data.id,
    cardDeposit: (await as('POST', '/deposits/card', { account_id: live!.id, amount: 100, card })).data.id,
    notification: user.data.notifications[0].id,
    robotEa: trendRider,
    course,
    lesson,
    session: (await as('GET', '/user/sessions')).data[0].id,
    attachment: attachment.body.id,
    attachmentUrl: attachment.body.url,
    document: documents.find((d) => d.kind === 'id_front')!.file!.id,
    evidence: (await as('GET', '/client-category')).data.request.evidence[0].id,
    declaration: (await as('GET', '/source-of-funds')).data.declaration.id,
    month: new Date().toISOString().slice(0, 7),
    dataExport: (await as('POST', '/user/data-exports')).data.id,
  };
});
afterAll(() => server.close());

describe('another customer: every customer route with the owner’s ids', () => {
  it('has an entry for every customer route and every public route that serves a customer’s things', () => {
    const routes = server.app.routeTable.filter((r) => r.auth === 'user' || (r.auth === 'public' && !PUBLIC_WITHOUT_OWNER.test(r.url)));
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k) => !(k in matrix)), 'routes without an entry').toEqual([]);
    expect(Object.keys(matrix).filter((k) => !keys.includes(k)), 'entries without a route').toEqual([]);
  });

  it('refuses the intruder exactly as listed; the answers carry nothing of the owner’s, whose things stay as they were', async () => {
    const balances = (await accountsOf(owner)).map((a) => a.balance);
    const got: string[] = [];
    const want: string[] = [];
    for (const [key, entry] of Object.entries(matrix)) {
      if (entry === OWN) continue;
      const res = await server.call(key.split(' ')[0]!, entry.path(owned), { token: intruder.token, body: entry.body?.(owned) });
      got.push(`${key} -> ${res.status}`);
      want.push(`${key} -> ${entry.status}`);
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      expect(text, key).not.toContain(owner.email);
      expect(text, key).not.toContain(owned.tradeRef);
    }
    expect(got).toEqual(want);
    expect(got.length).toBeGreaterThan(30);

    const mine = await server.ctx.db.select().from(trades).where(eq(trades.userId, owner.id));
    expect(mine.find((t) => t.id === owned.trade)).toMatchObject({ status: 'open', takeProfit: null });
    expect(mine.find((t) => t.id === owned.pending)?.status).toBe('pending');
    expect((await accountsOf(owner)).map((a) => a.balance)).toEqual(balances);
    expect((await server.ctx.db.select().from(notifications).where(eq(notifications.id, owned.notification)))[0]!.read).toBe(false);
    const get = (path: string) => server.call('GET', path, { token: owner.token });
    expect((await get('/alerts')).body.data.find((a: { id: number }) => a.id === owned.alert)).toMatchObject({ status: 'active', level: 1.2 });
    expect((await get(`/backtests/${owned.backtest}`)).status).toBe(200);
    expect((await get('/money/requests')).body.data.find((r: { id: number }) => r.id === owned.cardDeposit)).toMatchObject({ status: 'requested' });
    expect((await get('/robots')).body.data.find((r: { ea_id: number }) => r.ea_id === owned.robotEa)).toMatchObject({ status: 'stopped', account_id: owned.demo });
    expect((await get('/user')).status).toBe(200); // the session the intruder named is still signed in
  });
});

describe('another customer: every private channel', () => {
  it('signs each channel kind for its owner and staff as listed, never for another customer', async () => {
    const admin = await createTestUser(server, { role: 'admin' });
    const support = await createTestUser(server, { role: 'support' });
    type Who = 'owner' | 'another customer' | 'support' | 'admin';
    const expected: Record<keyof typeof channels, Record<Who, number>> = {
      notification: { owner: 200, 'another customer': 403, support: 403, admin: 403 },
      user: { owner: 200, 'another customer': 403, support: 403, admin: 403 },
      trade: { owner: 200, 'another customer': 403, support: 403, admin: 403 },
      chat: { owner: 200, 'another customer': 403, support: 200, admin: 200 },
      admin: { owner: 403, 'another customer': 403, support: 200, admin: 200 },
      desk: { owner: 403, 'another customer': 403, support: 403, admin: 200 },
    };
    expect(Object.keys(expected).sort()).toEqual(Object.keys(channels).sort());
    const tokens: Record<Who, string> = { owner: owner.token, 'another customer': intruder.token, support: support.token, admin: admin.token };
    for (const [kind, name] of Object.entries(channels) as [keyof typeof channels, (id: number) => string][]) {
      const channel_name = `private-${name(owner.id)}`;
      const anonymous = await server.call('POST', '/broadcasting/auth', { body: { socket_id: '1.2', channel_name } });
      expect(anonymous.status, `anonymous on ${kind}`).toBe(401);
      for (const who of Object.keys(tokens) as Who[]) {
        const res = await server.call('POST', '/broadcasting/auth', { token: tokens[who], body: { socket_id: '1.2', channel_name } });
        expect(`${who} on ${channel_name}: ${res.status}`).toBe(`${who} on ${channel_name}: ${expected[kind][who]}`);
      }
    }
  });
});
