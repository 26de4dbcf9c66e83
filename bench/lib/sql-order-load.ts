// The database-only peer of bench/orders.ts, run as a child process like the HTTP load: `connections`
// workers, each on its own PostgreSQL connection, doing what one order asks of the database with
// node-postgres and nothing else (no HTTP, no validation, no pricing): lock the account, read its
// open exposure, insert the trade with its response, commit. Its rate is what the database and this
// machine allow for orders; the server's orders/s against it says how much the rest costs.
import pg from 'pg';

export type SqlLoadSpec = { url: string; accounts: { userId: number; accountId: number; assetId: number }[]; seconds: number; connections: number };

const spec = JSON.parse(process.argv[2]!) as SqlLoadSpec;
const latencies: number[] = [];
let n = 0;
let errors = 0;

async function worker(client: pg.Client, until: number): Promise<void> {
  while (performance.now() < until) {
    const i = n++;
    const a = spec.accounts[i % spec.accounts.length]!;
    const t0 = performance.now();
    try {
      await client.query('BEGIN');
      await client.query('SELECT * FROM trading_accounts WHERE id = $1 FOR UPDATE', [a.accountId]);
      await client.query(
        `SELECT asset_id, trade_type, quote_currency, sum(volume)::text, sum(volume * opening_price)::text, sum(margin)::text
           FROM trades WHERE account_id = $1 AND status = 'open' GROUP BY asset_id, trade_type, quote_currency`,
        [a.accountId],
      );
      await client.query(
        `INSERT INTO trades (trade_id, user_id, account_id, asset_id, asset_symbol, asset_name, trade_type, status, volume, lots, contract_size, margin, leverage, opening_price, idempotency_key, first_response, updated_at)
         VALUES ($1, $2, $3, $4, 'EURUSD', 'EUR/USD', 'buy', 'open', 1000, 0.01, 100000, 11, 100, 1.1001, $1, $5, clock_timestamp()) RETURNING *`,
        [`SQL${process.pid}-${i}`, a.userId, a.accountId, a.assetId, { data: { status: 'open' } }],
      );
      await client.query('COMMIT');
      latencies.push(performance.now() - t0);
    } catch (error) {
      if (!errors++) console.error(`[sql-order-load] ${(error as Error).message}`);
      await client.query('ROLLBACK').catch(() => {});
    }
  }
}

const clients = await Promise.all(
  Array.from({ length: spec.connections }, async () => {
    const c = new pg.Client({ connectionString: spec.url });
    await c.connect();
    return c;
  }),
);
const started = performance.now();
await Promise.all(clients.map((c) => worker(c, started + spec.seconds * 1000)));
const elapsed = (performance.now() - started) / 1000;
await Promise.all(clients.map((c) => c.end()));
const sorted = Float64Array.from(latencies).sort();
const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
process.send!({
  requests: latencies.length,
  rps: Number((latencies.length / elapsed).toFixed(1)),
  p50Ms: at(0.5),
  p99Ms: at(0.99),
  maxMs: at(1),
  non2xx: 0,
  errors,
  timeouts: 0,
});
