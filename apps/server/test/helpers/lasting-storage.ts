import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scratchPostgres } from './test-server.ts';

/**
 * Storage that outlives a server, for tests that restart one: the embedded database in a directory
 * of its own, or, with DATABASE_URL, a database of its own on that PostgreSQL. Call `open()` before
 * the first server and `close()` after the last.
 */
export function lastingStorage(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bourse-${prefix}-`));
  const pgBase = process.env.DATABASE_URL;
  let database: Awaited<ReturnType<typeof scratchPostgres>> | null = null;
  return {
    dataDir,
    get databaseUrl() {
      return database?.url ?? null;
    },
    async open() {
      if (pgBase) database = await scratchPostgres(pgBase, 'bourse_t');
    },
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
