import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any fixed number works: it only has to be the same for every node of one deployment.
const MIGRATION_LOCK = 724_001;

/** The migrations this build ships, in the order they apply. */
export function migrationNames(): string[] {
  return readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Applies the SQL files of `migrations/` in name order, each once, each in its own transaction.
 * An advisory lock keeps two nodes starting together from applying the same file twice.
 * Files are numbered by area (0001 foundation, 01xx realtime and chat, 02xx market data, 03xx trading).
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = migrationNames();
  return database.session(async (s) => {
    await s.exec(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await s.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const done = new Set((await s.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const body = readFileSync(path.join(migrationsDir, file), 'utf8');
        try {
          await s.exec(`BEGIN;\n${body}\n;\nINSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`);
        } catch (error) {
          await s.exec('ROLLBACK').catch(() => {});
          throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await s.exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
