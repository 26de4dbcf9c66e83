import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '@bourse/contract';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files, upload } from './helpers/files.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, admin] = await Promise.all([createTestUser(server), createTestUser(server), createTestUser(server, { role: 'admin' })]);
});
afterAll(() => server.close());

/** Fetches and always reads the whole body, so no connection stays busy and holds up shutdown. */
async function download(path: string, token?: string) {
  const res = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe('upload content checks', () => {
  const accepted: [string, Buffer, string, boolean][] = [
    ['photo.png', files.png, 'image/png', true],
    ['photo.jpg', files.photo.jpeg, 'image/jpeg', true],
    ['anim.gif', files.photo.gif, 'image/gif', true],
    ['pic.webp', files.photo.webp, 'image/webp', true],
    ['statement.pdf', files.pdf, 'application/pdf', false],
    ['letter.docx', files.docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', false],
    ['sheet.xlsx', files.xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['old.doc', files.doc(), 'application/msword', false],
    ['old.xls', files.xls(), 'application/vnd.ms-excel', false],
  ];
  it.each(accepted)('accepts %s as %s judged by content', async (name, content, mime, isImage) => {
    const res = await upload(server, alice.token, content, name);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ file_name: name, mime_type: mime, is_image: isImage });
    expect(res.body.url).toMatch(/^\/api\/v1\/chat\/attachments\/\d+\/download\?expires=\d+&signature=[\w-]+$/);
  });

  const refused: [string, Buffer][] = [
    ['an ELF executable renamed .png', files.elf],
    ['a Windows executable renamed .png', files.exe],
    ['an SVG with a script', files.svg],
    ['an SVG with an XML prolog', files.xmlSvg],
    ['an HTML page', files.html],
    ['a plain zip', files.zip()],
    ['a PowerPoint file', files.pptx()],
    ['a compound file that is not Word or Excel', files.msi()],
    ['a JPEG header with nothing behind it', files.jpeg],
    ['a GIF header with no picture', files.gif],
  ];
  it.each(refused)('refuses %s with 422 whatever its name and declared type', async (_what, content) => {
    const res = await upload(server, bob.token, content, 'innocent.png', { type: 'image/png' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: [chatMessages.fileType] });
  });

  it('refuses a file over 10 MB with 413 and accepts one over the JSON body limit', async () => {
    const big = Buffer.concat([files.png, Buffer.alloc(10 * 1024 * 1024 + 1 - files.png.length)]);
    const tooBig = await upload(server, alice.token, big, 'huge.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(chatMessages.fileTooLarge);
    const twoMb = await upload(server, alice.token, Buffer.concat([files.pdf.subarray(0, 9), Buffer.alloc(2 * 1024 * 1024, ' '), files.pdf.subarray(9)]), 'scan.pdf');
    expect(twoMb.status).toBe(201);
  });

  it('asks for the file field', async () => {
    expect((await upload(server, alice.token, files.png, 'a.png', { field: 'other' })).status).toBe(422);
    const json = await server.call('POST', '/chat/upload', { token: alice.token, body: {} });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ file: [chatMessages.fileRequired] });
  });

  it('keeps a safe display name ending in the detected type', async () => {
    const res = await upload(server, alice.token, files.pdf, '../../etc/inv\u202eoice\u0007.exe');
    expect(res.body.file_name).toBe('invoice.exe.pdf');
  });
});

describe('attachment downloads', () => {
  it('serves the signed URL as an attachment with nosniff, to the conversation only', async () => {
    const up = await upload(server, alice.token, files.png, 'me.png');
    const signed = await download(up.body.url);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('image/png');
    expect(signed.headers.get('content-disposition')).toBe(`attachment; filename="me.png"; filename*=UTF-8''me.png`);
    expect(signed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(signed.body.equals(files.png)).toBe(true);

    const bare = up.body.url.split('?')[0]!;
    expect((await download(bare)).status).toBe(401);
    expect((await download(bare, bob.token)).status).toBe(404);
    expect((await download(bare, alice.token)).status).toBe(200);
    expect((await download(bare, admin.token)).status).toBe(200);
    expect((await download(up.body.url.replace(/signature=.{4}/, 'signature=AAAA'))).status).toBe(403);
    const otherId = up.body.url.replace(/attachments\/(\d+)/, (_m, id: string) => `attachments/${Number(id) + 1}`);
    expect((await download(otherId)).status).toBe(403);
    expect((await download(up.body.url.replace(/expires=\d+/, 'expires=1000'))).status).toBe(403);
  });

  it('binds uploads to their uploader and conversation when sent', async () => {
    const mine = await upload(server, alice.token, files.pdf, 'mine.pdf');
    const stolen = await server.call('POST', '/chat/messages', { token: bob.token, body: { message: 'look', attachments: [mine.body.url] } });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ attachments: [chatMessages.badAttachment] });
    const forged = await server.call('POST', '/chat/messages', { token: alice.token, body: { attachments: ['https://evil.example/x.png'] } });
    expect(forged.status).toBe(422);

    const sent = await server.call('POST', '/chat/messages', { token: alice.token, body: { message: '', attachments: [mine.body.url] } });
    expect(sent.status).toBe(201);
    expect(sent.body.data.attachments).toEqual([
      expect.objectContaining({ id: mine.body.id, file_name: 'mine.pdf', is_image: false, download_url: expect.stringMatching(/\/download\?expires=/) }),
    ]);
    const again = await server.call('POST', '/chat/messages', { token: alice.token, body: { message: 'again', attachments: [mine.body.url] } });
    expect(again.status).toBe(422);
  });

  it("lets an admin attach a file to a customer's conversation and the customer download it", async () => {
    const up = await upload(server, admin.token, files.docx(), 'terms.docx');
    expect(up.status).toBe(201);
    const sent = await server.call('POST', '/chat/messages', { token: admin.token, body: { message: 'Our terms', attachments: [up.body.url], customer_id: bob.id } });
    expect(sent.status).toBe(201);
    const bare = up.body.url.split('?')[0]!;
    expect((await download(bare, bob.token)).status).toBe(200);
    expect((await download(bare, alice.token)).status).toBe(404);
    const page = await server.call('GET', '/chat/messages', { token: bob.token });
    const url = page.body.data.at(-1).attachments[0].download_url as string;
    expect((await download(url)).status).toBe(200);
  });
});
