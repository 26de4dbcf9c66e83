import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Which database each integration suite runs on. The `integration` project runs on the embedded
 * PGlite; the `postgres` project, defined when DATABASE_URL names a PostgreSQL, on that one
 * (`npm test` runs both when TEST_DATABASE_URL is set, as CI does). Suites whose outcome cannot
 * depend on the engine (HTTP behaviour, uploads, rate limits, realtime protocol and Redis, plain
 * queries both engines answer alike) run once, on PGlite. The suites below are about the engine,
 * so they run on PostgreSQL as well.
 */
const ENGINE_SUITES = [
  // Processes killed, stopped or restarted over storage that outlives them.
  'crash-recovery',
  'graceful-shutdown',
  'alerts-restart',
  'robots-restart',
  'market-restart',
  'equity-snapshots',
  'a-book-crash',
  // Concurrent requests racing for one row: one connection (PGlite) queues them, a pool does not.
  'trading-concurrency',
  'audit-chain',
  'money',
  'marketplace',
  'account-approval',
  'autotrader',
  'plans',
  // Money moved by orders, closes and the ledger, and each request's session check: the paths every
  // customer takes, proved on the production engine too.
  'trading-orders',
  'trading-positions',
  'trading-risk',
  'a-book',
  'ledger',
  // Swaps charged at the daily rollover, once per position per day, and the ledger they post to.
  'swaps',
  'request-auth',
  // Erasure locks the customer and their accounts against orders and a second erasure.
  'data-rights',
  // The order lock reads the client's category for the regulatory leverage ceiling; one pending
  // professional request per customer is a partial unique index.
  'client-categories',
  // The desk's exposure and reports are SQL sums over trades and the ledger; a hedging rule is decided
  // under a row lock, once per crossing however many checks race for it.
  'desk',
  'desk-hedging',
  'desk-reports',
  // A group's markup moves fills, triggers and the exposure sums the order lock reads.
  'group-markup',
  // The risk warning's percentage is a SQL sum over each account's trading results in the ledger; a
  // questionnaire is answered or confirmed under the customer's row lock.
  'risk-warning',
  'appropriateness',
  // The annual costs statement sums fills and ledger entries in SQL, joining entries to trades by reference.
  'costs-statement',
  // A list import replaces the previous version in one transaction; a hit is one open row per
  // customer and entry (a partial unique index), a flag one per request and rule; a withdrawal reads
  // the hold under the customer's row lock a screening writing a hit holds.
  'aml-screening',
  // A deposit passing the source-of-funds threshold is summed and held under the customer's row
  // lock; one declaration waits per customer (a partial unique index).
  'aml-source-of-funds',
];
/** Suites that need a PostgreSQL server (several nodes on one database, connections cut): PostgreSQL only. */
const POSTGRES_SUITES = ['multi-node', 'db-connection-loss', 'alerts-cluster', 'trading-cluster', 'swaps-cluster', 'restore-drill', 'operator-cli', 'worker-lease', 'worker-failover', 'upgrade-side-by-side', 'metrics-cluster', 'tracing'];
const suiteFiles = (names: string[]) => names.map((name) => `apps/server/test/${name}.test.ts`);

const integration = {
  environment: 'node',
  globalSetup: ['apps/server/test/helpers/database-template.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // PGlite instances are memory-hungry; two workers match the machine's two cores.
  maxWorkers: 2,
  // The files of a worker share one module graph: each file no longer loads the server's modules
  // and compiles PGlite anew. Server state lives in each app's context, not in modules.
  isolate: false,
  sequence: { groupOrder: 1 },
} satisfies TestProjectInlineConfiguration['test'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
      },
      { test: { ...integration, name: 'integration', include: ['apps/server/test/**/*.test.ts'], exclude: suiteFiles(POSTGRES_SUITES) } },
      // Run with DATABASE_URL set (scripts/test-all.ts does); defined only then, so a plain run has no duplicates.
      ...(process.env.DATABASE_URL ? [{ test: { ...integration, name: 'postgres', include: suiteFiles([...ENGINE_SUITES, ...POSTGRES_SUITES]) } }] : []),
    ],
  },
});
