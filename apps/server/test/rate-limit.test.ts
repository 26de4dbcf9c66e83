import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from './helpers/test-server.ts';
import { createTestUser } from './helpers/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { auth: 3, windowMs: 60_000 } });
});
afterAll(() => server.close());

describe('rate limits on sign-in, sign-up and recovery', () => {
  for (const [path, body] of [
    ['/auth/login', { email: 'someone@example.com', password: 'whatever-1' }],
    ['/auth/check-email', { email: 'someone@example.com' }],
    ['/auth/forgot-password', { email: 'someone@example.com' }],
    ['/auth/register', { email: 'bad' }],
  ] as const) {
    it(`answers 429 with Retry-After once ${path} is over its limit`, async () => {
      const statuses: number[] = [];
      let last: ApiResponse | undefined;
      for (let i = 0; i < 4; i++) {
        last = await server.call('POST', path, { body });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(last!.body).toEqual({ message: 'Too many attempts. Please try again later.' });
    });
  }

  it('limits by address, so known and unknown emails meet the same limit', async () => {
    const fresh = await startTestServer({ rateLimit: { auth: 3, windowMs: 60_000 } });
    try {
      // Signing the factory user in takes the first of the three attempts.
      const user = await createTestUser(fresh);
      const known = await fresh.call('POST', '/auth/login', { body: { email: user.email, password: 'wrong-password' } });
      const unknown = await fresh.call('POST', '/auth/login', { body: { email: 'ghost@example.com', password: 'wrong-password' } });
      const third = await fresh.call('POST', '/auth/login', { body: { email: user.email, password: 'wrong-password' } });
      expect([known.status, unknown.status, third.status]).toEqual([422, 422, 429]);
    } finally {
      await fresh.close();
    }
  });
});
