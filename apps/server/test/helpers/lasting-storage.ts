import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Storage that outlives a server, for tests that restart one: the embedded database in a directory
 * of its own, or, with DATABASE_URL, a database of its own on that PostgreSQL. Call `open()` before
 * the first server and `close()` after the last.
 */
export function lastingStorage(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bourse-${prefix}-`));
  const pgBase = process.env.DATABASE_URL;
  const pgName = `bourse_t_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string | null = null;
  const admin = async (sqlText: string) => {
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    await client.query(sqlText);
    await client.end();
  };
  return {
    dataDir,
    get databaseUrl() {
      return databaseUrl;
    },
    async open() {
      if (!pgBase) return;
      await admin(`CREATE DATABASE ${pgName}`);
      const url = new URL(pgBase);
      url.pathname = `/${pgName}`;
      databaseUrl = url.toString();
    },
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
      if (pgBase) await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    },
  };
}
