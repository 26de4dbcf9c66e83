// HTTP order placement under load: POST /trades/store (market orders, each with its own
// Idempotency-Key, spread over many accounts) beside a trivial authenticated GET (/user) in the
// same run, on the embedded database and, when DATABASE_URL is set, on PostgreSQL. The load comes
// from autocannon in a child process; prices are held still so every order fills. On PostgreSQL a
// third peer runs the order's transaction in plain SQL (lib/sql-order-load.ts): the database's own
// ceiling for orders on the machine. Prints JSON.
//   node bench/orders.ts [--seconds 5] [--connections 20] [--users 50] [--rounds 3]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/orders.ts
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createSession } from '../apps/server/src/modules/auth/auth.repository.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.service.ts';
import { ManualPriceSource } from '../apps/server/src/modules/trading/manual-price-source.ts';
import { riskEngineOf } from '../apps/server/src/modules/trading/risk-engine.ts';
import { tradingRuntime } from '../apps/server/src/modules/trading/trading-runtime.ts';
import { startServer } from '../apps/server/src/server.ts';
import { combined, type Load, runLoad } from './lib/load-rounds.ts';
import type { SqlLoadSpec } from './lib/sql-order-load.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const SECONDS = arg('--seconds', 5);
const CONNECTIONS = arg('--connections', 20);
const USERS = arg('--users', 50);
const ROUNDS = arg('--rounds', 3);
const WARMUP_SECONDS = 2;
// Orders on PostgreSQL at no less than this share of the plain-SQL peer's rate in the same run.
const GOAL = { ordersVsSqlOnly: 0.6 };


async function run(database: 'pglite' | 'postgres') {
  const pgDb = database === 'postgres' ? await scratchPostgres(process.env.DATABASE_URL!, 'bourse_bench') : null;
  const dataDir = path.join(tmpdir(), `bourse-bench-orders-${randomBytes(4).toString('hex')}`);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '1000000', PRICE_AUTO_TICK: 'false' }),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: pgDb?.url ?? 'memory://',
    seedDemoUsers: false,
    demoBalance: '100000000',
  };
  const server = await startServer(config, { logger: false });
  try {
    const eurusd = await tradingRuntime(server.ctx).catalog.pair('EUR', 'USD');
    if (!eurusd) throw new Error('EURUSD is not in the catalogue');
    const prices = new ManualPriceSource();
    prices.set(eurusd.id, 1.1, { bid: 1.0999, ask: 1.1001 });
    server.ctx.prices = prices;
    await riskEngineOf(server.ctx)?.usePrices(prices);
    const tokens: string[] = [];
    const accounts: SqlLoadSpec['accounts'] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await createUser(server.ctx, {
        email: `bench.${i}.${randomBytes(3).toString('hex')}@example.com`,
        passwordHash: 'not-used',
        firstName: 'Bench',
        lastName: `User${i}`,
        username: `bench${i}`,
        role: 'customer',
        status: 'active',
      });
      tokens.push(await createSession(server.ctx.db, user.id, 1));
      accounts.push({ userId: user.id, accountId: user.accounts[0]!.id, assetId: eurusd.id });
    }
    const order = { type: 'buy', id: eurusd.id, volume: 0.01, opening_price: 1.1001, take_profit: 1.2, stop_loss: 1.0, leverage: 100, amount: 1000, qty: 1000, margin: 11, asset_symbol: eurusd.symbol, asset_name: eurusd.name };
    const common = { url: server.url, tokens, seconds: SECONDS, connections: CONNECTIONS };
    const get = await runLoad({ ...common, method: 'GET', path: '/api/v1/user', body: null, label: 'get' });
    // Orders and the database-only peer (the same accounts and concurrency: the ceiling for orders
    // on this machine) take turns, so a noisy moment falls on both rather than on one.
    // Unmeasured first: each pooled connection prepares its statements and the order path gets compiled.
    await runLoad({ ...common, seconds: WARMUP_SECONDS, method: 'POST', path: '/api/v1/trades/store', body: order, label: `warmup-${database}` });
    const rounds: { orders: Load; sql: Load | null }[] = [];
    for (let round = 0; round < (pgDb ? ROUNDS : 1); round++) {
      const orders = await runLoad({ ...common, method: 'POST', path: '/api/v1/trades/store', body: order, label: `order-${database}-${round}` });
      const sql = pgDb ? await runLoad({ url: pgDb.url, accounts, seconds: SECONDS, connections: CONNECTIONS }, './sql-order-load.ts') : null;
      rounds.push({ orders, sql });
    }
    const orders = combined(rounds.map((r) => r.orders));
    const sql = pgDb ? combined(rounds.map((r) => r.sql!)) : null;
    return {
      database,
      trivialGet: { route: 'GET /user', ...get },
      orders: { route: 'POST /trades/store', ...orders },
      ordersVsGet: Number((orders.rps / get.rps).toFixed(2)),
      ...(sql && {
        sqlOnlyPeer: { what: 'the order transaction in plain SQL over node-postgres, no HTTP', ...sql },
        ordersVsSqlOnly: Number((orders.rps / sql.rps).toFixed(2)),
        ordersVsSqlOnlyByRound: rounds.map((r) => Number((r.orders.rps / r.sql!.rps).toFixed(2))),
      }),
    };
  } finally {
    await server.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [await run('pglite')];
if (process.env.DATABASE_URL) results.push(await run('postgres'));
const postgres = results.find((r) => r.database === 'postgres');
console.log(
  JSON.stringify(
    {
      benchmark: 'orders',
      seconds: SECONDS,
      connections: CONNECTIONS,
      users: USERS,
      goalOnPostgres: GOAL,
      results,
      met: postgres?.ordersVsSqlOnly === undefined ? null : postgres.ordersVsSqlOnly >= GOAL.ordersVsSqlOnly,
      note: postgres ? undefined : 'Set DATABASE_URL to measure PostgreSQL too.',
    },
    null,
    2,
  ),
);
