import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { apiCall } from './helpers/test-server.ts';
import { register, registrationForm } from './helpers/factories.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The embedded database on disk, as `npm start` runs it. */
async function start() {
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '1000' }), port: 0, host: '127.0.0.1', databaseUrl: null };
  const server = await startServer(config, { logger: false });
  return { ...server, call: apiCall(server.url) };
}

describe('embedded database on disk', () => {
  it('keeps users, sessions and settings across a restart', async () => {
    const form = registrationForm();
    const first = await start();
    await register(first, form);
    const login = await first.call('POST', '/auth/login', { body: { email: form.email, password: form.password } });
    const token = login.body.data.token;
    const { updateSiteSettings } = await import('../src/modules/settings/settings.service.ts');
    await updateSiteSettings(first.ctx.db, { name: 'Persisted Broker' });
    await first.close();

    const second = await start();
    try {
      const me = await second.call('GET', '/user', { token });
      expect(me.status).toBe(200);
      expect(me.body.data.email).toBe(form.email);
      expect(me.body.data.accounts[0].balance).toBe('10000.00');
      expect((await second.call('GET', '/settings')).body.data.name).toBe('Persisted Broker');
    } finally {
      await second.close();
    }
    // Two boots of the on-disk database, each applying or checking every migration.
  }, 90_000);
});
