import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { audit, checkAuditChain } from '../src/modules/audit/audit.service.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// The audit log's hash chain: each entry carries the hash of the one before and its own. The table
// refuses UPDATE and DELETE by a trigger; these tests go around it, as someone with the database's
// keys could, and the check must say where.
let server: TestServer;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [admin, customer] = await Promise.all([createTestUser(server, { role: 'admin' }), createTestUser(server)]);
});
afterAll(() => server.close());

const entries = () => server.ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
const verify = () => server.call('GET', '/admin/audit-log/verify', { token: admin.token });
/** Runs `change` with the append-only trigger off, as a tamperer would. */
async function tamper(change: string) {
  await server.ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change'));
    await tx.execute(sql.raw(change));
    await tx.execute(sql.raw('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change'));
  });
}

describe('a tamper-evident audit log', () => {
  it('chains every entry to the one before, in id order, however many are written at once', async () => {
    await audit(server.ctx.db, 'system', { action: 'test.first', subjectType: 'test', details: { n: 0 } });
    await Promise.all(
      Array.from({ length: 12 }, (_, n) => server.ctx.db.transaction((tx) => audit(tx, 'system', { action: 'test.parallel', subjectType: 'test', subjectId: n, details: { n, nested: { b: 1, a: [1, 2] } } }))),
    );
    const rows = await entries();
    expect(rows.length).toBeGreaterThanOrEqual(13);
    for (const [i, row] of rows.entries()) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.prevHash).toBe(i === 0 ? null : rows[i - 1]!.hash);
    }
    const res = await verify();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ entries: rows.length, intact: true, broken_at: null, head: rows.at(-1)!.hash });
    expect(await checkAuditChain(server.ctx.db)).toMatchObject({ intact: true });
  });

  it('finds an entry changed behind the trigger, and the entry after one removed', async () => {
    const rows = await entries();
    const target = rows[3]!;
    await tamper(`UPDATE audit_log SET details = '{"n": 999}' WHERE id = ${target.id}`);
    expect((await verify()).body.data).toMatchObject({ intact: false, broken_at: { id: target.id, reason: 'changed' } });
    // Forging the changed entry's hash too only moves the break to the next entry's link.
    await tamper(`UPDATE audit_log SET hash = audit_entry_hash(prev_hash, audit_log) WHERE id = ${target.id}`);
    expect((await verify()).body.data).toMatchObject({ intact: false, broken_at: { id: rows[4]!.id, reason: 'link' } });

    // Put back as it was, the chain holds again; an entry removed breaks the link of the next.
    await tamper(`UPDATE audit_log SET details = '${JSON.stringify(target.details)}', hash = '${target.hash}' WHERE id = ${target.id}`);
    expect((await verify()).body.data.intact).toBe(true);
    await tamper(`DELETE FROM audit_log WHERE id = ${rows[6]!.id}`);
    expect((await verify()).body.data).toMatchObject({ intact: false, broken_at: { id: rows[7]!.id, reason: 'link' } });
  });

  it('is checked by admins only', async () => {
    expect((await server.call('GET', '/admin/audit-log/verify')).status).toBe(401);
    expect((await server.call('GET', '/admin/audit-log/verify', { token: customer.token })).status).toBe(403);
  });
});

describe('npx bourse verify-audit', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-audit-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  it('reports an intact log with its latest hash', async () => {
    const bin = path.resolve(import.meta.dirname, '../../../bin/bourse.js');
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'verify-audit'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' } });
    expect(stdout).toMatch(/^Audit log intact: \d+ entries, latest hash/);
  }, 90_000);
});
