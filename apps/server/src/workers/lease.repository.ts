import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../db/client.ts';
import { rowsOf } from '../db/statement.ts';

/** Runs one statement of the lease and returns its rows. */
export type LeaseSql = <T>(text: string, params: unknown[]) => Promise<T[]>;

export type LeaseKey = { name: string; holder: string };

/**
 * The connection lease statements go through. On PostgreSQL one of its own, outside the pool: a
 * renewal never waits behind a busy node's queries, and a cut connection fails it within
 * `timeoutMs` (the connection is then dropped and opened again at the next statement).
 */
export function leaseConnection(database: Database, databaseUrl: string | null, timeoutMs: number): { query: LeaseSql; close(): Promise<void> } {
  if (database.kind === 'pglite' || !databaseUrl) {
    return { query: (text, params) => database.session((s) => s.query(text, params)), close: async () => {} };
  }
  let client: pg.Client | null = null;
  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    void c.end().catch(() => {});
  };
  const connected = async () => {
    if (client) return client;
    const c = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, keepAlive: true, application_name: 'bourse worker lease' });
    c.on('error', () => drop(c));
    try {
      await c.connect();
    } catch (error) {
      drop(c);
      throw error;
    }
    client = c;
    return c;
  };
  return {
    async query<T>(text: string, params: unknown[]) {
      const c = await connected();
      try {
        return (await c.query(text, params)).rows as T[];
      } catch (error) {
        drop(c);
        throw error;
      }
    },
    async close() {
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Takes the lease when it is free: never held, expired by the database's clock, or held by this
 * same node before it restarted (`holder` is host:port, which only one live process can listen on).
 * `force` takes it whatever its state (an embedded database has one node). Each take raises the
 * token. Otherwise answers how long the current holder's lease still runs.
 */
export async function acquireLease(query: LeaseSql, key: LeaseKey, pid: number, ttlMs: number | null, force: boolean): Promise<{ token: number | null; remainingMs: number | null }> {
  const [row] = await query<{ token: string | null; remaining_ms: number | null }>(
    `WITH current AS (SELECT expires_at FROM worker_leases WHERE name = $1),
     taken AS (
       INSERT INTO worker_leases AS l (name, holder, pid, token, acquired_at, renewed_at, expires_at)
       VALUES ($1, $2, $3, 1, clock_timestamp(), clock_timestamp(),
         CASE WHEN $4::integer IS NULL THEN 'infinity'::timestamptz ELSE clock_timestamp() + $4::integer * interval '1 millisecond' END)
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, pid = EXCLUDED.pid, token = l.token + 1,
         acquired_at = EXCLUDED.acquired_at, renewed_at = EXCLUDED.renewed_at, expires_at = EXCLUDED.expires_at
       WHERE $5::boolean OR l.expires_at <= clock_timestamp() OR l.holder = EXCLUDED.holder
       RETURNING l.token
     )
     SELECT (SELECT token FROM taken)::text AS token,
       (SELECT greatest(0, extract(epoch FROM expires_at - clock_timestamp()) * 1000)::float8 FROM current) AS remaining_ms`,
    [key.name, key.holder, pid, ttlMs, force],
  );
  return { token: row?.token == null ? null : Number(row.token), remainingMs: row?.remaining_ms ?? null };
}

/** Extends the lease by `ttlMs` from now while `token` still holds it and it has not expired; false otherwise. */
export async function renewLease(query: LeaseSql, key: LeaseKey, token: number, ttlMs: number): Promise<boolean> {
  const rows = await query(
    `UPDATE worker_leases SET renewed_at = clock_timestamp(), expires_at = clock_timestamp() + $4::integer * interval '1 millisecond'
     WHERE name = $1 AND holder = $2 AND token = $3 AND expires_at > clock_timestamp() RETURNING token`,
    [key.name, key.holder, token, ttlMs],
  );
  return rows.length === 1;
}

/** Ends the lease now, so that another node takes it at its next try instead of after it expires. */
export async function releaseLease(query: LeaseSql, key: LeaseKey, token: number): Promise<void> {
  await query(`UPDATE worker_leases SET expires_at = least(expires_at, clock_timestamp()) WHERE name = $1 AND holder = $2 AND token = $3`, [key.name, key.holder, token]);
}

export type Fence = { lease: string; holder: string; token: number };

/**
 * Records the start of a run of `job`, only if `fence` is still the lease's current, unexpired
 * holder and no newer token recorded a run: true when the run may go ahead. A former holder that
 * has not noticed yet (a frozen process) is refused here.
 */
export async function claimJobRun(db: Db, job: string, fence: Fence): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO worker_job_runs AS r (job, holder, token, started_at, outcome)
      SELECT ${job}, l.holder, l.token, clock_timestamp(), 'running' FROM worker_leases l
      WHERE l.name = ${fence.lease} AND l.holder = ${fence.holder} AND l.token = ${fence.token} AND l.expires_at > clock_timestamp()
      ON CONFLICT (job) DO UPDATE SET holder = EXCLUDED.holder, token = EXCLUDED.token, runs = r.runs + 1,
        started_at = EXCLUDED.started_at, finished_at = NULL, outcome = 'running'
      WHERE r.token <= EXCLUDED.token
      RETURNING job`),
  );
  return rows.length === 1;
}

/** Records how the run that `fence` started ended (nothing if a newer holder has run the job since). */
export async function finishJobRun(db: Db, job: string, fence: Fence, outcome: 'done' | 'failed'): Promise<void> {
  await db.execute(sql`UPDATE worker_job_runs SET finished_at = clock_timestamp(), outcome = ${outcome} WHERE job = ${job} AND token = ${fence.token}`);
}
