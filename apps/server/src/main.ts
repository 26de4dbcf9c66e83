import { startTracingIfConfigured, stopTracing } from './lib/tracing.ts';

// Tracing patches http, pg and ioredis as they are loaded, so it starts before the server's modules
// are imported (a static import would load them first).
await startTracingIfConfigured(process.env);
const { loadConfig } = await import('./config.ts');
const { demoUsers, seedDemoUsers } = await import('./seed/demo-users.ts');
const { seedDemoWallets } = await import('./seed/demo-wallets.ts');
const { startServer } = await import('./server.ts');

const config = loadConfig();
const server = await startServer(config);
const { log } = server.ctx;

if (config.seedDemoUsers) {
  await seedDemoUsers(server.ctx);
  await seedDemoWallets(server.ctx);
}

const lines = [
  '',
  `  Bourse is running at ${config.publicUrl}`,
  `  API docs:            ${config.publicUrl}/api/v1/docs`,
  `  Database:            ${config.databaseUrl ? 'PostgreSQL' : `embedded (PGlite) in ${config.dataDir}`}`,
  ...(config.seedDemoUsers
    ? ['', '  Sign in with one of the demo accounts:', ...demoUsers.map((u) => `    ${u.role.padEnd(9)} ${u.email} / ${u.password}`)]
    : ['', '  Create the first admin with: npm run create-admin -- --email you@example.com --password <password>']),
  '',
];
console.log(lines.join('\n'));

/** The drain cuts requests after its own limit; this bounds everything else (workers, database). */
const SHUTDOWN_LIMIT_MS = 30_000;

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // An orchestrator sends SIGKILL after its own grace period; better to say why first.
    setTimeout(() => {
      log.error('shutdown did not finish in time');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      await server.close();
      await stopTracing();
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    log.info('stopped');
    process.exit(0);
  });
}
