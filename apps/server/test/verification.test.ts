import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VerificationKind, verificationKinds, verificationMessages as msg } from '@bourse/contract';
import { auditLog, notifications, users } from '../src/db/schema/index.ts';
import { signedUrl } from '../src/lib/signed-urls.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files } from './helpers/files.ts';
import { type ApiResponse, startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa6633' } }).jpeg().toBuffer();
});
afterAll(() => server.close());

/** POST /verification/documents as the browser sends it: multipart with `kind` and `file`. */
async function send(token: string | null, kind: string | null, content: Buffer, fileName: string, type = 'application/octet-stream') {
  const form = new FormData();
  if (kind !== null) form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(content)], { type }), fileName);
  const res = await fetch(`${server.url}/api/v1/verification/documents`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ApiResponse['body'] };
}

async function download(url: string, token?: string) {
  const res = await fetch(`${server.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const own = async (token: string) => (await server.call('GET', '/verification', { token })).body.data;
const docOf = async (token: string, kind: VerificationKind) => (await own(token)).documents.find((d: { kind: string }) => d.kind === kind);
const storedFiles = async () => readdir(path.join(server.ctx.config.dataDir, 'uploads', 'verification')).catch(() => [] as string[]);
const approve = (id: number, token = admin.token) => server.call('POST', `/admin/verification/documents/${id}/approve`, { token, body: {} });
const reject = (id: number, reason: unknown, token = admin.token) => server.call('POST', `/admin/verification/documents/${id}/reject`, { token, body: { reason } });

describe('uploads', () => {
  it('starts with every kind missing, then accepts JPEG, PNG and PDF judged by content', async () => {
    const alice = await createTestUser(server);
    expect(await own(alice.token)).toEqual({ status: 'missing', documents: verificationKinds.map((kind) => ({ kind, status: 'missing', reason: null, reviewed_at: null, file: null })) });

    const up = await send(alice.token, 'id_front', jpeg, 'passport.jpg');
    expect(up.status).toBe(201);
    expect((await send(alice.token, 'proof_of_address', files.pdf, 'bill.pdf')).status).toBe(201);
    // The path in the name is dropped, and the name ends in the detected type.
    expect((await send(alice.token, 'selfie', png, '../../../etc/passwd')).status).toBe(201);
    const state = await own(alice.token);
    expect(state.status).toBe('pending');
    const byKind = Object.fromEntries(state.documents.map((d: { kind: string }) => [d.kind, d]));
    expect(byKind.id_front).toMatchObject({ status: 'pending', file: { file_name: 'passport.jpg', mime_type: 'image/jpeg', is_image: true } });
    expect(byKind.proof_of_address.file).toMatchObject({ mime_type: 'application/pdf', is_image: false });
    expect(byKind.selfie.file.file_name).toBe('passwd.png');
    expect(byKind.id_back.status).toBe('missing');
    expect((await storedFiles()).every((f) => /^[0-9a-f]{32}\.(png|jpg|pdf)$/.test(f))).toBe(true);
  });

  const bad: [string, string, Buffer, string, number, string][] = [
    ['an ELF executable renamed .png', 'id_front', files.elf, 'scan.png', 422, msg.fileType],
    ['a Windows executable renamed .jpg', 'id_front', files.exe, 'scan.jpg', 422, msg.fileType],
    ['an SVG with a script', 'id_front', files.svg, 'scan.svg', 422, msg.fileType],
    ['a text file called .png', 'id_front', Buffer.from('just some text, not a picture\n'), 'scan.png', 422, msg.fileType],
    ['a GIF (not accepted for identity documents)', 'id_front', files.gif, 'scan.gif', 422, msg.fileType],
    ['random bytes', 'id_back', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256)), 'x.pdf', 422, msg.fileType],
    ['a PNG header followed by an HTML page (polyglot)', 'id_front', Buffer.concat([files.png.subarray(0, 33), Buffer.from('<html><script>alert(1)</script></html>')]), 'x.png', 422, msg.fileDamaged],
    ['a truncated JPEG', 'id_front', files.jpeg, 'x.jpg', 422, msg.fileDamaged],
    ['a PDF with JavaScript', 'proof_of_address', Buffer.from('%PDF-1.4\n1 0 obj\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n%%EOF\n'), 'x.pdf', 422, msg.fileDamaged],
    ['a PDF without its end', 'proof_of_address', Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\n'), 'x.pdf', 422, msg.fileDamaged],
    ['a PDF as the selfie', 'selfie', files.pdf, 'me.pdf', 422, msg.selfieType],
  ];
  it.each(bad)('refuses %s with a clear 4xx and stores nothing', async (_what, kind, content, name, status, message) => {
    const bob = await createTestUser(server);
    const before = await storedFiles();
    const res = await send(bob.token, kind, content, name, 'image/png');
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message, errors: { file: [message] } });
    expect(await storedFiles()).toEqual(before);
    expect((await own(bob.token)).status).toBe('missing');
  });

  it('refuses a file over 8 MB with 413, and a missing kind or file with 422', async () => {
    const carol = await createTestUser(server);
    const before = await storedFiles();
    const big = await send(carol.token, 'id_front', Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024 + 1 - png.length)]), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(msg.fileTooLarge);
    expect((await send(carol.token, null, png, 'a.png')).body).toEqual({ message: msg.kindRequired, errors: { kind: [msg.kindRequired] } });
    expect((await send(carol.token, 'passport', png, 'a.png')).status).toBe(422);
    const json = await server.call('POST', '/verification/documents', { token: carol.token, body: { kind: 'selfie' } });
    expect(json.status).toBe(422);
    expect(await storedFiles()).toEqual(before);
    expect((await own(carol.token)).status).toBe('missing');
  });

  it('replaces a pending document and deletes its file', async () => {
    const dan = await createTestUser(server);
    await send(dan.token, 'id_back', png, 'first.png');
    const first = await docOf(dan.token, 'id_back');
    const count = (await storedFiles()).length;
    expect((await send(dan.token, 'id_back', jpeg, 'second.jpg')).status).toBe(201);
    const second = await docOf(dan.token, 'id_back');
    expect(second.file.file_name).toBe('second.jpg');
    expect((await storedFiles()).length).toBe(count);
    expect((await download(first.file.download_url, dan.token)).status).toBe(404);
    const review = await server.call('GET', `/admin/verification/users/${dan.id}`, { token: admin.token });
    expect(review.body.data.history).toEqual([]);
  });
});

describe('who may see what', () => {
  it('refuses anonymous callers and customers on admin routes; a document opens only for its owner and staff, on every request, and staff openings are audited', async () => {
    const erin = await createTestUser(server);
    const frank = await createTestUser(server);
    await send(erin.token, 'id_front', png, 'erin.png');
    const doc = await docOf(erin.token, 'id_front');

    expect((await server.call('GET', '/verification')).status).toBe(401);
    expect((await send(null, 'id_front', png, 'x.png')).status).toBe(401);
    for (const [method, url] of [
      ['GET', '/admin/verification'],
      ['GET', `/admin/verification/users/${erin.id}`],
      ['POST', `/admin/verification/documents/${doc.file.id}/approve`],
      ['POST', `/admin/verification/documents/${doc.file.id}/reject`],
    ] as const) {
      expect((await server.call(method, url, { body: method === 'POST' ? { reason: 'x' } : undefined })).status).toBe(401);
      expect((await server.call(method, url, { token: frank.token, body: method === 'POST' ? { reason: 'x' } : undefined })).status).toBe(403);
    }
    expect((await docOf(frank.token, 'id_front')).status).toBe('missing');

    // The link alone opens nothing, whatever is added to it: the owner's or staff's token is needed.
    expect(doc.file.download_url).toBe(`/api/v1/verification/documents/${doc.file.id}/download`);
    expect((await download(doc.file.download_url)).status).toBe(401);
    const expires = Math.floor(Date.now() / 1000) + 600;
    const forged = signedUrl(server.ctx.config.uploads, 'verification-document', doc.file.download_url, doc.file.id);
    expect((await download(forged)).status).toBe(401);
    expect((await download(`${doc.file.download_url}?expires=${expires}&signature=x`)).status).toBe(401);
    expect((await download(doc.file.download_url, frank.token)).status).toBe(404);
    const viewed = () => server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'verification.viewed'), eq(auditLog.subjectId, String(doc.file.id))));

    const own_ = await download(doc.file.download_url, erin.token);
    expect(own_.status).toBe(200);
    expect(own_.body.equals(png)).toBe(true);
    expect(own_.headers.get('content-type')).toBe('image/png');
    expect(own_.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own_.headers.get('content-disposition')).toContain('attachment;');
    expect(own_.headers.get('cache-control')).toBe('private, no-store');
    expect(await viewed()).toEqual([]);

    const review = await server.call('GET', `/admin/verification/users/${erin.id}`, { token: admin.token });
    expect(review.status).toBe(200);
    expect((await download(review.body.data.documents[0].file.download_url)).status).toBe(401);
    expect((await download(review.body.data.documents[0].file.download_url, admin.token)).status).toBe(200);
    const support = await createTestUser(server, { role: 'support' });
    expect((await download(doc.file.download_url, support.token)).status).toBe(200);
    // Each opening by staff is on the record, with who opened whose document.
    const trail = await viewed();
    expect(trail.map((e) => [e.actorId, e.actorRole, e.userId])).toEqual([
      [admin.id, 'admin', erin.id],
      [support.id, 'support', erin.id],
    ]);
    expect((await server.call('GET', `/admin/verification/users/${admin.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe('review', () => {
  it('rejects with a reason, refuses a second decision, keeps the rejected one when replaced, and locks an approved one', async () => {
    const gina = await createTestUser(server);
    await send(gina.token, 'proof_of_address', files.pdf, 'bill.pdf');
    const first = await docOf(gina.token, 'proof_of_address');
    const id = first.file.id as number;

    expect((await reject(id, '   ')).status).toBe(422);
    expect((await server.call('POST', `/admin/verification/documents/${id}/reject`, { token: admin.token, body: {} })).status).toBe(422);
    expect((await reject(999_999, 'x')).status).toBe(404);

    const rejected = await reject(id, 'The document is older than 3 months');
    expect(rejected.status).toBe(200);
    expect(await docOf(gina.token, 'proof_of_address')).toMatchObject({ status: 'rejected', reason: 'The document is older than 3 months' });
    expect((await own(gina.token)).status).toBe('rejected');
    expect((await approve(id)).status).toBe(409);
    expect((await reject(id, 'again')).status).toBe(409);

    expect((await send(gina.token, 'proof_of_address', files.pdf, 'new-bill.pdf')).status).toBe(201);
    const second = await docOf(gina.token, 'proof_of_address');
    expect(second).toMatchObject({ status: 'pending', reason: null });
    const review = (await server.call('GET', `/admin/verification/users/${gina.id}`, { token: admin.token })).body.data;
    expect(review.history).toEqual([expect.objectContaining({ id, kind: 'proof_of_address', status: 'rejected', reason: 'The document is older than 3 months' })]);
    expect((await download(review.history[0].download_url, admin.token)).status).toBe(200);
    expect((await approve(id)).status).toBe(409);

    const [a, b] = await Promise.all([approve(second.file.id), approve(second.file.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await approve(second.file.id)).body.message).toBe(msg.alreadyReviewed);

    const before = await storedFiles();
    const replace = await send(gina.token, 'proof_of_address', files.pdf, 'third.pdf');
    expect(replace.status).toBe(409);
    expect(replace.body.message).toBe(msg.alreadyApproved);
    expect(await storedFiles()).toEqual(before);

    const trail = (await server.call('GET', `/admin/audit?user_id=${gina.id}`, { token: admin.token })).body.data.map((e: { action: string }) => e.action);
    expect(trail).toEqual(expect.arrayContaining(['verification.uploaded', 'verification.rejected', 'verification.approved']));
    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, gina.id));
    expect(notes.map((n) => n.title)).toEqual(['Document rejected', 'Document approved']);
    expect(notes[0]!.message).toContain('The document is older than 3 months');
  });

  it('activates a pending customer when all four kinds are approved, with the notification and the email', async () => {
    const hal = await createTestUser(server, { status: 'pending' });
    const content: Record<VerificationKind, [Buffer, string]> = { id_front: [png, 'front.png'], id_back: [jpeg, 'back.jpg'], proof_of_address: [files.pdf, 'bill.pdf'], selfie: [jpeg, 'me.jpg'] };
    for (const kind of verificationKinds) expect((await send(hal.token, kind, ...content[kind])).status).toBe(201);

    const queue = (await server.call('GET', '/admin/verification?status=pending', { token: admin.token })).body;
    const item = queue.data.find((i: { id: number }) => i.id === hal.id);
    expect(item).toMatchObject({ email: hal.email, name: 'Test User', status: 'pending', user_status: 'pending', counts: { pending: 4, approved: 0, rejected: 0 } });
    expect(item).toHaveProperty('country');
    expect(item).toHaveProperty('phone');
    expect(item.account_id).toMatch(/\S/);
    expect(queue.counts.pending).toBeGreaterThanOrEqual(1);

    const docs = (await own(hal.token)).documents as { file: { id: number } }[];
    for (const d of docs.slice(0, 3)) expect((await approve(d.file.id)).status).toBe(200);
    const [row] = await server.ctx.db.select({ status: users.status }).from(users).where(eq(users.id, hal.id));
    expect(row!.status).toBe('pending');

    const last = await approve(docs[3]!.file.id);
    expect(last.status).toBe(200);
    expect(last.body.data).toMatchObject({ status: 'approved', customer: { user_status: 'active' } });
    expect((await server.call('GET', '/user', { token: hal.token })).body.data.status).toBe('active');
    expect((await own(hal.token)).status).toBe('approved');

    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, hal.id));
    expect(notes.at(-1)).toMatchObject({ title: 'Identity verified', color: 'success' });
    const mail = await readFile(path.join(server.ctx.config.dataDir, 'mail.log'), 'utf8');
    expect(mail).toContain(`To: ${hal.email}\nSubject: Identity verified`);
    const trail = (await server.call('GET', `/admin/audit?user_id=${hal.id}`, { token: admin.token })).body.data.map((e: { action: string }) => e.action);
    expect(trail).toContain('user.active');

    const approved = (await server.call('GET', '/admin/verification?status=approved', { token: admin.token })).body;
    expect(approved.data.map((i: { id: number }) => i.id)).toContain(hal.id);
    const pending = (await server.call('GET', '/admin/verification', { token: admin.token })).body;
    expect(pending.data.map((i: { id: number }) => i.id)).not.toContain(hal.id);
  });
});
