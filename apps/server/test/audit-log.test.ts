import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
let support: TestUser;
let alice: TestUser;
let bob: TestUser;

type Row = { action: string; actor_id: number | null; user_id: number | null; actor_email: string | null; customer_email: string | null; created_at: string };
type Page = { data: Row[]; meta: { current_page: number; per_page: number; total: number }; links: { next: string | null } };

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
  support = await createTestUser(server, { role: 'support' });
  alice = await createTestUser(server);
  bob = await createTestUser(server);
  // A known history over three days; inserts are what the append-only log allows.
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  await server.ctx.db.insert(auditLog).values([
    { actorId: admin.id, actorRole: 'admin', action: 'withdrawal.approved', subjectType: 'money_request', subjectId: '1', userId: alice.id, createdAt: at('2026-03-01') },
    { actorId: admin.id, actorRole: 'admin', action: 'user.deactivated', subjectType: 'user', subjectId: String(bob.id), userId: bob.id, createdAt: at('2026-03-02') },
    { actorId: alice.id, actorRole: 'customer', action: 'withdrawal.cancelled', subjectType: 'money_request', subjectId: '2', userId: alice.id, createdAt: at('2026-03-02') },
    { actorId: null, actorRole: 'system', action: 'deposit.completed', subjectType: 'money_request', subjectId: '3', userId: bob.id, details: { amount: '=1+2' }, createdAt: at('2026-03-03') },
  ]);
});
afterAll(() => server.close());

const page = async (query: string, token = admin.token) => {
  const res = await server.call('GET', `/admin/audit-log?${query}`, { token });
  expect(res.status, query).toBe(200);
  return res.body as Page;
};
const actions = async (query: string) => (await page(query)).data.map((r) => r.action);

describe('GET /admin/audit-log', () => {
  it('lists the log newest first with both people named', async () => {
    const all = await page('from=2026-03-01&to=2026-03-03');
    expect(all.meta).toEqual({ current_page: 1, per_page: 50, total: 4 });
    expect(all.data.map((r) => [r.action, r.actor_email, r.customer_email])).toEqual([
      ['deposit.completed', null, bob.email],
      ['withdrawal.cancelled', alice.email, alice.email],
      ['user.deactivated', admin.email, bob.email],
      ['withdrawal.approved', admin.email, alice.email],
    ]);
  });

  it('filters by actor (id, part of an e-mail or system), customer, action and days', async () => {
    expect(await actions(`actor=${admin.id}`)).toEqual(['user.deactivated', 'withdrawal.approved']);
    expect(await actions(`actor=%23${alice.id}`)).toEqual(['withdrawal.cancelled']);
    expect(await actions(`actor=${alice.email.slice(0, 14).toUpperCase()}`)).toEqual(['withdrawal.cancelled']);
    expect(await actions('actor=system')).toEqual(['deposit.completed']);
    expect(await actions(`customer=${bob.email}`)).toEqual(['deposit.completed', 'user.deactivated']);
    expect(await actions(`customer=${alice.id}&action=withdrawal.cancelled`)).toEqual(['withdrawal.cancelled']);
    expect(await actions('from=2026-03-02&to=2026-03-02')).toEqual(['withdrawal.cancelled', 'user.deactivated']);
    expect(await actions('from=2026-03-03')).toEqual(['deposit.completed']);
    expect(await actions('to=2026-03-01')).toEqual(['withdrawal.approved']);
    // A wildcard typed into the search is a character, not a pattern.
    expect(await actions('actor=%25')).toEqual([]);
  });

  it('pages fifty at a time', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ actorId: admin.id, actorRole: 'admin' as const, action: 'account.adjusted', subjectType: 'trading_account', userId: alice.id, createdAt: new Date(Date.UTC(2026, 4, 1, 0, i)) }));
    await server.ctx.db.insert(auditLog).values(many);
    const first = await page('action=account.adjusted');
    expect(first.meta.total).toBe(51);
    expect(first.data).toHaveLength(50);
    expect(first.links.next).toBe('/api/v1/admin/audit-log?page=2');
    const second = await page('action=account.adjusted&page=2');
    expect(second.data).toHaveLength(1);
    expect(second.data[0]!.created_at).toBe('2026-05-01T00:00:00.000Z');
    expect(second.links.next).toBeNull();
  });

  it('lists the actions the log holds', async () => {
    const res = await server.call('GET', '/admin/audit-log/actions', { token: support.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.arrayContaining(['deposit.completed', 'user.deactivated', 'withdrawal.approved', 'withdrawal.cancelled']));
  });

  it('exports what the filters select as CSV, with each action in words beside its code', async () => {
    const res = await server.call('GET', `/admin/audit-log/export.csv?customer=${bob.id}&from=2026-03-01&to=2026-03-31`, { token: support.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = (res.body as string).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Time (UTC),Actor role,Actor id,Actor e-mail,Action,Action code,Customer id,Customer e-mail,Subject,Subject id,Details',
      `2026-03-03T12:00:00.000Z,system,,,Deposit completed,deposit.completed,${bob.id},${bob.email},money_request,3,"{""amount"":""=1+2""}"`,
      `2026-03-02T12:00:00.000Z,admin,${admin.id},${admin.email},Client deactivated,user.deactivated,${bob.id},${bob.email},user,${bob.id},{}`,
    ]);
  });

  it('is for staff only, and refuses malformed days', async () => {
    for (const path of ['/admin/audit-log', '/admin/audit-log/actions', '/admin/audit-log/export.csv']) {
      expect((await server.call('GET', path, { token: alice.token })).status, path).toBe(403);
      expect((await server.call('GET', path)).status, path).toBe(401);
    }
    expect((await page('', support.token)).meta.total).toBeGreaterThan(0);
    expect((await server.call('GET', '/admin/audit-log?from=yesterday', { token: admin.token })).status).toBe(422);
  });
});
