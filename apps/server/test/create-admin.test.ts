import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { apiCall } from './helpers/test-server.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-admin-cli-'));
const bin = path.resolve(import.meta.dirname, '../../../bin/bourse.js');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the CLI as `npx bourse create-admin …` does, on the embedded database in dataDir. */
const createAdmin = (...args: string[]) =>
  run(process.execPath, [bin, 'create-admin', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', PUSHER_APP_SECRET: 'cli-test-secret', PRICE_SOCKET_KEY: 'cli-test-key' },
  });

describe('npm run create-admin', () => {
  it('creates the first admin of a production install, who can then sign in as admin', async () => {
    const { stdout } = await createAdmin('--email', 'owner@broker.example', '--password', 'a-long-admin-passphrase');
    expect(stdout).toMatch(/Admin owner@broker.example created/);

    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), port: 0, host: '127.0.0.1', databaseUrl: null, seedDemoUsers: false };
    const server = await startServer(config, { logger: false });
    try {
      const login = await apiCall(server.url)('POST', '/auth/login', { body: { email: 'owner@broker.example', password: 'a-long-admin-passphrase' } });
      expect(login.status).toBe(200);
      expect(login.body.data.user.role).toBe('admin');
      expect(login.body.data.user.status).toBe('active');
    } finally {
      await server.close();
    }
    // Two fresh embedded databases migrate here, one in a process of its own.
  }, 90_000);

  it('refuses a short password and an existing email', async () => {
    await expect(createAdmin('--email', 'short@broker.example', '--password', 'short')).rejects.toMatchObject({ stderr: expect.stringMatching(/at least 12 characters/) });
    await expect(createAdmin('--email', 'owner@broker.example', '--password', 'another-long-passphrase')).rejects.toMatchObject({ stderr: expect.stringMatching(/already exists/) });
  });
});
