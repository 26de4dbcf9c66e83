import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  customer = await createTestUser(server);
  admin = await createTestUser(server, { role: 'admin' });
});
afterAll(() => server.close());

/** Fills `:param` segments with an id that exists for nobody's benefit. */
const concrete = (url: string) => url.replace(/^\/api\/v1/, '').replace(/:[^/]+/g, '1');
/** Calls that end the caller's own sessions would sign the test out. */
const signsOut = (url: string) => /logout|sign-out/.test(url);

describe('authorisation matrix over every API route', () => {
  it('lists the routes', () => {
    expect(server.app.routeTable.length).toBeGreaterThan(10);
  });

  it('refuses anonymous callers on every private route with 401 and the error shape', async () => {
    const privateRoutes = server.app.routeTable.filter((r) => r.auth !== 'public');
    for (const route of privateRoutes) {
      const res = await server.call(route.method, concrete(route.url), { body: route.hasBody ? {} : undefined });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect(res.body, `${route.method} ${route.url}`).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('refuses customers on every back-office route with 403', async () => {
    const adminRoutes = server.app.routeTable.filter((r) => r.auth === 'admin' || r.auth === 'staff' || r.auth === 'desk');
    expect(adminRoutes.length).toBeGreaterThan(3);
    for (const route of adminRoutes) {
      const res = await server.call(route.method, concrete(route.url), { token: customer.token, body: route.hasBody ? {} : undefined });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('refuses a deactivated customer everywhere but reading their own status and signing out', async () => {
    const blocked = await createTestUser(server, { status: 'deactivated' });
    expect((await server.call('GET', '/user', { token: blocked.token })).body.data.status).toBe('deactivated');
    const res = await server.call('GET', '/data', { token: blocked.token });
    expect(res.status).toBe(200);
    const customerRoutes = server.app.routeTable.filter((r) => r.auth === 'user' && r.method === 'GET' && !['/api/v1/user', '/api/v1/data'].includes(r.url));
    for (const route of customerRoutes) {
      const r = await server.call(route.method, concrete(route.url), { token: blocked.token });
      expect(r.status, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets support staff read the back office but refuses them every admin-only route', async () => {
    const support = await createTestUser(server, { role: 'support' });
    const staffReads = server.app.routeTable.filter((r) => r.auth === 'staff');
    expect(staffReads.length).toBeGreaterThan(10);
    for (const route of staffReads) {
      const res = await server.call(route.method, concrete(route.url), { token: support.token, body: route.hasBody ? {} : undefined });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.status);
    }
    for (const route of server.app.routeTable.filter((r) => (r.auth === 'admin' || r.auth === 'desk') && !signsOut(r.url))) {
      const res = await server.call(route.method, concrete(route.url), { token: support.token, body: route.hasBody ? {} : undefined });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets dealers onto the dealing desk and refuses them the rest of the back office', async () => {
    const dealer = await createTestUser(server, { role: 'dealer' });
    const deskRoutes = server.app.routeTable.filter((r) => r.auth === 'desk');
    expect(deskRoutes.length).toBeGreaterThan(5);
    for (const route of deskRoutes) {
      const res = await server.call(route.method, concrete(route.url), { token: dealer.token, body: route.hasBody ? {} : undefined });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.status);
    }
    for (const route of server.app.routeTable.filter((r) => (r.auth === 'admin' || r.auth === 'staff') && !signsOut(r.url))) {
      const res = await server.call(route.method, concrete(route.url), { token: dealer.token, body: route.hasBody ? {} : undefined });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets admins through every back-office route (no 401/403)', async () => {
    for (const route of server.app.routeTable.filter((r) => (r.auth === 'admin' || r.auth === 'staff' || r.auth === 'desk') && r.method === 'GET')) {
      const res = await server.call(route.method, concrete(route.url), { token: admin.token });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.status);
    }
  });
});

describe('malformed bodies', () => {
  const malformed = [
    ...fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: 7, numRuns: 30 }).map((v) => JSON.stringify(v)),
    '{', '{"email":', 'null', '[]', '"text"', '12', 'true', '{"email": {"$ne": null}}', '{"__proto__": {"admin": true}}',
    JSON.stringify({ email: `${'a'.repeat(10_000)}@x.io`, password: 'p'.repeat(10_000) }),
    JSON.stringify({ page: -1, id: 'DROP TABLE users', status: 'root' }),
    JSON.stringify({ message: '<script>alert(1)</script>', attachments: 'x' }),
    JSON.stringify(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]))),
    JSON.stringify({ email: 'x@y.z', password: null }),
    JSON.stringify({ first_name: 12, last_name: [], username: {}, email: true }),
    JSON.stringify({ volume: 'NaN', amount: 1e308, type: 'buy' }),
    JSON.stringify({ volume: -1, amount: -5, id: 0 }),
    '\u0000\u0001binary',
    'a=1&b=2',
    '{"a":1}{"b":2}',
  ];

  it(`answers ${malformed.length} malformed bodies on every body-taking route with a 4xx or success, never a 5xx`, async () => {
    const routes = server.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !signsOut(r.url));
    expect(malformed.length).toBeGreaterThanOrEqual(50);
    for (const route of routes) {
      let refused = 0;
      for (const raw of malformed) {
        const res = await server.call(route.method, concrete(route.url), {
          token: admin.token,
          raw,
          headers: { 'content-type': 'application/json' },
        });
        const where = `${route.method} ${route.url} with ${raw.slice(0, 60)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400) {
          refused++;
          expect(typeof res.body?.message, where).toBe('string');
          expect(JSON.stringify(res.body), where).not.toMatch(/at \w+ \(|node_modules|\/work\/|SELECT |INSERT /);
        }
      }
      if (route.hasBody) expect(refused, `${route.method} ${route.url}`).toBeGreaterThan(malformed.length * 0.8);
    }
    // Every body-taking route times every body: the sweep grows with the API, so it gets its own limit.
  }, 180_000);
});
