import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { untilUnused } from './postgres-admin.ts';

export type TestServer = RunningServer & { call: ApiCall };

/**
 * Starts the real server on a free port with a database of its own: in-memory PGlite, or a fresh
 * database on the PostgreSQL of `DATABASE_URL` (dropped on close), so test files never share state.
 */
export async function startTestServer(overrides: Partial<Config> = {}, opts: { logger?: object } = {}): Promise<TestServer> {
  const dataDir = `/tmp/bourse-test-${randomBytes(6).toString('hex')}`;
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '10000' });
  const database = await testDatabase();
  const config: Config = { ...base, port: 0, host: '127.0.0.1', databaseUrl: database.url, seedDemoUsers: false, ...overrides };
  const server = await startServerFromSnapshot(config, opts.logger ?? false);
  const close = server.close;
  return {
    ...server,
    call: apiCall(server.url),
    async close() {
      await close();
      await database.drop();
    },
  };
}

/** What the run's global setup provided; nothing outside a test run (the benchmarks use these helpers too). */
const provided = (key: 'postgresTemplate' | 'pgliteSnapshot') => (process.env.VITEST ? inject(key) : '');

let snapshot: Blob | undefined;

/** The migrated embedded database of the run (see database-template.ts), read once per worker. */
function pgliteSnapshot(): Blob | undefined {
  const file = provided('pgliteSnapshot');
  if (file) snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

/** `startServer` without logs (unless given a logger), an embedded database starting from the run's migrated snapshot. */
export function startServerFromSnapshot(config: Config, logger: object | false = false): Promise<RunningServer> {
  return startServer(config, { logger, snapshot: pgliteSnapshot() });
}

async function testDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: 'memory://', drop: async () => {} };
  return scratchPostgres(baseUrl, 'bourse_t');
}

/**
 * A new database on the PostgreSQL server of `baseUrl`, for one test file or benchmark; `drop` removes
 * it. In a test run it is a copy of the run's migrated template.
 */
export async function scratchPostgres(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = provided('postgresTemplate');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // A closed pool's sockets may still be saying goodbye: forcing the drop then would kill them
      // mid-close and surface as an unhandled error in the test run.
      await untilUnused(c, name);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered without a cast at each assertion
export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };
// biome-ignore lint/suspicious/noExplicitAny: the same untyped default as ApiResponse
export type ApiCall = <T = any>(
  method: string,
  path: string,
  opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: RequestInit["body"] },
) => Promise<ApiResponse<T>>;

/** A tiny fetch client for `/api/v1` paths. */
export function apiCall(baseUrl: string): ApiCall {
  return async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: RequestInit["body"] = opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };
}
