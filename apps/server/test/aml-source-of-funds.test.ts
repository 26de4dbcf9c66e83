import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, SOURCE_OF_FUNDS_MAX_BYTES, sourceOfFundsMessages as msg } from '@bourse/contract';
import { auditLog, depositWallets, moneyRequests, notifications, sourceOfFunds, tradingAccounts } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files } from './helpers/files.ts';
import { type ApiResponse, startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let admin: TestUser;
let support: TestUser;
let wallet: number;
const THRESHOLD = 5000;

beforeAll(async () => {
  server = await startTestServer();
  // Crypto deposits are valued at the server's prices; a dollar stablecoin at one dollar.
  await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  support = await createTestUser(server, { role: 'support' });
  const [row] = await server.ctx.db.insert(depositWallets).values({ crypto: 'usdt-trc20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', minAmount: '50' }).returning();
  wallet = row!.id;
  const set = await server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { source_of_funds_threshold: THRESHOLD } });
  expect([set.status, set.body.data.source_of_funds_threshold]).toEqual([200, THRESHOLD]);
});
afterAll(() => server.close());

const hash = () => Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const liveOf = async (userId: number) => (await server.ctx.db.select().from(tradingAccounts).where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.kind, 'live'))))[0]!.id;
const deposit = async (user: TestUser, amount: number) => server.call('POST', '/deposits/crypto', { token: user.token, body: { account_id: await liveOf(user.id), wallet_id: wallet, coin_amount: amount, tx_hash: hash() } });
const approveDeposit = (id: number, amount: number) => server.call('POST', `/admin/money/${id}/approve`, { token: admin.token, body: { credited_amount: amount } });
const overview = async (user: TestUser) => (await server.call('GET', '/source-of-funds', { token: user.token })).body.data;
const declarations = async (status?: string, token = admin.token) => server.call('GET', `/admin/aml/source-of-funds${status ? `?status=${status}` : ''}`, { token });
const storedFiles = async () => readdir(path.join(server.ctx.config.dataDir, 'uploads', 'source-of-funds')).catch(() => [] as string[]);

const fields = (over: Record<string, string | null> = {}) => ({ source: 'savings', description: 'Savings from my salary over ten years at the same employer.', ...over });

/** POST /source-of-funds as the client area sends it: the fields and the document, multipart. */
async function declare(token: string, values: Record<string, string | null> = fields(), document: { name: string; content: Buffer; type?: string } | null = { name: 'payslips.pdf', content: files.pdf }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== null) form.append(name, value);
  if (document) form.append('document', new Blob([new Uint8Array(document.content)], { type: document.type ?? 'application/pdf' }), document.name);
  const res = await fetch(`${server.url}/api/v1/source-of-funds`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as ApiResponse['body'] };
}

describe('deposits past the source-of-funds threshold', () => {
  it('holds the deposit that passes the threshold: staff cannot credit it until the declaration is approved, then can', async () => {
    const user = await createTestUser(server);
    const first = await deposit(user, 3000);
    expect(first.status).toBe(201);
    expect(first.body.data.details.source_of_funds_hold).toBeUndefined();
    expect((await approveDeposit(first.body.data.id, 3000)).status).toBe(200);
    expect(await overview(user)).toMatchObject({ threshold: THRESHOLD, deposited: '3000.00', needed: false, held_deposits: 0, declaration: null });

    // 3,000 + 2,500 passes 5,000: taken, held, the customer told.
    const second = await deposit(user, 2500);
    expect(second.status).toBe(201);
    expect(second.body.data.details.source_of_funds_hold).toBe(true);
    expect(await overview(user)).toMatchObject({ deposited: '5500.00', needed: true, held_deposits: 1 });
    const [note] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.id)).limit(1);
    expect(note).toMatchObject({ title: notices.sourceOfFundsNeededTitle });
    const queued = async () => ((await server.call('GET', '/admin/money?kind=deposit', { token: admin.token })).body.data as { id: number; source_of_funds_held: boolean }[]).find((r) => r.id === second.body.data.id);
    expect((await queued())?.source_of_funds_held).toBe(true);
    const refused = await approveDeposit(second.body.data.id, 2500);
    expect([refused.status, refused.body.message]).toEqual([409, msg.depositHeld]);
    const [row] = await server.ctx.db.select().from(moneyRequests).where(eq(moneyRequests.id, second.body.data.id));
    expect(row!.status).toBe('requested');

    const sent = await declare(user.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message).toBe(msg.sent);
    expect(sent.body.data.declaration).toMatchObject({ source: 'savings', status: 'pending', file_name: 'payslips.pdf' });
    expect((await approveDeposit(second.body.data.id, 2500)).status).toBe(409);
    const again = await declare(user.token);
    expect([again.status, again.body.message]).toEqual([409, msg.pending]);

    const waiting = ((await declarations('pending')).body.data as { id: number; user_id: number }[]).find((d) => d.user_id === user.id)!;
    expect(waiting).toMatchObject({ customer: 'Test User', email: user.email, deposited: '5500.00', held_deposits: 1, status: 'pending' });
    const approved = await server.call('POST', `/admin/aml/source-of-funds/${waiting.id}/approve`, { token: admin.token });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', decided_by: admin.email });
    const twice = await server.call('POST', `/admin/aml/source-of-funds/${waiting.id}/reject`, { token: admin.token, body: { reason: 'again' } });
    expect([twice.status, twice.body.message]).toEqual([409, msg.notPending]);

    expect((await queued())?.source_of_funds_held).toBe(false);
    expect((await approveDeposit(second.body.data.id, 2500)).status).toBe(200);
    // One approved declaration covers the customer: later deposits are not held.
    const third = await deposit(user, 4000);
    expect(third.body.data.details.source_of_funds_hold).toBeUndefined();
    expect(await overview(user)).toMatchObject({ needed: false, declaration: { status: 'approved' } });
    const actions = (await server.ctx.db.select().from(auditLog).where(eq(auditLog.userId, user.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['aml.deposit_held', 'aml.source_of_funds_declared', 'aml.source_of_funds_approved', 'deposit.approved']));
    const [approvedNote] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.id)).limit(1);
    expect(approvedNote!.title).toBe(notices.depositCreditedTitle);
  });

  it('counts live deposits waiting or credited only: cancelled and rejected ones do not add up', async () => {
    const user = await createTestUser(server);
    const cancelled = await deposit(user, 4000);
    expect((await server.call('POST', `/money/requests/${cancelled.body.data.id}/cancel`, { token: user.token })).status).toBe(200);
    const rejected = await deposit(user, 4000);
    expect((await server.call('POST', `/admin/money/${rejected.body.data.id}/reject`, { token: admin.token, body: { reason: 'Nothing arrived.' } })).status).toBe(200);
    const within = await deposit(user, 4000);
    expect(within.body.data.details.source_of_funds_hold).toBeUndefined();
    expect((await overview(user)).deposited).toBe('4000.00');
  });

  it('a rejected declaration keeps the deposit held, tells the customer why, and a new one can be sent', async () => {
    const user = await createTestUser(server);
    const held = await deposit(user, 6000);
    expect(held.body.data.details.source_of_funds_hold).toBe(true);
    expect((await declare(user.token, fields({ source: 'other', other_source: 'Lottery win', description: 'Won the national lottery in March.' }))).status).toBe(201);
    const mine = ((await declarations('pending')).body.data as { id: number; user_id: number }[]).find((d) => d.user_id === user.id)!;
    const noReason = await server.call('POST', `/admin/aml/source-of-funds/${mine.id}/reject`, { token: admin.token, body: { reason: ' ' } });
    expect([noReason.status, noReason.body.errors?.reason]).toEqual([422, [msg.reason]]);
    const rejected = await server.call('POST', `/admin/aml/source-of-funds/${mine.id}/reject`, { token: admin.token, body: { reason: 'The document does not name you.' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'The document does not name you.', other_source: 'Lottery win' });
    expect((await approveDeposit(held.body.data.id, 6000)).status).toBe(409);
    const [note] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.id)).limit(1);
    expect(note).toMatchObject({ title: notices.sourceOfFundsRejectedTitle });
    expect(await overview(user)).toMatchObject({ needed: true, declaration: { status: 'rejected', reason: 'The document does not name you.' } });
    expect((await declare(user.token)).status).toBe(201);
    const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'aml.source_of_funds_rejected'), eq(auditLog.userId, user.id)));
    expect(entry).toMatchObject({ actorId: admin.id, details: { reason: 'The document does not name you.' } });
  });
});

describe('card payments past the threshold', () => {
  it('refuses one before the card is charged until the declaration is approved, then takes it', async () => {
    const user = await createTestUser(server);
    const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Test User' };
    const pay = async (amount: number) => server.call('POST', '/deposits/card', { token: user.token, body: { account_id: await liveOf(user.id), amount, card } });
    expect((await pay(4000)).status).toBe(201);
    const refused = await pay(2000);
    expect([refused.status, refused.body.message, refused.body.errors?.amount]).toEqual([403, msg.cardNeedsDeclaration, [msg.cardNeedsDeclaration]]);
    expect((await server.ctx.db.select().from(moneyRequests).where(eq(moneyRequests.userId, user.id))).map((r) => r.amount)).toEqual(['4000.00']);
    // Below the threshold nothing is held, yet the deposit page offers the declaration in advance.
    expect(await overview(user)).toMatchObject({ needed: false, held_deposits: 0 });
    expect((await declare(user.token)).status).toBe(201);
    const mine = ((await declarations('pending')).body.data as { id: number; user_id: number }[]).find((d) => d.user_id === user.id)!;
    expect((await server.call('POST', `/admin/aml/source-of-funds/${mine.id}/approve`, { token: admin.token })).status).toBe(200);
    const paid = await pay(2000);
    expect([paid.status, paid.body.data.status]).toEqual([201, 'completed']);
  });
});

describe('the declaration form', () => {
  it('refuses missing fields, naming each', async () => {
    const user = await createTestUser(server);
    const none = await declare(user.token, {}, { name: 'a.pdf', content: files.pdf });
    expect(none.status).toBe(422);
    expect(none.body.errors).toMatchObject({ source: [msg.source], description: [msg.description] });
    const other = await declare(user.token, fields({ source: 'other' }));
    expect([other.status, other.body.errors?.other_source]).toEqual([422, [msg.otherSource]]);
    const short = await declare(user.token, fields({ description: 'cash' }));
    expect([short.status, short.body.errors?.description]).toEqual([422, [msg.description]]);
    const unknown = await declare(user.token, fields({ source: 'lottery' }));
    expect([unknown.status, unknown.body.errors?.source]).toEqual([422, [msg.source]]);
    const noFile = await declare(user.token, fields(), null);
    expect([noFile.status, noFile.body.errors?.document]).toEqual([422, [msg.documentRequired]]);
    expect((await overview(user)).declaration).toBeNull();
  });

  it('judges the document by its content and size, and stores nothing refused', async () => {
    const user = await createTestUser(server);
    const before = await storedFiles();
    // An executable named and typed as a PDF.
    const exe = await declare(user.token, fields(), { name: 'payslip.pdf', content: files.exe, type: 'application/pdf' });
    expect([exe.status, exe.body.errors?.document]).toEqual([422, [msg.documentType]]);
    const docx = await declare(user.token, fields(), { name: 'letter.docx', content: files.docx() });
    expect([docx.status, docx.body.message]).toEqual([422, msg.documentType]);
    const broken = await declare(user.token, fields(), { name: 'scan.png', content: files.png.subarray(0, 40), type: 'image/png' });
    expect([broken.status, broken.body.message]).toEqual([422, msg.documentDamaged]);
    const big = await declare(user.token, fields(), { name: 'huge.pdf', content: Buffer.concat([files.pdf, Buffer.alloc(SOURCE_OF_FUNDS_MAX_BYTES)]) });
    expect([big.status, big.body.message]).toEqual([413, msg.documentTooLarge]);
    expect(await storedFiles()).toEqual(before);
    expect((await overview(user)).declaration).toBeNull();
    const png = await declare(user.token, fields(), { name: 'statement.png', content: files.png, type: 'image/png' });
    expect(png.status).toBe(201);
    expect(await storedFiles()).toHaveLength(before.length + 1);
  });

  it('lets the owner and administrators download the document; another customer gets 404 and support is refused', async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    expect((await declare(owner.token)).status).toBe(201);
    const id = (await overview(owner)).declaration.id as number;
    const download = async (token: string) => {
      const res = await fetch(`${server.url}/api/v1/source-of-funds/${id}/document`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
    };
    expect(await download(owner.token)).toEqual({ status: 200, type: 'application/pdf', body: files.pdf });
    expect((await download(admin.token)).status).toBe(200);
    const [viewed] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'aml.source_of_funds_viewed'), eq(auditLog.subjectId, String(id))));
    expect(viewed).toMatchObject({ actorId: admin.id, userId: owner.id });
    const intruder = await download(other.token);
    expect(intruder.status).toBe(404);
    expect(intruder.body.toString()).not.toContain('%PDF');
    expect((await download(support.token)).status).toBe(404);
    expect((await server.call('GET', '/source-of-funds/999999/document', { token: admin.token })).status).toBe(404);
  });

  it('is reviewed by administrators only: customers and support are refused the review, staff cannot declare', async () => {
    const customer = await createTestUser(server);
    for (const user of [customer, support]) {
      expect((await declarations(undefined, user.token)).status).toBe(403);
      expect((await server.call('POST', '/admin/aml/source-of-funds/1/approve', { token: user.token })).status).toBe(403);
      expect((await server.call('POST', '/admin/aml/source-of-funds/1/reject', { token: user.token, body: { reason: 'x' } })).status).toBe(403);
    }
    expect((await declare(support.token)).status).toBe(403);
    expect((await server.call('GET', '/source-of-funds')).status).toBe(401);
    expect((await server.call('POST', '/admin/aml/source-of-funds/999999/approve', { token: admin.token })).status).toBe(404);
  });

  it('is not taken while the rule is off, and an approved customer has nothing more to declare', async () => {
    const user = await createTestUser(server);
    expect((await declare(user.token)).status).toBe(201);
    const mine = ((await declarations('pending')).body.data as { id: number; user_id: number }[]).find((d) => d.user_id === user.id)!;
    expect((await server.call('POST', `/admin/aml/source-of-funds/${mine.id}/approve`, { token: admin.token })).status).toBe(200);
    const done = await declare(user.token);
    expect([done.status, done.body.message]).toEqual([409, msg.alreadyApproved]);
    await server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { source_of_funds_threshold: null } });
    try {
      const off = await declare((await createTestUser(server)).token);
      expect([off.status, off.body.message]).toEqual([409, msg.notRequired]);
      expect((await deposit(await createTestUser(server), 9000)).body.data.details.source_of_funds_hold).toBeUndefined();
    } finally {
      await server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { source_of_funds_threshold: THRESHOLD } });
    }
  });
});

describe('data rights', () => {
  it('puts the declaration and its document in the customer’s copy; erasure keeps them as AML records and closes a waiting one', async () => {
    const user = await createTestUser(server);
    expect((await declare(user.token, fields(), { name: 'statement.png', content: files.png, type: 'image/png' })).status).toBe(201);
    const started = await server.call('POST', '/user/data-exports', { token: user.token });
    expect(started.status).toBe(202);
    let status = 'building';
    for (let i = 0; i < 200 && status === 'building'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await server.call('GET', '/user/data-exports', { token: user.token })).body.data.find((e: { id: number }) => e.id === started.body.data.id).status;
    }
    const zip = await fetch(`${server.url}/api/v1/user/data-exports/${started.body.data.id}/download`, { headers: { authorization: `Bearer ${user.token}` } });
    const unzipped = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const data = JSON.parse(Buffer.from(unzipped['data.json']!).toString('utf8'));
    expect(data.source_of_funds).toEqual([expect.objectContaining({ source: 'savings', status: 'pending', file_name: 'statement.png' })]);
    const document = Object.keys(unzipped).find((name) => name.startsWith('files/source-of-funds/'));
    expect(document).toMatch(/statement\.png$/);
    expect(Buffer.from(unzipped[document!]!)).toEqual(files.png);

    expect((await server.call('POST', '/user/erasure', { token: user.token, body: { password: user.password, confirm: true } })).status).toBe(200);
    const [kept] = await server.ctx.db.select().from(sourceOfFunds).where(eq(sourceOfFunds.userId, user.id));
    expect(kept).toMatchObject({ status: 'rejected', reason: 'The customer asked for erasure.', fileName: 'statement.png' });
    expect(await storedFiles()).toContain(kept!.storageKey.split('/')[1]);
  });
});
