import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files } from './helpers/files.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin', firstName: 'Root' });
  customer = await createTestUser(server);
});
afterAll(() => server.close());

async function send(token: string, content: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  const res = await fetch(`${server.url}/api/v1/admin/marketplace/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { url?: string; message?: string } };
}

describe('catalogue images', () => {
  it('stores a real PNG and serves it back as an image', async () => {
    const res = await send(admin.token, files.png, 'card.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/api\/v1\/marketplace\/images\/[0-9a-f]{32}\.png$/);
    const got = await fetch(`${server.url}${res.body.url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(files.png)).toBe(true);
  });

  it('refuses what is not a PNG, JPEG or WebP whatever its name says, SVG included', async () => {
    for (const [content, name] of [[files.pdf, 'card.png'], [files.html, 'card.jpg'], [files.svg, 'card.svg'], [files.gif, 'card.gif']] as const) {
      const res = await send(admin.token, content, name, 'image/png');
      expect(res.status, name).toBe(422);
      expect(res.body.message).toBe('The image must be a PNG, JPEG or WebP file.');
    }
  });

  it('refuses customers', async () => {
    expect((await send(customer.token, files.png, 'card.png', 'image/png')).status).toBe(403);
  });
});
