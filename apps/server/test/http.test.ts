import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { createTestUser } from './helpers/factories.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'bourse-dist-'));
let server: TestServer;
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bourse</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  server = await startTestServer({ webDist, corsOrigins: ['https://broker.example'] });
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the single-page app', () => {
  it('serves index.html for client routes (history fallback)', async () => {
    for (const route of ['/', '/main/dashboard', '/register/country-residence', '/mt4', '/no/such/page']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    }
  });
  it('serves built assets and 404s missing ones as JSON', async () => {
    expect((await fetch(`${server.url}/assets/app.js`)).status).toBe(200);
    const missing = await fetch(`${server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/v1/definitely/not/here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('security headers and CORS', () => {
  it('sends CSP without inline scripts, nosniff, frame-ancestors and a referrer policy', async () => {
    const res = await fetch(`${server.url}/main/dashboard`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
  it('allows only configured origins', async () => {
    const allowed = await fetch(`${server.url}/api/v1/settings`, { headers: { origin: 'https://broker.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://broker.example');
    const other = await fetch(`${server.url}/api/v1/settings`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('API docs', () => {
  it('publishes OpenAPI generated from the zod schemas and a docs page', async () => {
    type Operation = { requestBody: { content: Record<string, { schema: { properties: Record<string, { minLength?: number }> } }> } };
    const spec = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { openapi: string; paths: Record<string, { post?: Operation }> };
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/user', '/api/v1/settings']));
    const register = spec.paths['/api/v1/auth/register']?.post?.requestBody.content['application/json']?.schema;
    expect(register?.properties.first_name?.minLength).toBe(2);
    const docs = await fetch(`${server.url}/api/v1/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/swagger/i);
  });
});

describe('production mode', () => {
  it('refuses to start without its secrets and seeds no demo users', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/must be set in production/);
    const config = loadConfig({ NODE_ENV: 'production', PRICE_SOCKET_KEY: 'k', PUSHER_APP_SECRET: 's' });
    expect(config.seedDemoUsers).toBe(false);
  });
});

describe('JSON bodies', () => {
  it('reads an empty JSON body as no body and still refuses broken JSON and prototype poisoning', async () => {
    const user = await createTestUser(server);
    const empty = await fetch(`${server.url}/api/v1/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` } });
    expect(empty.status).toBe(200);
    const broken = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(broken.status).toBe(400);
    const poisoned = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"__proto__":{"x":1}}' });
    expect(poisoned.status).toBe(400);
  });
});
