// The write calls of bench/request-path.ts (see request-path-cases.ts for the shape of a case). Each
// peer makes, by hand, the statements the product's call made before it was tuned, in the same
// transaction and order: lock, read, write, activity line, ledger.
import { iso, type PeerQuery, type RequestPathCase, tradeJson } from './request-path-cases.ts';

const ACTIVITY = 'account_id, kind, actor, robot_id, trade_id, symbol, side, order_type, lots, price, take_profit, stop_loss, reason, pnl';
const newTradeId = () => `T${Math.random().toString(16).slice(2, 14).toUpperCase()}`;

/** A price in EURUSD's five decimals (more are refused). */
const price5 = (n: number) => Number(n.toFixed(5));

type Row = Record<string, unknown>;

async function ownTrade(q: PeerQuery, userId: number, id: number): Promise<Row> {
  const [trade] = await q('SELECT * FROM trades WHERE id = $1 AND user_id = $2 LIMIT 1', [id, userId]);
  if (!trade) throw new Error('trade not found');
  return trade;
}

const accountOfUser = async (q: PeerQuery, userId: number, accountId: unknown) =>
  (await q('SELECT * FROM trading_accounts WHERE user_id = $1 AND id = $2 ORDER BY id LIMIT 1', [userId, accountId]))[0];

/** The activity line of a trade row right after `kind` happened to it. */
function activity(tx: PeerQuery, kind: string, r: Row, price: unknown) {
  return tx(`INSERT INTO account_activity (${ACTIVITY}) VALUES ($1, $2, 'customer', NULL, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, [
    r.account_id, kind, r.trade_id, r.asset_symbol, r.trade_type, r.order_type, r.lots, price, r.take_profit, r.stop_loss,
    kind === 'closed' ? r.close_reason : null, kind === 'closed' ? r.pnl : null,
  ]);
}

export const writeCases: RequestPathCase[] = [
  {
    name: 'POST /trades/store',
    kind: 'write',
    product: (user, i) => ({
      method: 'POST',
      path: '/api/v1/trades/store',
      headers: { 'idempotency-key': `bench-order-${i}` },
      body: { type: 'buy', id: user.eurusd.id, volume: 0.01, opening_price: user.eurusd.ask, take_profit: price5(user.eurusd.ask * 1.05), stop_loss: price5(user.eurusd.ask * 0.95), leverage: 100 },
    }),
    peer: {
      method: 'POST',
      url: '/api/v1/trades/store',
      // BEGIN; the order_lock function (account locked, plan, new id, clock, exposure); the trade
      // with its activity line in one INSERT; COMMIT.
      handler: async ({ caller, req, reply, transaction }) => {
        const body = req.body as { id: number; type: 'buy' | 'sell'; volume: number; opening_price: number; take_profit?: number; stop_loss?: number; leverage?: number; account_id?: number };
        const key = req.headers['idempotency-key'] as string | undefined;
        const row = await transaction(async (tx) => {
          const [lock] = await tx<{ account_id: number; plan_leverage: number; trade_id: number; now_at: string }>(
            'SELECT (r.account).id AS account_id, (r.account).balance, r.plan_leverage, r.plan_caps, r.trade_id, r.now_at, r.exposures FROM order_lock($1, $2) r',
            [caller.userId, body.account_id ?? null],
          );
          if (!lock) throw new Error('account not found');
          const units = body.volume * 100_000;
          const leverage = Math.min(body.leverage ?? lock.plan_leverage, lock.plan_leverage);
          const margin = ((units * body.opening_price) / leverage).toFixed(2);
          const tradeId = newTradeId();
          const [inserted] = await tx(
            `WITH activity AS (INSERT INTO account_activity (${ACTIVITY}) VALUES ($3, 'opened', 'customer', NULL, $2, 'EURUSD', $5, 'market', $6, $8, $10, $11, NULL, NULL))
             INSERT INTO trades (id, trade_id, user_id, account_id, asset_id, asset_symbol, asset_name, quote_currency, trade_type, order_type, status, volume, lots, contract_size,
                                 margin, leverage, opening_price, take_profit, stop_loss, requested_price, filled_price, open_time, idempotency_key, request_hash, first_response, created_at, updated_at)
             VALUES ($1, $2, $13, $3, $4, 'EURUSD', 'EUR/USD', 'USD', $5, 'market', 'open', $7, $6, 100000, $9, $12, $8, $10, $11, $8, $8, now(), $14, $14, $15, $16, clock_timestamp())
             RETURNING *`,
            [lock.trade_id, tradeId, lock.account_id, body.id, body.type, body.volume, units, body.opening_price, margin, body.take_profit ?? null, body.stop_loss ?? null, leverage, caller.userId, key ?? null, { data: { status: 'open' } }, lock.now_at],
          );
          return inserted!;
        });
        return reply.status(201).send({ data: tradeJson(row), receipt: null });
      },
    },
  },
  {
    name: 'PATCH /trade/{id}',
    kind: 'write',
    // The take-profit moves between two levels above the market, so each call changes it.
    product: (user, i) => ({ method: 'PATCH', path: `/api/v1/trade/${user.modifiableTradeId}`, body: { take_profit: price5(user.eurusd.ask * (i % 2 ? 1.02 : 1.03)) } }),
    peer: {
      method: 'PATCH',
      url: '/api/v1/trade/:id',
      // The caller's trade; BEGIN; the account locked; the conditional UPDATE; the activity line;
      // COMMIT; the caller's account (for the live P&L).
      handler: async ({ q, caller, req, transaction }) => {
        const id = Number((req.params as { id: string }).id);
        const body = req.body as { take_profit?: number | null };
        const trade = await ownTrade(q, caller.userId, id);
        if (trade.status !== 'open') throw new Error('not open');
        const row = await transaction(async (tx) => {
          await tx('SELECT * FROM trading_accounts WHERE id = $1 FOR UPDATE', [trade.account_id]);
          const [modified] = await tx(
            `UPDATE trades SET take_profit = $3, stop_loss = $4, trailing_stop = $5, updated_at = clock_timestamp() WHERE id = $1 AND status = $2 RETURNING *`,
            [id, trade.status, body.take_profit ?? trade.take_profit, trade.stop_loss, trade.trailing_stop],
          );
          if (!modified) throw new Error('not open');
          await activity(tx, 'modified', modified, null);
          return modified;
        });
        await accountOfUser(q, caller.userId, row.account_id);
        return { data: tradeJson(row) };
      },
    },
  },
  {
    name: 'POST /trade/{id}/close',
    kind: 'write',
    // Each request closes a position no other request has closed (see BenchUser.closable).
    product: (user, i) => ({ method: 'POST', path: `/api/v1/trade/${user.closable.first + Math.floor(i / user.cycle)}/close`, body: {} }),
    peer: {
      method: 'POST',
      url: '/api/v1/trade/:id/close',
      // The caller's trade; their account; BEGIN; the account locked; the trade again; the
      // conditional UPDATE; the activity line; the balance; the journal entry; COMMIT.
      handler: async ({ q, caller, req, transaction }) => {
        const id = Number((req.params as { id: string }).id);
        const trade = await ownTrade(q, caller.userId, id);
        if (trade.status !== 'open') throw new Error('already closed');
        const account = await accountOfUser(q, caller.userId, trade.account_id);
        if (!account) throw new Error('account not found');
        const row = await transaction(async (tx) => {
          await tx('SELECT * FROM trading_accounts WHERE id = $1 FOR UPDATE', [account.id]);
          const [fresh] = await tx('SELECT * FROM trades WHERE id = $1 LIMIT 1', [id]);
          if (fresh?.status !== 'open') throw new Error('already closed');
          const bid = Number(fresh.opening_price) * 0.9998;
          const pnl = ((bid - Number(fresh.opening_price)) * Number(fresh.volume)).toFixed(2);
          const [closed] = await tx(
            `UPDATE trades SET status = 'closed', closing_price = $3, pnl = $4, close_reason = 'manual', close_time = $5, updated_at = clock_timestamp()
              WHERE id = $1 AND status = $2 RETURNING *`,
            [id, 'open', String(bid), pnl, new Date()],
          );
          if (!closed) throw new Error('already closed');
          await activity(tx, 'closed', closed, closed.closing_price);
          const [moved] = await tx<{ balance: string }>('UPDATE trading_accounts SET balance = balance + $1::numeric WHERE id = $2 RETURNING balance', [pnl, account.id]);
          await tx(`INSERT INTO journal_entries (account_id, kind, amount, balance_after, reference) VALUES ($1, 'realised_pnl', $2, $3, $4)`, [account.id, pnl, moved!.balance, closed.trade_id]);
          return closed;
        });
        return { data: tradeJson(row), receipt: null, message: 'Position closed.' };
      },
    },
  },
  {
    name: 'POST /chat/messages',
    kind: 'write',
    // Sent by the user's talkers in turn (see BenchUser.talkers).
    product: (user, i) => ({
      method: 'POST',
      path: '/api/v1/chat/messages',
      headers: { authorization: `Bearer ${user.talkers[Math.floor(i / user.cycle) % user.talkers.length]}` },
      body: { message: `Hello, a question about my order ${i}.` },
    }),
    peer: {
      method: 'POST',
      url: '/api/v1/chat/messages',
      // The message inserted and read back with its sender, in one statement.
      handler: async ({ q, caller, req, reply }) => {
        const text = (req.body as { message: string }).message.trim();
        const [m] = await q(
          `WITH inserted AS (INSERT INTO chat_messages (customer_id, sender_id, is_admin, message) VALUES ($1, $1, false, $2) RETURNING *)
           SELECT i.*, u.first_name, u.last_name, u.avatar FROM inserted i JOIN users u ON u.id = i.sender_id`,
          [caller.userId, text],
        );
        const data = {
          id: m!.id,
          customer_id: m!.customer_id,
          sender_id: m!.sender_id,
          sender: { first_name: m!.first_name, name: `${m!.first_name} ${m!.last_name}`, avatar: m!.avatar },
          is_admin: m!.is_admin,
          message: m!.message,
          attachments: [],
          created_at: iso(m!.created_at),
          read_at: iso(m!.read_at),
        };
        return reply.status(201).send({ data });
      },
    },
  },
];
