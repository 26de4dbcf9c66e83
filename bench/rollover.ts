// The daily swap rollover over 100,000 open positions (20,000 accounts with five each, on six
// instruments with swaps: forex, a yen pair, gold, an index and a coin, on a Wednesday, so forex and
// gold pay three nights), beside as many closed trades of history, on PostgreSQL. The product is
// the rollover job (`rollOver`) as the worker runs it: the groups held and their swap per unit, the
// positions due, then a transaction per batch of about 5,000 positions locking their accounts and
// charging them in one statement, the clients told. The peer, in the same run on a copy of the same
// database, is one set-based statement doing the same charge for every position at once: swap
// computed in SQL, the charges, the journal entries with their running balances, the balances and
// the trades' swap totals. Both charges are then compared position by position. Prints JSON.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/rollover.ts [--positions 100000]
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rolloverAt } from '@bourse/domain';
import { scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/app-context.ts';
import { rowsOf } from '../apps/server/src/db/statement.ts';
import { ManualPriceSource } from '../apps/server/src/modules/trading/manual-price-source.ts';
import { rollOver } from '../apps/server/src/modules/trading/swaps/rollover.ts';
import { startServer } from '../apps/server/src/server.ts';

const argv = process.argv.slice(2);
const POSITIONS = argv.includes('--positions') ? Number(argv[argv.indexOf('--positions') + 1]) : 100_000;
const PER_ACCOUNT = 5;
const ACCOUNTS = Math.ceil(POSITIONS / PER_ACCOUNT);
const GOAL = { maxMs: 10_000, vsPeer: 0.5 };
// Wednesday 2 June 2032: 17:00 New York is 21:00 UTC.
const DAY = '2032-06-02';
const AT = rolloverAt(DAY, { hour: 17, minute: 0 }, 'America/New_York');
const SYMBOLS = ['EURUSD', 'USDJPY', 'XAUUSD', 'US500', 'BTCUSD', 'GBPUSD'];

type Instrument = { id: number; symbol: string; quote: string; contract: number; price: number };

/** Plain SQL, so 20,000 customers and 200,000 trades are in place in seconds. */
async function seed(ctx: AppContext, instruments: Instrument[]): Promise<void> {
  const tag = randomBytes(3).toString('hex');
  await ctx.db.execute(sql`
    INSERT INTO users (email, password_hash, first_name, last_name, username, account_id, account_type_id, status)
    SELECT 'bench.' || n || '.' || ${tag} || '@example.com', 'not-used', 'Bench', 'User' || n, 'bench' || n, 'B' || ${tag} || n,
      (SELECT min(id) FROM account_types), 'active'
    FROM generate_series(1, ${ACCOUNTS}) n`);
  await ctx.db.execute(sql`
    INSERT INTO trading_accounts (user_id, number, kind, balance)
    SELECT id, 'L' || ${tag} || id, 'live', 5000 + id % 5000 FROM users WHERE email LIKE ${`bench.%.${tag}@example.com`}`);
  await ctx.db.execute(sql`
    INSERT INTO journal_entries (account_id, kind, amount, balance_after, reference)
    SELECT id, 'deposit', balance, balance, 'bench' FROM trading_accounts WHERE number LIKE ${`L${tag}%`}`);
  // Five positions per account, opened two days before the rollover, and five trades closed the day before it.
  const opened = new Date(AT - 2 * 86_400_000).toISOString();
  const closed = new Date(AT - 86_400_000).toISOString();
  await ctx.db.execute(sql`
    WITH i AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(instruments.map((x, n) => ({ ...x, n })))}::jsonb)
                 AS i(n int, id int, symbol text, quote text, contract numeric, price numeric))
    INSERT INTO trades (trade_id, user_id, account_id, asset_id, asset_symbol, asset_name, quote_currency, trade_type, status, volume, lots,
      contract_size, margin, leverage, opening_price, closing_price, pnl, open_time, close_time, updated_at)
    SELECT 'B' || a.id || '-' || k || '-' || s.status, a.user_id, a.id, i.id, i.symbol, i.symbol, i.quote, CASE WHEN (a.id + k) % 2 = 0 THEN 'buy' ELSE 'sell' END,
      s.status, 0.1 * i.contract, 0.1, i.contract, 10, 100, i.price, CASE WHEN s.status = 'closed' THEN i.price END, 0,
      ${opened}::timestamptz, CASE WHEN s.status = 'closed' THEN ${closed}::timestamptz END,
      CASE WHEN s.status = 'closed' THEN ${closed}::timestamptz ELSE ${opened}::timestamptz END
    FROM trading_accounts a
    CROSS JOIN generate_series(0, ${PER_ACCOUNT - 1}) k
    CROSS JOIN (VALUES ('open'), ('closed')) s(status)
    JOIN i ON i.n = (a.id + k) % ${instruments.length}
    WHERE a.number LIKE ${`L${tag}%`}`);
  // Positions beyond the wanted count (the last account's) are left closed long ago.
  await ctx.db.execute(sql`
    UPDATE trades SET status = 'closed', close_time = ${closed}::timestamptz, updated_at = ${closed}::timestamptz
    WHERE id IN (SELECT id FROM trades WHERE status = 'open' ORDER BY id OFFSET ${POSITIONS})`);
  await ctx.db.execute(sql`UPDATE swap_settings SET charged_from = ${new Date(AT - 60_000).toISOString()}::timestamptz`);
  await ctx.db.execute(sql`ANALYZE`);
}

/** The peer: one statement charging every position held at the rollover, its swap computed in SQL. */
async function peerCharge(client: pg.Client, prices: { asset_id: number; price: number }[], conversions: { quote: string; currency: string; rate: number }[]): Promise<number> {
  const at = new Date(AT).toISOString();
  const since = new Date(AT - 3_600_000).toISOString();
  const res = await client.query(
    `WITH p AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS p(asset_id int, price numeric)),
    cv AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS c(quote text, currency text, rate numeric)),
    due AS (
      SELECT t.id, t.account_id, t.trade_id AS public_id, s.unit, a.digits,
        CASE WHEN t.trade_type = 'buy' THEN s.long_rate ELSE s.short_rate END AS rate,
        CASE WHEN s.triple_day IS NULL THEN 1 WHEN extract(isodow FROM $3::date) >= 6 THEN 0
             WHEN extract(isodow FROM $3::date) = s.triple_day THEN 3 ELSE 1 END AS nights,
        CASE WHEN a.type IN ('forex', 'metals') THEN 360 ELSE 365 END AS day_count,
        CASE WHEN s.unit = 'percent' THEN coalesce(p.price, t.opening_price) END AS price, cv.rate AS conversion,
        t.volume + coalesce((SELECT sum(x.volume) FROM trades x WHERE x.parent_id = t.id AND x.status = 'closed' AND x.close_time >= $4::timestamptz), 0) AS units
      FROM trades t
      JOIN trading_accounts acc ON acc.id = t.account_id
      JOIN assets a ON a.id = t.asset_id
      JOIN swap_rates s ON s.symbol = a.symbol
      JOIN cv ON cv.quote = t.quote_currency AND cv.currency = acc.currency
      LEFT JOIN p ON p.asset_id = t.asset_id
      WHERE t.parent_id IS NULL AND t.open_time < $4::timestamptz
        AND (t.status = 'open' OR (t.status = 'closed' AND t.close_time >= $4::timestamptz AND t.updated_at >= $5::timestamptz))
    ),
    priced AS (
      SELECT due.*, round(units * CASE WHEN unit = 'percent' THEN price * rate / 100 / day_count ELSE rate * power(10::numeric, -digits) END * nights * conversion, 2) AS amount
      FROM due
    ),
    charged AS (
      INSERT INTO swap_charges (trade_id, day, account_id, units, rate, unit, nights, price, conversion, amount)
      SELECT id, $3::date, account_id, units, rate, unit, nights, price, conversion, amount FROM priced WHERE amount <> 0
      ON CONFLICT (trade_id, day) DO NOTHING
      RETURNING trade_id, account_id, amount
    ),
    totals AS (SELECT account_id, sum(amount) AS total FROM charged GROUP BY account_id),
    moved AS (UPDATE trading_accounts a SET balance = a.balance + totals.total FROM totals WHERE a.id = totals.account_id RETURNING 1),
    entries AS (
      INSERT INTO journal_entries (account_id, kind, amount, balance_after, reference)
      SELECT c.account_id, 'swap', c.amount, a.balance + sum(c.amount) OVER (PARTITION BY c.account_id ORDER BY c.trade_id),
        'swap:' || tr.trade_id || ':' || $3
      FROM charged c JOIN trading_accounts a ON a.id = c.account_id JOIN trades tr ON tr.id = c.trade_id
      ORDER BY c.account_id, c.trade_id
      RETURNING 1
    ),
    swapped AS (UPDATE trades t SET swap = t.swap + c.amount FROM charged c WHERE t.id = c.trade_id RETURNING 1)
    SELECT count(*)::int AS n FROM charged`,
    [JSON.stringify(prices), JSON.stringify(conversions), DAY, at, since],
  );
  return res.rows[0].n;
}

const chargesOf = async (query: (text: string) => Promise<{ rows: { trade_id: number; amount: string }[] }>) =>
  new Map((await query(`SELECT trade_id, amount::text AS amount FROM swap_charges WHERE day = '${DAY}'`)).rows.map((r) => [r.trade_id, r.amount]));

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: Math.round(performance.now() - started), result };
}

async function run() {
  const base = process.env.DATABASE_URL!;
  const product = await scratchPostgres(base, 'bourse_bench');
  const peerName = `bourse_bench_peer_${randomBytes(4).toString('hex')}`;
  const dataDir = path.join(tmpdir(), `bourse-bench-rollover-${randomBytes(4).toString('hex')}`);
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PRICE_AUTO_TICK: 'false' }), port: 0, host: '127.0.0.1', databaseUrl: product.url, seedDemoUsers: false, runWorkers: false };
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  let server = await startServer(config, { logger: false });
  let peerDb: pg.Client | null = null;
  try {
    const instruments = rowsOf<Instrument>(
      await server.ctx.db.execute(sql`SELECT id, symbol, quote_currency AS quote, contract_size AS contract, ref_price AS price FROM assets WHERE symbol IN ${sql.raw(`(${SYMBOLS.map((s) => `'${s}'`).join(',')})`)} ORDER BY id`),
    );
    if (instruments.length !== SYMBOLS.length) throw new Error('an instrument of the benchmark is not in the catalogue');
    const seeding = await timed(() => seed(server.ctx, instruments));
    // The copy the peer charges: the same rows, before either has run.
    await server.close();
    await admin.query(`CREATE DATABASE ${peerName} TEMPLATE ${new URL(product.url).pathname.slice(1)}`);
    server = await startServer(config, { logger: false });

    // The server's prices: each instrument at its reference price; the yen converts through USD/JPY.
    const prices = new ManualPriceSource();
    for (const i of instruments) prices.set(i.id, i.price, { bid: i.price, ask: i.price });
    server.ctx.prices = prices;
    const usdjpy = instruments.find((i) => i.symbol === 'USDJPY')!;
    const conversions = [
      { quote: 'USD', currency: 'USD', rate: 1 },
      { quote: 'JPY', currency: 'USD', rate: 1 / usdjpy.price },
    ];

    const peerUrl = new URL(product.url);
    peerUrl.pathname = `/${peerName}`;
    peerDb = new pg.Client({ connectionString: peerUrl.toString() });
    await peerDb.connect();
    // Both databases read once before timing, so neither pays for a cold cache the other does not.
    for (const q of [(t: string) => peerDb!.query(t), (t: string) => server.ctx.db.execute(sql.raw(t))]) {
      await q('SELECT count(*) FROM trades');
      await q('SELECT count(*) FROM trading_accounts');
      await q('SELECT count(*) FROM journal_entries');
    }

    const job = await timed(() => rollOver(server.ctx, AT + 2 * 60_000));
    const peer = await timed(() => peerCharge(peerDb!, instruments.map((i) => ({ asset_id: i.id, price: i.price })), conversions));
    const again = await timed(() => rollOver(server.ctx, AT + 3 * 60_000));

    const ours = await chargesOf((t) => server.ctx.db.execute(sql.raw(t)) as never);
    const theirs = await chargesOf((t) => peerDb!.query(t) as never);
    const differing = [...ours].filter(([id, amount]) => theirs.get(id) !== amount).length + [...theirs.keys()].filter((id) => !ours.has(id)).length;
    const unbalanced = rowsOf<{ n: number }>(
      await server.ctx.db.execute(sql`SELECT count(*)::int AS n FROM trading_accounts a LEFT JOIN (SELECT account_id, sum(amount) AS s FROM journal_entries GROUP BY account_id) j ON j.account_id = a.id WHERE a.balance <> coalesce(j.s, 0)`),
    )[0]!.n;
    const charged = job.result.reduce((n, o) => n + o.charged, 0);
    const vsPeer = Number((peer.ms / Math.max(1, job.ms)).toFixed(2));
    return {
      seedingMs: seeding.ms,
      job: { ms: job.ms, charged, days: job.result },
      peer: { what: 'one set-based statement: swap computed in SQL, charges, journal entries, balances, trade totals', ms: peer.ms, charged: peer.result },
      jobVsPeer: vsPeer,
      runAgainSameDay: { ms: again.ms, charged: again.result.reduce((n, o) => n + o.charged, 0) },
      chargesDifferingFromPeer: differing,
      unbalancedAccounts: unbalanced,
      goal: { ...GOAL, met: job.ms <= GOAL.maxMs && vsPeer >= GOAL.vsPeer },
    };
  } finally {
    await peerDb?.end();
    await server.close();
    await admin.query(`DROP DATABASE IF EXISTS ${peerName} WITH (FORCE)`);
    await admin.end();
    await product.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!process.env.DATABASE_URL) {
  console.log(JSON.stringify({ benchmark: 'rollover', note: 'Set DATABASE_URL to a PostgreSQL server: this benchmark runs on PostgreSQL only.' }, null, 2));
} else {
  console.log(JSON.stringify({ benchmark: 'rollover', positions: POSITIONS, accounts: ACCOUNTS, closedTrades: ACCOUNTS * PER_ACCOUNT, day: DAY, results: await run() }, null, 2));
}
