import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readMailOf } from '../helpers';

/** Milliseconds from `now` to the next Saturday 12:00 UTC, when only crypto trades (SPEC §9 hours). */
export function offsetToSaturdayNoon(now: number): number {
  const d = new Date(now);
  const days = (6 - d.getUTCDay() + 7) % 7 || 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, 12) - now;
}

/**
 * Starts a second real server whose clock reads next Saturday noon (the web build of the first
 * one, its own data dir and port). The trading-hours gate then refuses every non-crypto order.
 */
export async function startShiftedServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = Number(process.env.E2E_PORT ?? 3210) + 1000;
  const dataDir = `${process.env.E2E_DATA_DIR ?? '/tmp/bourse-e2e'}-shifted`;
  await rm(dataDir, { recursive: true, force: true });
  const preload = fileURLToPath(new URL('./shift-clock.mjs', import.meta.url));
  const child = spawn(process.execPath, [`--import=${preload}`, 'apps/server/src/main.ts'], {
    cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, CLOCK_OFFSET_MS: String(offsetToSaturdayNoon(Date.now())), AUTH_RATE_LIMIT: '100000' },
    stdio: 'ignore',
  });
  const url = `http://localhost:${port}`;
  // Customers registered on it get their codes mailed to its data dir.
  const mail = readMailOf(dataDir);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}/api/v1/settings`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the shifted-clock server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      mail.forget();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
