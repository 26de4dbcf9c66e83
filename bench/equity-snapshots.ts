// The hourly equity sweep over many accounts (10,000 by default, a tenth of them with two open
// positions), on the embedded database and, when DATABASE_URL is set, on PostgreSQL. Measures the
// first sweep (every funded account is new), an ordinary next hour (the open ones and the 5% whose
// balance moved), and a repeated sweep in the same hour (nothing due). The peer, in the same run on
// the same data, is the sweep one would write first: for each account read its open trades, value
// them, and write a row, every account every hour. Prints JSON.
//   node bench/equity-snapshots.ts [--accounts 10000]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/equity-snapshots.ts
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/app-context.ts';
import { equitySnapshots, tradingAccounts } from '../apps/server/src/db/schema/index.ts';
import { hourOf, snapshotEquity } from '../apps/server/src/modules/statements/equity-snapshots.ts';
import { ManualPriceSource } from '../apps/server/src/modules/trading/manual-price-source.ts';
import { tradesOfAccount } from '../apps/server/src/modules/trading/trades.repository.ts';
import { tradingRuntime } from '../apps/server/src/modules/trading/trading-runtime.ts';
import { Valuer } from '../apps/server/src/modules/trading/valuation.ts';
import { startServer } from '../apps/server/src/server.ts';

const argv = process.argv.slice(2);
const ACCOUNTS = argv.includes('--accounts') ? Number(argv[argv.indexOf('--accounts') + 1]) : 10_000;
const WITH_POSITIONS = 0.1;
const MOVED_PER_HOUR = 0.05;
const HOUR = 3_600_000;
// Hours far from now, so the sweep the server itself takes at start never meets them.
const T0 = Date.UTC(2032, 5, 1, 0, 5);

/** Plain SQL, so 10,000 customers, accounts, deposits and trades are in place in seconds. */
async function seed(ctx: AppContext, eurusd: number): Promise<void> {
  const tag = randomBytes(3).toString('hex');
  await ctx.db.execute(sql`
    INSERT INTO users (email, password_hash, first_name, last_name, username, account_id, account_type_id, status)
    SELECT 'bench.' || n || '.' || ${tag} || '@example.com', 'not-used', 'Bench', 'User' || n, 'bench' || n, 'B' || ${tag} || n,
      (SELECT min(id) FROM account_types), 'active'
    FROM generate_series(1, ${ACCOUNTS}) n`);
  await ctx.db.execute(sql`
    INSERT INTO trading_accounts (user_id, number, kind, balance)
    SELECT id, 'L' || ${tag} || id, 'live', 1000 + id % 5000 FROM users WHERE email LIKE ${`bench.%.${tag}@example.com`}`);
  await ctx.db.execute(sql`
    INSERT INTO journal_entries (account_id, kind, amount, balance_after, reference)
    SELECT id, 'deposit', balance, balance, 'bench' FROM trading_accounts WHERE number LIKE ${`L${tag}%`}`);
  await ctx.db.execute(sql`
    INSERT INTO trades (trade_id, user_id, account_id, asset_id, asset_symbol, asset_name, trade_type, status, volume, lots, contract_size, margin, leverage, opening_price, open_time)
    SELECT 'B' || a.id || '-' || side, a.user_id, a.id, ${eurusd}, 'EURUSD', 'EUR/USD', side, 'open', 1000, 0.01, 100000, 11, 100, 1.1, now()
    FROM trading_accounts a CROSS JOIN (VALUES ('buy'), ('sell')) s(side)
    WHERE a.number LIKE ${`L${tag}%`} AND a.id % ${Math.round(1 / WITH_POSITIONS)} = 0`);
}

/** The balance of 5% of the accounts moves by 1 (an entry and the balance, as the ledger does it). */
async function moveSomeBalances(ctx: AppContext, hour: number): Promise<void> {
  const every = Math.round(1 / MOVED_PER_HOUR);
  await ctx.db.execute(sql`
    WITH moved AS (UPDATE trading_accounts SET balance = balance + 1 WHERE (id + ${hour}) % ${every} = 0 RETURNING id, balance)
    INSERT INTO journal_entries (account_id, kind, amount, balance_after, reference) SELECT id, 'correction', 1, balance, 'bench' FROM moved`);
}

/** The peer: every active account, one by one: its open trades, their value, one row. */
async function naiveSweep(ctx: AppContext, nowMs: number): Promise<number> {
  const hour = hourOf(nowMs);
  const accounts = await ctx.db.select().from(tradingAccounts).where(sql`${tradingAccounts.status} = 'active'`);
  const valuer = new Valuer(tradingRuntime(ctx).catalog, ctx.prices!, 'USD');
  let written = 0;
  for (const a of accounts) {
    const summary = await valuer.summary(a.balance, a.credit, await tradesOfAccount(ctx.db, a.id, ['open']));
    const rows = await ctx.db
      .insert(equitySnapshots)
      .values({ accountId: a.id, hour, balance: a.balance, equity: summary.equity.toFixed(2) })
      .onConflictDoNothing()
      .returning({ id: equitySnapshots.accountId });
    written += rows.length;
  }
  return written;
}

async function timed(work: () => Promise<number>) {
  const started = performance.now();
  const rows = await work();
  return { ms: Math.round(performance.now() - started), rows };
}

async function run(database: 'pglite' | 'postgres') {
  const pgDb = database === 'postgres' ? await scratchPostgres(process.env.DATABASE_URL!, 'bourse_bench') : null;
  const dataDir = path.join(tmpdir(), `bourse-bench-equity-${randomBytes(4).toString('hex')}`);
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PRICE_AUTO_TICK: 'false' }), port: 0, host: '127.0.0.1', databaseUrl: pgDb?.url ?? 'memory://', seedDemoUsers: false };
  const server = await startServer(config, { logger: false });
  try {
    const eurusd = await tradingRuntime(server.ctx).catalog.pair('EUR', 'USD');
    if (!eurusd) throw new Error('EURUSD is not in the catalogue');
    const prices = new ManualPriceSource();
    prices.set(eurusd.id, 1.1, { bid: 1.0999, ask: 1.1001 });
    server.ctx.prices = prices;
    await seed(server.ctx, eurusd.id);

    const first = await timed(() => snapshotEquity(server.ctx, T0));
    await moveSomeBalances(server.ctx, 1);
    const nextHour = await timed(() => snapshotEquity(server.ctx, T0 + HOUR));
    const sameHour = await timed(() => snapshotEquity(server.ctx, T0 + HOUR + 10 * 60_000));
    await moveSomeBalances(server.ctx, 2);
    const peer = await timed(() => naiveSweep(server.ctx, T0 + 2 * HOUR));
    return {
      database,
      sweep: { firstHour: first, nextHour, sameHourAgain: sameHour },
      peer: { what: 'per account: read its open trades, value them, write a row (every account, every hour)', ...peer },
      nextHourVsPeer: Number((peer.ms / Math.max(1, nextHour.ms)).toFixed(1)),
      firstHourVsPeer: Number((peer.ms / Math.max(1, first.ms)).toFixed(1)),
      rowsPerHourVsPeer: Number((nextHour.rows / Math.max(1, peer.rows)).toFixed(3)),
    };
  } finally {
    await server.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [await run('pglite')];
if (process.env.DATABASE_URL) results.push(await run('postgres'));
console.log(
  JSON.stringify(
    {
      benchmark: 'equity-snapshots',
      accounts: ACCOUNTS,
      withOpenPositions: WITH_POSITIONS,
      balanceMovedPerHour: MOVED_PER_HOUR,
      results,
      note: process.env.DATABASE_URL ? undefined : 'Set DATABASE_URL to measure PostgreSQL too.',
    },
    null,
    2,
  ),
);
