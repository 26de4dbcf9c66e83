import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on localhost. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Builds the web client into a private directory (so a build by someone else cannot swap files
 * under a running benchmark) and returns that directory.
 */
export function buildWeb(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-web-'));
  const res = spawnSync(process.execPath, [path.join(repo, 'apps/web/node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: path.join(repo, 'apps/web'), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`web build failed:\n${res.stdout}\n${res.stderr}`);
  return outDir;
}

/** `dataDir` holds the server's mail log, where sign-up codes are read. */
export type BenchServer = { url: string; pid: number; dataDir: string; close: () => Promise<void> };

/** Starts the real server (fresh embedded database, demo users seeded) serving `webDist`. */
export async function startBenchServer(webDist: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-data-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, NODE_ENV: 'development', AUTH_RATE_LIMIT: '100000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/v1/settings`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
