import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCategoryMessages as msg, notices } from '@bourse/contract';
import { accountTypes, assets, auditLog, notifications, professionalRequests, users } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files } from './helpers/files.ts';
import { type ApiResponse, startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket, type TestMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let support: TestUser;
let presetOfNewSite: string;
beforeAll(async () => {
  server = await startTestServer();
  presetOfNewSite = (await server.call('GET', '/settings')).body.data.leverage_preset;
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  support = await createTestUser(server, { role: 'support' });
});
afterAll(() => server.close());

/** A questionnaire meeting the trades and portfolio criteria. */
const answers = (over: Record<string, string | null> = {}) => ({
  trades_per_quarter: '14',
  portfolio_eur: '750000',
  sector_years: '0',
  sector_role: '',
  acknowledged: 'true',
  ...over,
});

/** POST /client-category/professional as the client area sends it: the answers and the evidence files, multipart. */
async function ask(token: string, fields: Record<string, string | null> = answers(), evidence: { name: string; content: Buffer }[] = [{ name: 'statement.pdf', content: files.pdf }]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  for (const file of evidence) form.append('evidence', new Blob([new Uint8Array(file.content)]), file.name);
  const res = await fetch(`${server.url}/api/v1/client-category/professional`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as ApiResponse['body'] };
}
const overview = async (user: TestUser) => (await server.call('GET', '/client-category', { token: user.token })).body.data;
const pendingOf = async (user: TestUser) =>
  ((await server.call('GET', '/admin/professional_requests?status=pending', { token: admin.token })).body.data as { id: number; user_id: number }[]).find((r) => r.user_id === user.id);
const approve = (id: number, token = admin.token) => server.call('POST', `/admin/professional_requests/${id}/approve`, { token });
const reject = (id: number, reason: unknown, token = admin.token) => server.call('POST', `/admin/professional_requests/${id}/reject`, { token, body: { reason } });
const revert = (user: TestUser) => server.call('POST', '/client-category/retail', { token: user.token });
const setPreset = (preset: string, token = admin.token) => server.call('PUT', '/admin/settings', { token, body: { leverage_preset: preset } });
const evidenceFiles = async () => readdir(path.join(server.ctx.config.dataDir, 'uploads', 'professional')).catch(() => [] as string[]);
const auditActions = async (userId: number) =>
  (await server.ctx.db.select().from(auditLog).where(eq(auditLog.userId, userId)).orderBy(desc(auditLog.id))).map((e) => e.action).filter((a) => a.startsWith('client_category.'));

/** A professional client: asked, and approved by the admin. */
async function professional(user: TestUser) {
  expect((await ask(user.token)).status).toBe(201);
  expect((await approve((await pendingOf(user))!.id)).status).toBe(200);
}

describe('leverage caps for retail clients', () => {
  /** The catalogue instruments priced for this suite, by symbol. */
  const priced: Record<string, { id: number; symbol: string; name: string; price: number }> = {};
  let proPlan: number;
  beforeAll(async () => {
    for (const [symbol, price] of [['AUDUSD', 0.66], ['XAUUSD', 2345], ['US500', 5230], ['US2000', 2060], ['USOIL', 78.4], ['AAPL', 190]] as const) {
      const [row] = await server.ctx.db.select().from(assets).where(eq(assets.symbol, symbol));
      market.prices.set(row!.id, price, { bid: price * 0.9999, ask: price * 1.0001 });
      priced[symbol] = { id: row!.id, symbol, name: row!.name, price: price * 1.0001 };
    }
    proPlan = (await server.ctx.db.select().from(accountTypes).where(eq(accountTypes.title, 'Pro')))[0]!.id;
    // Set before any order reads the settings (FCA and ASIC share its figures: see the domain's tests).
    expect((await setPreset('esma')).status).toBe(200);
  });
  /** A customer on the Pro plan: 1:500 on forex, far over every ceiling. */
  const proPlanCustomer = async () => {
    const user = await createTestUser(server);
    await server.ctx.db.update(users).set({ accountTypeId: proPlan }).where(eq(users.id, user.id));
    return user;
  };
  const order = async (user: TestUser, symbol?: string) => {
    const inst = symbol ? priced[symbol]! : null;
    const body = inst ? market.order({ id: inst.id, asset_symbol: inst.symbol, asset_name: inst.name, opening_price: inst.price, leverage: 500 }) : market.order({ leverage: 500 });
    const res = await server.call('POST', '/trades/store', { token: user.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; leverage: number; margin: string };
  };

  it("caps a retail client over the plan's higher leverage, class by class, and margins at the capped leverage", async () => {
    const user = await proPlanCustomer();
    const eurusd = await order(user);
    expect(eurusd.leverage).toBe(30);
    // 0.01 lots × 100,000 × 1.1001 / 30.
    expect(eurusd.margin).toBe('36.67');
    const levels = Object.fromEntries(await Promise.all(Object.keys(priced).map(async (s) => [s, (await order(user, s)).leverage] as const)));
    expect(levels).toEqual({ AUDUSD: 20, XAUUSD: 20, US500: 20, US2000: 10, USOIL: 10, AAPL: 5 });
    const btc = market.instruments.btcusd;
    const coin = await server.call('POST', '/trades/store', { token: user.token, body: market.order({ id: btc.id, asset_symbol: btc.symbol, asset_name: btc.name, opening_price: 60_010, leverage: 10 }) });
    expect(coin.body.data.leverage).toBe(2);
  });

  it("does not cap a professional client (the plan's and the group's ceilings still apply); open positions keep their leverage", async () => {
    const user = await proPlanCustomer();
    const retail = await order(user);
    expect(retail.leverage).toBe(30);
    await professional(user);
    expect((await order(user)).leverage).toBe(100);
    expect((await order(user, 'AAPL')).leverage).toBe(20);
    const open = (await server.call('GET', '/open/trades', { token: user.token })).body.data as { id: number; leverage: number; margin: string }[];
    expect(open.find((t) => t.id === retail.id)).toMatchObject({ leverage: 30, margin: '36.67' });

    // The group's ceiling still bounds a professional client.
    const group = await server.call('POST', '/admin/groups', { token: admin.token, body: { name: `Capped ${crypto.randomUUID().slice(0, 6)}`, commission_mode: 'none', leverage: { forex: 50 } } });
    const [account] = (await server.call('GET', '/user', { token: user.token })).body.data.accounts as { id: number }[];
    expect((await server.call('PUT', `/admin/accounts/${account!.id}/group`, { token: admin.token, body: { group_id: group.body.data.id } })).status).toBe(200);
    expect((await order(user)).leverage).toBe(50);

    // Back to retail: capped again from the next order.
    expect((await revert(user)).status).toBe(200);
    expect((await order(user)).leverage).toBe(30);
  });

  it('caps nobody under the preset none', async () => {
    const user = await proPlanCustomer();
    expect((await setPreset('none')).status).toBe(200);
    // The order path reads the settings at most a second old.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await order(user)).leverage).toBe(100);
    expect((await order(user, 'AAPL')).leverage).toBe(20);
    expect((await setPreset('esma')).status).toBe(200);
  });
});

describe('the site setting', () => {
  it("is none on a new site: SPEC §9's leverage until the operator picks a regulator's preset", () => {
    expect(presetOfNewSite).toBe('none');
  });

  it('is public, changed by admins only, checked by the contract and audited', async () => {
    expect((await server.call('GET', '/settings')).body.data.leverage_preset).toBe('esma');
    const bad = await setPreset('cysec');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.leverage_preset).toEqual(['Choose ESMA, FCA, ASIC or none.']);
    expect((await setPreset('asic', support.token)).status).toBe(403);
    const customer = await createTestUser(server);
    expect((await setPreset('none', customer.token)).status).toBe(403);
    expect((await setPreset('fca')).status).toBe(200);
    expect((await server.call('GET', '/settings')).body.data.leverage_preset).toBe('fca');
    const [entry] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.updated')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.details).toEqual({ leverage_preset: 'fca' });
    expect((await setPreset('esma')).status).toBe(200);
  });
});

describe('asking to be treated as professional', () => {
  it('refuses bad input on the field at fault and keeps nothing', async () => {
    const user = await createTestUser(server);
    const before = await evidenceFiles();
    const missing = await ask(user.token, { trades_per_quarter: null, portfolio_eur: null, sector_years: null, sector_role: null, acknowledged: null });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['acknowledged', 'portfolio_eur', 'sector_years', 'trades_per_quarter']);
    expect(missing.body.errors.trades_per_quarter).toEqual([msg.trades]);
    expect(missing.body.errors.acknowledged).toEqual([msg.acknowledged]);

    const cases: [Record<string, string | null>, string, string][] = [
      [answers({ trades_per_quarter: '3', portfolio_eur: '750000' }), 'criteria', msg.criteria],
      [answers({ trades_per_quarter: 'many' }), 'trades_per_quarter', msg.trades],
      [answers({ portfolio_eur: '-5' }), 'portfolio_eur', msg.portfolio],
      [answers({ trades_per_quarter: '0', sector_years: '2', sector_role: '' }), 'sector_role', msg.sectorRole],
      [answers({ acknowledged: 'false' }), 'acknowledged', msg.acknowledged],
    ];
    for (const [fields, field, message] of cases) {
      const res = await ask(user.token, fields);
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field], field).toEqual([message]);
      expect(res.body.message).toBe(message);
    }
    const evidenceCases: [{ name: string; content: Buffer }[], string][] = [
      [[], msg.evidenceRequired],
      [[{ name: 'notes.html', content: files.html }], msg.evidenceType],
      [[{ name: 'statement.pdf', content: files.pdf }, { name: 'x.exe', content: files.exe }], msg.evidenceType],
      // A JPEG header over nothing does not decode.
      [[{ name: 'scan.jpg', content: files.jpeg }], msg.evidenceDamaged],
      [Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, content: files.png })), msg.evidenceTooMany],
    ];
    for (const [evidence, message] of evidenceCases) {
      const res = await ask(user.token, answers(), evidence);
      expect(res.status, message).toBe(422);
      expect(res.body.errors.evidence).toEqual([message]);
    }
    expect(await evidenceFiles()).toEqual(before);
    expect(await server.ctx.db.select().from(professionalRequests).where(eq(professionalRequests.userId, user.id))).toEqual([]);
    expect((await overview(user)).request).toBeNull();
    // Reverting is for professional clients.
    const back = await revert(user);
    expect(back.status).toBe(409);
    expect(back.body.errors.category).toEqual([msg.alreadyRetail]);
  });

  it('is retail by default; a request waits with its answers and evidence, and a second one is refused', async () => {
    const user = await createTestUser(server);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.client_category).toBe('retail');
    expect(await overview(user)).toEqual({ category: 'retail', request: null });
    const sent = await ask(user.token, answers({ trades_per_quarter: '0', sector_years: '3', sector_role: 'Trader at Example Bank' }), [
      { name: 'portfolio.pdf', content: files.pdf },
      { name: 'letter.png', content: files.png },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message).toBe(msg.requested);
    expect(sent.body.data).toMatchObject({
      category: 'retail',
      request: {
        status: 'pending',
        trades_per_quarter: 0,
        portfolio_eur: 750_000,
        sector_years: 3,
        sector_role: 'Trader at Example Bank',
        criteria: { trades: false, portfolio: true, experience: true },
        reason: null,
      },
    });
    expect(sent.body.data.request.evidence.map((e: { file_name: string; mime_type: string }) => [e.file_name, e.mime_type])).toEqual([
      ['portfolio.pdf', 'application/pdf'],
      ['letter.png', 'image/png'],
    ]);
    const [row] = await server.ctx.db.select().from(professionalRequests).where(eq(professionalRequests.userId, user.id));
    expect(row!.acknowledgedAt).toBeInstanceOf(Date);
    expect(await auditActions(user.id)).toEqual(['client_category.requested']);

    const again = await ask(user.token);
    expect(again.status).toBe(409);
    expect(again.body.errors.request).toEqual([msg.pending]);
    expect(await server.ctx.db.select().from(professionalRequests).where(eq(professionalRequests.userId, user.id))).toHaveLength(1);
  });

  it('keeps exactly one of concurrent requests, removing the others’ files', async () => {
    const user = await createTestUser(server);
    const before = (await evidenceFiles()).length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => ask(user.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.errors.request).toEqual([msg.pending]);
    expect(await server.ctx.db.select().from(professionalRequests).where(eq(professionalRequests.userId, user.id))).toHaveLength(1);
    expect((await evidenceFiles()).length).toBe(before + 1);
  });

  it('lets the owner and staff download the evidence, nobody else', async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    expect((await ask(user.token)).status).toBe(201);
    const [file] = (await overview(user)).request.evidence as { id: number }[];
    const download = async (token: string) => {
      const res = await fetch(`${server.url}/api/v1/client-category/evidence/${file!.id}/download`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
    };
    expect(await download(user.token)).toEqual({ status: 200, body: files.pdf, type: 'application/pdf' });
    expect((await download(other.token)).status).toBe(404);
    expect((await download(support.token)).status).toBe(200);
    expect(await auditActions(user.id)).toContain('client_category.evidence_viewed');
  });
});

describe('the back office decides', () => {
  it('lets staff read the queue, only admins decide; a rejection is told with its reason', async () => {
    const user = await createTestUser(server);
    expect((await ask(user.token)).status).toBe(201);
    const listed = await server.call('GET', '/admin/professional_requests', { token: support.token });
    expect(listed.status).toBe(200);
    const mine = (listed.body.data as { id: number; user_id: number; email: string; criteria: unknown; evidence: unknown[] }[]).find((r) => r.user_id === user.id)!;
    expect(mine).toMatchObject({ email: user.email, status: 'pending', criteria: { trades: true, portfolio: true, experience: false }, decided_by: null });
    expect(mine.evidence).toHaveLength(1);

    expect((await server.call('GET', '/admin/professional_requests', { token: user.token })).status).toBe(403);
    for (const token of [user.token, support.token]) {
      expect((await approve(mine.id, token)).status).toBe(403);
      expect((await reject(mine.id, 'No', token)).status).toBe(403);
    }
    expect((await reject(mine.id, '  ')).status).toBe(422);
    expect((await approve(999_999)).status).toBe(404);

    expect((await reject(mine.id, 'The statements do not show trades of significant size')).status).toBe(200);
    expect(await overview(user)).toMatchObject({ category: 'retail', request: { status: 'rejected', reason: 'The statements do not show trades of significant size' } });
    const [note] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.id)).limit(1);
    expect(note).toMatchObject({ titleKey: notices.professionalRejectedTitle, messageKey: notices.professionalRejected });
    expect((await approve(mine.id)).status).toBe(409);
    expect(await auditActions(user.id)).toEqual(['client_category.rejected', 'client_category.requested']);
  });

  it('approves: the customer is professional at once, cannot ask again, and reverts to retail at once on request', async () => {
    const user = await createTestUser(server);
    await professional(user);
    expect((await server.call('GET', '/user', { token: user.token })).body.data.client_category).toBe('professional');
    expect(await overview(user)).toMatchObject({ category: 'professional', request: { status: 'approved', reason: null } });
    const listed = (await server.call('GET', '/admin/professional_requests?status=approved', { token: admin.token })).body.data as { user_id: number; decided_by: string }[];
    expect(listed.find((r) => r.user_id === user.id)!.decided_by).toBe(admin.email);
    const [approved] = await server.ctx.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.titleKey, notices.professionalApprovedTitle)));
    expect(approved).toBeDefined();

    const again = await ask(user.token);
    expect(again.status).toBe(409);
    expect(again.body.errors.category).toEqual([msg.alreadyProfessional]);

    const back = await revert(user);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ message: msg.reverted, data: { category: 'retail' } });
    expect((await server.call('GET', '/user', { token: user.token })).body.data.client_category).toBe('retail');
    expect((await revert(user)).status).toBe(409);
    expect(await auditActions(user.id)).toEqual(['client_category.reverted', 'client_category.approved', 'client_category.requested']);
    // Retail again, the customer may ask once more.
    expect((await ask(user.token)).status).toBe(201);
  });
});
