import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { timeQueries } from './query-timing.ts';
import { ResilientPool } from './resilient-pool.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repository functions take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** A single connection speaking plain SQL. */
export type RawSession = {
  /** Runs a script of several statements. */
  exec(sqlText: string): Promise<void>;
  /** Runs one statement and returns its rows. */
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` on one connection, for session-scoped work such as advisory locks and migrations. */
  session<T>(fn: (s: RawSession) => Promise<T>): Promise<T>;
  /** Connections of the pool (PostgreSQL): open, idle, and requests waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const CONNECT_TIMEOUT_MS = 5000;

/**
 * PostgreSQL's own sizing rule (two connections per core, plus one): more connections than the
 * cores can run only queue inside the server and switch between backends. On a two-core machine
 * 5 connections placed 36% more orders a second than 20 (bench/orders). DB_POOL_SIZE overrides it.
 */
function defaultPoolSize(): number {
  return Math.max(4, availableParallelism() * 2 + 1);
}

export type OpenOptions = {
  databaseUrl: string | null;
  dataDir: string;
  onConnectionError?: (err: Error) => void;
  /** Told each statement's time on PostgreSQL, in seconds (PGlite runs in the process: nothing to time apart from the caller). */
  onQuery?: (seconds: number) => void;
  /**
   * A dump of an embedded database (PGlite's `dumpDataDir`) that a new one starts from instead of
   * an empty cluster; a data directory that holds a database already keeps it. The tests start
   * each server from one dump taken after the migrations, rather than running them every time.
   */
  snapshot?: Blob;
};

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite under `dataDir/pgdata`
 * (or in memory for `memory://`).
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl && !opts.databaseUrl.startsWith('memory://')) {
    const pool = new ResilientPool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_SIZE ?? defaultPoolSize()),
      // A backend terminated while a connection is being opened can leave the attempt waiting for
      // ever; the timeout ends it, so the request gets its 503 and the pool its slot back.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection whose backend goes away (restart, pg_terminate_backend) emits 'error': the pool's
    // listener covers idle ones, and this one those checked out between two statements of a
    // transaction, whose next statement then fails and rolls back. The pool drops broken connections
    // and opens new ones on demand. Unheard, the event would end the process.
    pool.on('error', (err) => opts.onConnectionError?.(err));
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onConnectionError?.(err));
      if (opts.onQuery) timeQueries(client, opts.onQuery);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      session: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn({
            exec: async (sqlText) => void (await conn.query(sqlText)),
            query: async <T,>(sqlText: string, params?: unknown[]) => (await conn.query(sqlText, params)).rows as T[],
          });
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (opts.databaseUrl !== 'memory://') {
    dataDir = path.join(opts.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const fresh = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
  const client = await PGlite.create({ dataDir, loadDataDir: fresh ? opts.snapshot : undefined });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is a single connection already.
    session: (fn) =>
      fn({
        exec: async (sqlText) => void (await client.exec(sqlText)),
        query: async <T,>(sqlText: string, params?: unknown[]) => (await client.query<T>(sqlText, params)).rows,
      }),
    close: () => client.close(),
  };
}
