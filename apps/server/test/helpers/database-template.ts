// Vitest global setup of the integration suites: migrates one database once per run, so each test
// server copies it instead of running every migration itself. The instrument catalogue is not part
// of the copy: each server seeds its own at start, as on a new install, so every instrument's
// history reaches up to that server's start (its `history_anchor`), not to the start of the run.
// On PostgreSQL the copy is a template database (`CREATE DATABASE … TEMPLATE`); on the embedded
// database, a dump of its data directory.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { admin, untilUnused } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database new test databases are created from; '' on the embedded database. */
    postgresTemplate: string;
    /** The file holding the migrated embedded database's dump; '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

/** What a server's first start writes and every later start finds in place. */
async function prepare(database: Database) {
  await migrate(database);
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `bourse_tpl_${randomBytes(6).toString('hex')}`;
    await admin(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    await prepare(database);
    await database.close();
    await admin(baseUrl, (c) => untilUnused(c, name));
    project.provide('postgresTemplate', name);
    project.provide('pgliteSnapshot', '');
    return () => admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  const database = await openDatabase({ databaseUrl: 'memory://', dataDir: tmpdir() });
  await prepare(database);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // A checkpoint first: every copy then starts without replaying the migrations' write-ahead log,
  // which took a fifth of each test server's start.
  await client.exec('CHECKPOINT');
  const file = path.join(tmpdir(), `bourse-snapshot-${randomBytes(6).toString('hex')}.tar`);
  writeFileSync(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('postgresTemplate', '');
  project.provide('pgliteSnapshot', file);
  return () => rmSync(file, { force: true });
}
