// The data bench/request-path.ts measures against, written once through the product's own code
// (an in-process server on the scratch database, which also applies the migrations): customers with
// their accounts and a session each, open and closed trades, unread notifications and one read one;
// for the write calls, a second account holding the positions the close call closes (so the reads
// see the same first account whatever the closes did) and customers who only chat (so the chat
// call stays under its per-sender rate limit).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openAccount } from '../../apps/server/src/modules/accounts/accounts.repository.ts';
import { postEntry } from '../../apps/server/src/modules/accounts/ledger.repository.ts';
import { createSession } from '../../apps/server/src/modules/auth/auth.repository.ts';
import { createUser } from '../../apps/server/src/modules/auth/auth.service.ts';
import { tradingRuntime } from '../../apps/server/src/modules/trading/trading-runtime.ts';
import { startServer } from '../../apps/server/src/server.ts';
import type { BenchUser } from './request-path-cases.ts';

export type SeedShape = { users: number; openTrades: number; closedTrades: number; unreadNotes: number; closableTrades: number; talkers: number };

export async function seedRequestPath(databaseUrl: string, shape: SeedShape): Promise<BenchUser[]> {
  const dataDir = path.join(tmpdir(), `bourse-bench-reqpath-${randomBytes(4).toString('hex')}`);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RUN_WORKERS: 'false' }),
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    seedDemoUsers: false,
  };
  const server = await startServer(config, { logger: false });
  try {
    const { db } = server.ctx;
    const eurusd = await tradingRuntime(server.ctx).catalog.pair('EUR', 'USD');
    if (!eurusd) throw new Error('EURUSD is not in the catalogue');
    const quote = server.ctx.prices?.quote(eurusd.id);
    if (!quote) throw new Error('EURUSD has no price');
    const customer = (name: string) =>
      createUser(server.ctx, { email: `${name}@example.com`, passwordHash: 'not-used', firstName: 'Bench', lastName: name, username: name, role: 'customer', status: 'active' });
    const users: BenchUser[] = [];
    for (let i = 0; i < shape.users; i++) {
      const user = await customer(`reqpath${i}`);
      const accountId = user.accounts[0]!.id;
      const token = await createSession(db, user.id, 24);
      const trade = (status: 'open' | 'closed', count: number) =>
        db.execute(sql`
          INSERT INTO trades (trade_id, user_id, account_id, asset_id, asset_symbol, asset_name, trade_type, status, volume, lots, contract_size,
                              margin, leverage, opening_price, closing_price, pnl, close_reason, open_time, close_time)
          SELECT ${`RP${user.id}${status}`} || g, ${user.id}, ${accountId}, ${eurusd.id}, ${eurusd.symbol}, ${eurusd.name}, 'buy', ${status}, 1000, 0.01, 100000,
                 11, 100, 1.1001, ${status === 'closed' ? 1.1011 : null}, ${status === 'closed' ? '1.00' : '0'}, ${status === 'closed' ? 'manual' : null},
                 now() - g * interval '1 hour', ${status === 'closed' ? sql`now() - g * interval '1 minute'` : null}
            FROM generate_series(1, ${count}) AS g`);
      await trade('open', shape.openTrades);
      await trade('closed', shape.closedTrades);
      await db.execute(sql`
        INSERT INTO notifications (user_id, title, message, read)
        SELECT ${user.id}, 'Deposit approved', 'Your deposit of ' || g || '00.00 USD was approved.', false FROM generate_series(1, ${shape.unreadNotes}) AS g`);
      const read = await db.execute<{ id: number }>(sql`INSERT INTO notifications (user_id, title, message, read) VALUES (${user.id}, 'Welcome', 'Welcome aboard.', true) RETURNING id`);
      const rows = async (query: SQL) => (await db.execute(query)) as unknown as { rows: { id: number }[] };
      const [modifiable] = (await rows(sql`SELECT min(id) AS id FROM trades WHERE account_id = ${accountId} AND status = 'open'`)).rows;
      // The positions the close call closes, on an account of their own, funded so no close leaves it below zero.
      const second = await openAccount(db, user.id, 'demo', 'USD');
      await postEntry(db, { accountId: second.id, kind: 'deposit', amount: '100000000', reference: 'bench funding' });
      const closable = (
        await rows(sql`
          INSERT INTO trades (trade_id, user_id, account_id, asset_id, asset_symbol, asset_name, quote_currency, trade_type, status, volume, lots, contract_size,
                              margin, leverage, opening_price, take_profit, stop_loss, open_time)
          SELECT ${`RPC${user.id}-`} || g, ${user.id}, ${second.id}, ${eurusd.id}, ${eurusd.symbol}, ${eurusd.name}, ${eurusd.quoteCurrency}, 'buy', 'open', 1000, 0.01, 100000,
                 11, 100, ${quote.ask}, ${quote.ask * 1.05}, ${quote.ask * 0.95}, now()
            FROM generate_series(1, ${shape.closableTrades}) AS g
          RETURNING id`)
      ).rows.map((r) => Number(r.id));
      // One INSERT on a quiet database numbers its rows in a run; the load addresses them by offset.
      const first = Math.min(...closable);
      if (Math.max(...closable) - first + 1 !== closable.length) throw new Error('closable trades are not numbered in a run');
      const talkers: string[] = [];
      for (let t = 0; t < shape.talkers; t++) talkers.push(await createSession(db, (await customer(`reqpath${i}talker${t}`)).id, 24));
      users.push({
        userId: user.id,
        accountId,
        token,
        noteId: Number((read as unknown as { rows: { id: number }[] }).rows[0]!.id),
        cycle: shape.users,
        eurusd: { id: eurusd.id, ask: quote.ask },
        modifiableTradeId: Number(modifiable!.id),
        closable: { first, count: closable.length },
        talkers,
      });
    }
    return users;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
