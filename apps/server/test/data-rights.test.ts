import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyMessages } from '@bourse/contract';
import { rowsOf } from '../src/db/statement.ts';
import { createFileStore } from '../src/lib/uploads/file-store.ts';
import { checkLedger } from '../src/modules/accounts/ledger-check.ts';
import { checkAuditChain } from '../src/modules/audit/audit.service.ts';
import { exportSections, tablesNotExported } from '../src/modules/privacy/export-sections.ts';
import { applyRetention } from '../src/modules/privacy/retention.ts';
import { createTestUser, fundLiveAccount, type TestUser } from './helpers/factories.ts';
import { files, upload } from './helpers/files.ts';
import { openTrade, useManualMarket, type TestMarket } from './helpers/trading.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { verifyIdentity } from './helpers/verified.ts';

let server: TestServer;
let admin: TestUser;
let market: TestMarket;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
  market = await useManualMarket(server);
});
afterAll(() => server.close());

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await server.ctx.db.execute(statement));

async function download(path: string, token?: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Asks for a copy and waits for it to be built; answers the unzipped files. */
async function exportOf(user: TestUser) {
  const started = await server.call('POST', '/user/data-exports', { token: user.token });
  expect(started.status).toBe(202);
  expect(started.body.data.status).toBe('building');
  let status = 'building';
  for (let i = 0; i < 200 && status === 'building'; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const list = await server.call('GET', '/user/data-exports', { token: user.token });
    status = list.body.data.find((e: { id: number }) => e.id === started.body.data.id).status;
  }
  expect(status).toBe('ready');
  const file = await download(`/user/data-exports/${started.body.data.id}/download`, user.token);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/zip');
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="bourse-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  const unzipped = unzipSync(new Uint8Array(file.body));
  return { id: started.body.data.id as number, files: unzipped, data: JSON.parse(Buffer.from(unzipped['data.json']!).toString('utf8')) };
}

/** A customer with something in every kind of record: profile, photo, documents, a chat file, a consent, a trade. */
async function busyCustomer() {
  const user = await createTestUser(server, { firstName: 'Marie' });
  await server.call('PATCH', '/user/profile', {
    token: user.token,
    body: { first_name: 'Marie', last_name: 'Curie', country_code: '+33', phone: '1 23 45 67 89', address_line1: '36 Quai de Béthune', address_line2: '', city: 'Paris', postal_code: '75004', country: 'france', date_of_birth: '1967-11-07' },
  });
  const photo = new FormData();
  photo.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#08f' } }).png().toBuffer())]), 'me.png');
  expect((await server.call('POST', '/user/avatar', { token: user.token, raw: photo })).status).toBe(201);
  await verifyIdentity(server, user, admin.token);
  const attachment = await upload(server, user.token, files.pdf, 'payslip.pdf');
  expect((await server.call('POST', '/chat/messages', { token: user.token, body: { message: 'my payslip', attachments: [attachment.body.url] } })).status).toBe(201);
  expect((await server.call('PUT', '/user/consents', { token: user.token, body: { purpose: 'marketing_email', granted: true }, headers: { 'user-agent': 'Consent browser' } })).status).toBe(200);
  const trade = await openTrade(server, market, user);
  expect((await server.call('POST', `/trade/${trade.id}/close`, { token: user.token })).status).toBe(200);
  return user;
}

describe('data export', () => {
  it('holds everything about its owner, their files, and nothing of another customer', async () => {
    const owner = await busyCustomer();
    const other = await createTestUser(server, { firstName: 'Otto' });
    await openTrade(server, market, other);
    const { data, files: zipped } = await exportOf(owner);

    expect(data).toMatchObject({ format: 'bourse-data-export', user_id: owner.id });
    expect(data.profile).toMatchObject({ email: owner.email, first_name: 'Marie', last_name: 'Curie', city: 'Paris', date_of_birth: '1967-11-07', two_factor_enabled: false });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.profile).not.toHaveProperty('totp_secret');
    for (const section of exportSections) expect(data, section.name).toHaveProperty(section.name);
    expect(data.accounts.map((a: { user_id: number }) => a.user_id)).toEqual(data.accounts.map(() => owner.id));
    expect(data.trades_and_orders).toHaveLength(1);
    expect(data.trades_and_orders[0]).toMatchObject({ user_id: owner.id, status: 'closed' });
    expect(data.trades_and_orders[0]).not.toHaveProperty('first_response');
    expect(data.journal.length).toBeGreaterThan(0);
    expect(data.activity_log.length).toBeGreaterThan(0);
    expect(data.verification_documents).toHaveLength(4);
    expect(data.chat_messages.map((m: { message: string }) => m.message)).toContain('my payslip');
    expect(data.consents).toMatchObject([{ purpose: 'marketing_email', granted: true, source: 'client_area', user_agent: 'Consent browser' }]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).not.toHaveProperty('token_hash');
    expect(data.audit_trail.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['profile.updated', 'privacy.export_requested']));

    // The files: the photo, the four documents and the chat attachment, byte for byte.
    const paths = Object.keys(zipped).filter((p) => p.startsWith('files/'));
    expect(paths).toHaveLength(6);
    expect(paths).toContain('files/avatar.webp');
    expect(paths.filter((p) => p.startsWith('files/verification/'))).toHaveLength(4);
    expect(Buffer.from(zipped[paths.find((p) => p.startsWith('files/chat/'))!]!)).toEqual(files.pdf);
    expect(Buffer.from(zipped[paths.find((p) => p.includes('id_front'))!]!)).toEqual(files.photo.jpeg);
    expect(data.files.every((f: { missing: boolean }) => !f.missing)).toBe(true);

    // Nothing of the other customer anywhere in the copy.
    const text = Buffer.from(zipped['data.json']!).toString('utf8');
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('Otto');
    expect(text).not.toContain(`"user_id": ${other.id},`);
  });

  it('is downloadable by its owner only, and one is built at a time', async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    const { id } = await exportOf(owner);
    expect((await download(`/user/data-exports/${id}/download`)).status).toBe(401);
    const stranger = await download(`/user/data-exports/${id}/download`, other.token);
    expect(stranger.status).toBe(404);
    expect(JSON.parse(stranger.body.toString()).message).toBe(privacyMessages.exportNotFound);
    expect((await download(`/user/data-exports/${id}/download`, admin.token)).status).toBe(404);
    expect((await server.call('GET', '/user/data-exports', { token: other.token })).body.data).toEqual([]);
    expect((await server.call('POST', '/user/data-exports')).status).toBe(401);

    // A copy still being built: a second request is refused, and the unfinished one cannot be downloaded.
    const [building] = await query<{ id: number }>(sql`INSERT INTO data_exports (user_id, expires_at) VALUES (${other.id}, now() + interval '1 day') RETURNING id`);
    const second = await server.call('POST', '/user/data-exports', { token: other.token });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(privacyMessages.exportBuilding);
    const early = await download(`/user/data-exports/${building!.id}/download`, other.token);
    expect(early.status).toBe(409);
    expect(JSON.parse(early.body.toString()).message).toBe(privacyMessages.exportNotReady);

    // Past its expiry a copy is gone, even before the retention job removes it.
    await server.ctx.db.execute(sql`UPDATE data_exports SET expires_at = now() - interval '1 minute' WHERE id = ${id}`);
    const expired = await download(`/user/data-exports/${id}/download`, owner.token);
    expect(expired.status).toBe(410);
    expect(JSON.parse(expired.body.toString()).message).toBe(privacyMessages.exportExpired);
  });

  it('covers every table that refers to a customer or their accounts', async () => {
    const referring = await query<{ table: string }>(sql`SELECT DISTINCT c.conrelid::regclass::text AS table FROM pg_constraint c
      WHERE c.contype = 'f' AND c.confrelid IN ('users'::regclass, 'trading_accounts'::regclass, 'savings_accounts'::regclass) ORDER BY 1`);
    const covered = new Set([...exportSections.flatMap((s) => s.tables), ...Object.keys(tablesNotExported)]);
    expect(referring.map((r) => r.table).filter((t) => !covered.has(t)), 'tables left out of the data export (add a section in export-sections.ts)').toEqual([]);
  });
});

describe('consents', () => {
  it('start not given, and record each change with when and from where', async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    const initial = await server.call('GET', '/user/consents', { token: user.token });
    expect(initial.body.data).toEqual(['marketing_email', 'marketing_sms', 'marketing_phone'].map((purpose) => ({ purpose, granted: false, changed_at: null, source: null })));
    const given = await server.call('PUT', '/user/consents', { token: user.token, body: { purpose: 'marketing_sms', granted: true }, headers: { 'user-agent': 'Phone browser' } });
    expect(given.status).toBe(200);
    expect(given.body.message).toBe(privacyMessages.consentSaved);
    expect(given.body.data.find((c: { purpose: string }) => c.purpose === 'marketing_sms')).toMatchObject({ granted: true, source: 'client_area', changed_at: expect.any(String) });
    await server.call('PUT', '/user/consents', { token: user.token, body: { purpose: 'marketing_sms', granted: true } });
    await server.call('PUT', '/user/consents', { token: user.token, body: { purpose: 'marketing_sms', granted: false } });
    const rows = await query<{ granted: boolean; source: string; ip: string; user_agent: string }>(sql`SELECT granted, source, ip, user_agent FROM consents WHERE user_id = ${user.id} ORDER BY id`);
    expect(rows).toEqual([
      { granted: true, source: 'client_area', ip: '127.0.0.1', user_agent: 'Phone browser' },
      { granted: false, source: 'client_area', ip: '127.0.0.1', user_agent: 'node' },
    ]);
    expect((await server.call('GET', '/user/consents', { token: other.token })).body.data.every((c: { granted: boolean }) => !c.granted)).toBe(true);
    const bad = await server.call('PUT', '/user/consents', { token: user.token, body: { purpose: 'telepathy', granted: true } });
    expect(bad.status).toBe(422);
    expect((await server.call('PUT', '/user/consents', { body: { purpose: 'marketing_sms', granted: true } })).status).toBe(401);
  });
});

describe('erasure', () => {
  it('pseudonymises the customer, removes their files, revokes every session and blocks sign-in, keeping the ledger and the audit chain', async () => {
    const user = await busyCustomer();
    const second = await server.call('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    const [before] = await query<{ avatar: string; account_id: string }>(sql`SELECT avatar, account_id FROM users WHERE id = ${user.id}`);
    const keys = (await query<{ key: string }>(sql`SELECT storage_key AS key FROM verification_documents WHERE user_id = ${user.id}`)).map((r) => r.key);
    const journal = await query<{ n: number; total: string }>(sql`SELECT count(*)::int AS n, sum(amount)::text AS total FROM journal_entries j JOIN trading_accounts a ON a.id = j.account_id WHERE a.user_id = ${user.id}`);
    const store = createFileStore(server.ctx.config);

    const wrong = await server.call('POST', '/user/erasure', { token: user.token, body: { password: 'not-my-password', confirm: true } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual(['The current password is incorrect.']);
    const unconfirmed = await server.call('POST', '/user/erasure', { token: user.token, body: { password: user.password } });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.message).toBe(privacyMessages.erasureConfirm);

    const erased = await server.call('POST', '/user/erasure', { token: user.token, body: { password: user.password, confirm: true } });
    expect(erased.status).toBe(200);
    expect(erased.body.message).toBe(privacyMessages.erased);

    const [after] = await query<Record<string, unknown>>(sql`SELECT * FROM users WHERE id = ${user.id}`);
    expect(after).toMatchObject({
      first_name: 'Erased', last_name: 'Customer', phone: '', address_line1: '', city: '', postal_code: '',
      date_of_birth: null, avatar: null, totp_secret: null, status: 'deactivated', account_id: before!.account_id,
    });
    expect(after!.email).toMatch(/^erased-[0-9a-f]{16}@erased\.invalid$/);
    expect(after!.username).toBe(String(after!.email).split('@')[0]);
    expect(after!.erased_at).not.toBeNull();
    expect(JSON.stringify(after)).not.toContain('Curie');

    // Files gone from the store; rows that held them gone too.
    for (const key of [...keys, `avatars/${before!.avatar.split('/').pop()}`]) expect(await store.get(key)).toBeNull();
    expect(await query(sql`SELECT id FROM verification_documents WHERE user_id = ${user.id}`)).toEqual([]);
    store.close();

    // Signed out everywhere, and no way back in.
    expect((await server.call('GET', '/user', { token: user.token })).status).toBe(401);
    expect((await server.call('GET', '/user', { token: second.body.data.token })).status).toBe(401);
    expect((await server.call('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(422);
    expect((await server.call('POST', '/auth/login', { body: { email: after!.email, password: user.password } })).status).toBe(422);
    const link = await server.call('POST', `/admin/clients/${user.id}/login-link`, { token: admin.token });
    expect(link.status).toBe(410);
    expect(link.body.message).toBe(privacyMessages.accountErased);

    // Financial records kept, every balance still the sum of its journal, the audit chain intact.
    expect(await query(sql`SELECT count(*)::int AS n, sum(amount)::text AS total FROM journal_entries j JOIN trading_accounts a ON a.id = j.account_id WHERE a.user_id = ${user.id}`)).toEqual(journal);
    expect(await query(sql`SELECT id FROM trades WHERE user_id = ${user.id}`)).toHaveLength(1);
    expect((await checkLedger(server.ctx.db)).unbalanced).toEqual([]);
    expect(await checkAuditChain(server.ctx.db)).toMatchObject({ intact: true, brokenAt: null });
    const [entry] = await query<{ actor_role: string; details: { pseudonym: string } }>(sql`SELECT actor_role, details FROM audit_log WHERE user_id = ${user.id} AND action = 'privacy.erased'`);
    expect(entry).toMatchObject({ actor_role: 'customer', details: { pseudonym: String(after!.email).split('@')[0] } });

    // The consent given is withdrawn on the record, the earlier record kept.
    expect(await query(sql`SELECT granted, source FROM consents WHERE user_id = ${user.id} ORDER BY id`)).toEqual([
      { granted: true, source: 'client_area' },
      { granted: false, source: 'erasure' },
    ]);
  });

  it('twice, or an export of an erased account, is a clear error with nothing changed', async () => {
    const user = await createTestUser(server);
    const first = await server.call('POST', `/admin/clients/${user.id}/erasure`, { token: admin.token, body: { reason: 'Letter of 3 March' } });
    expect(first.status).toBe(200);
    const [row] = await query<Record<string, unknown>>(sql`SELECT * FROM users WHERE id = ${user.id}`);
    const entries = await checkAuditChain(server.ctx.db);

    const again = await server.call('POST', `/admin/clients/${user.id}/erasure`, { token: admin.token, body: { reason: 'Letter of 4 March' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(privacyMessages.alreadyErased);
    const exported = await download(`/admin/clients/${user.id}/data-export`, admin.token);
    expect(exported.status).toBe(410);
    expect(JSON.parse(exported.body.toString()).message).toBe(privacyMessages.accountErased);
    expect(await query(sql`SELECT * FROM users WHERE id = ${user.id}`)).toEqual([row]);
    expect((await checkAuditChain(server.ctx.db)).entries).toBe(entries.entries);

    // Two at once: the user row's lock makes one wait for the other and find it done.
    const racing = await createTestUser(server);
    const both = await Promise.all([1, 2].map((n) => server.call('POST', `/admin/clients/${racing.id}/erasure`, { token: admin.token, body: { reason: `Letter ${n}` } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await query(sql`SELECT id FROM audit_log WHERE user_id = ${racing.id} AND action = 'privacy.erased'`)).toHaveLength(1);

    const staff = await server.call('POST', `/admin/clients/${admin.id}/erasure`, { token: admin.token, body: { reason: 'test' } });
    expect(staff.status).toBe(403);
    expect((await server.call('POST', `/admin/clients/${user.id}/erasure`, { token: (await createTestUser(server)).token, body: { reason: 'x' } })).status).toBe(403);
  });

  it('is refused while a position is open or money is held, in one piece', async () => {
    const user = await createTestUser(server);
    const trade = await openTrade(server, market, user);
    const body = { password: user.password, confirm: true };
    const open = await server.call('POST', '/user/erasure', { token: user.token, body });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(privacyMessages.erasureOpenPositions);
    await server.call('POST', `/trade/${trade.id}/close`, { token: user.token });
    await fundLiveAccount(server, user, '50.00');
    const money = await server.call('POST', '/user/erasure', { token: user.token, body });
    expect(money.status).toBe(409);
    expect(money.body.message).toBe(privacyMessages.erasureMoneyHeld);
    const [row] = await query<{ email: string; erased_at: null }>(sql`SELECT email, erased_at FROM users WHERE id = ${user.id}`);
    expect(row).toEqual({ email: user.email, erased_at: null });
    expect((await server.call('GET', '/user', { token: user.token })).status).toBe(200);
  });
});

describe('retention job', () => {
  it('removes only what is past its period', async () => {
    const user = await createTestUser(server);
    const { sessionDays, tokenDays, exportHours } = server.ctx.config.retention;
    const day = 86_400_000;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const store = createFileStore(server.ctx.config);
    await server.ctx.db.execute(sql`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES
      (${user.id}, 'old-session', ${ago((sessionDays + 1) * day)}), (${user.id}, 'recently-expired', ${ago(day / 2)})`);
    await server.ctx.db.execute(sql`INSERT INTO one_time_tokens (user_id, purpose, token_hash, expires_at, used_at) VALUES
      (${user.id}, 'reset', 'old-reset', ${ago((tokenDays + 1) * day)}, NULL),
      (${user.id}, 'reset', 'old-used', ${ago(-day)}, ${ago((tokenDays + 1) * day)}),
      (${user.id}, 'reset', 'fresh-reset', ${ago(-3_600_000)}, NULL)`);
    await server.ctx.db.execute(sql`INSERT INTO email_verifications (email, code_hash, expires_at) VALUES
      ('old@example.com', 'x', ${ago((tokenDays + 1) * day)}), ('new@example.com', 'y', ${ago(-600_000)})`);
    const { id: kept } = await exportOf(user);
    const oldKey = `exports/${'a'.repeat(32)}.zip`;
    await store.put(oldKey, Buffer.from('old copy'), 'application/zip');
    await server.ctx.db.execute(sql`INSERT INTO data_exports (user_id, status, storage_key, size, finished_at, expires_at)
      VALUES (${user.id}, 'ready', ${oldKey}, 8, ${ago((exportHours + 1) * 3_600_000)}, ${ago(3_600_000)})`);

    const removed = await applyRetention(server.ctx, store);
    expect(removed).toMatchObject({ sessions: 1, tokens: 2, emailCodes: 1 });
    // Copies other tests of this file let expire go too.
    expect(removed.exports).toBeGreaterThanOrEqual(1);
    expect((await query<{ token_hash: string }>(sql`SELECT token_hash FROM sessions WHERE user_id = ${user.id} AND token_hash IN ('old-session', 'recently-expired')`)).map((r) => r.token_hash)).toEqual(['recently-expired']);
    expect((await query<{ token_hash: string }>(sql`SELECT token_hash FROM one_time_tokens WHERE user_id = ${user.id}`)).map((r) => r.token_hash)).toEqual(['fresh-reset']);
    expect((await query<{ email: string }>(sql`SELECT email FROM email_verifications WHERE email IN ('old@example.com', 'new@example.com')`)).map((r) => r.email)).toEqual(['new@example.com']);
    expect((await query<{ id: number }>(sql`SELECT id FROM data_exports WHERE user_id = ${user.id}`)).map((r) => r.id)).toEqual([kept]);
    expect(await store.get(oldKey)).toBeNull();
    // The signed-in customer is untouched, and a second run finds nothing more.
    expect((await server.call('GET', '/user', { token: user.token })).status).toBe(200);
    expect(await applyRetention(server.ctx, store)).toMatchObject({ sessions: 0, tokens: 0, emailCodes: 0, exports: 0 });
    store.close();
  });
});
