// The calls bench/request-path.ts measures, each twice: on the product, and on a bare peer
// (Fastify + node-postgres, hand-written SQL, no ORM) that answers the same request by making the
// queries the product made before the request path was tuned, one round trip each as it did then.
// The peer is the baseline: the product should be at least as fast as the naive queries in plain code.
//
// To add a call, append one object to `requestPathCases` below (nothing else needs to change):
//   name     how the JSON names it
//   kind     'read' or 'write' (the goals differ: reads ≥ 1.0 of the peer's rate, writes ≥ 0.9)
//   product  the request the load sends for the i-th request as `user` (the same request goes to
//            the peer, which serves the same paths)
//   peer     the peer's route: method, Fastify url pattern, and a handler given `q` (one statement
//            on the peer's pool), `caller` (found by the peer's own session lookup, as the product's
//            auth hook did), the Fastify request and reply; what it returns is sent as JSON
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeCases } from './request-path-write-cases.ts';

/** One seeded user, with what the cases need to address their own things. */
export type BenchUser = {
  userId: number;
  accountId: number;
  token: string;
  /** One of the user's notifications (marking it read again changes nothing). */
  noteId: number;
  /** How many users the load cycles through: request i goes to user i mod cycle, so i / cycle counts this user's requests. */
  cycle: number;
  /** The instrument orders are placed on, and its ask price as the product quotes it (prices stand still on the bench). */
  eurusd: { id: number; ask: number };
  /** An open position of the first account whose take-profit the modify call moves back and forth. */
  modifiableTradeId: number;
  /** Open positions on a second account, numbered from `first`, each closed once by the close call. */
  closable: { first: number; count: number };
  /** Sessions of customers who only chat: the chat call spreads over them to stay under the per-sender limit. */
  talkers: string[];
};

export type BenchRequest = { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown; headers?: Record<string, string> };

/** The caller as the peer's session lookup finds it (the columns the product's auth hook read). */
export type PeerCaller = { sessionId: number; userId: number; role: string; status: string };

/** Runs one statement on the peer's pool and returns its rows. */
export type PeerQuery = <R = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R[]>;

/**
 * What a peer handler is given. `assetsGzip`: the catalogue body the product served at start,
 * gzipped as it does. `transaction`: runs `fn` on one pooled connection between BEGIN and COMMIT
 * (a round trip each, as the product's were), rolling back if it throws.
 */
export type PeerContext = {
  q: PeerQuery;
  caller: PeerCaller;
  req: FastifyRequest;
  reply: FastifyReply;
  assetsGzip: Buffer;
  transaction<T>(fn: (q: PeerQuery) => Promise<T>): Promise<T>;
};

export type RequestPathCase = {
  name: string;
  kind: 'read' | 'write';
  /** `i` counts the call's requests over the whole benchmark, so a call that uses something up (a close) never meets one used before. */
  product: (user: BenchUser, i: number) => BenchRequest;
  peer: {
    method: 'GET' | 'POST' | 'PATCH';
    url: string;
    handler: (ctx: PeerContext) => Promise<unknown>;
  };
};

export const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : null);
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A trade row in the API's field names (the peer's hand-written counterpart of tradeView). */
export function tradeJson(r: Record<string, unknown>) {
  return {
    id: r.id,
    trade_id: r.trade_id,
    account_id: r.account_id,
    asset_id: r.asset_id,
    asset_symbol: r.asset_symbol,
    asset_name: r.asset_name,
    trade_type: r.trade_type,
    order_type: r.order_type,
    status: r.status,
    volume: Number(r.volume),
    lots: Number(r.lots),
    margin: r.margin,
    leverage: r.leverage,
    opening_price: num(r.opening_price),
    closing_price: num(r.closing_price),
    take_profit: num(r.take_profit),
    stop_loss: num(r.stop_loss),
    trailing_stop: num(r.trailing_stop),
    trigger_price: num(r.trigger_price),
    open_time: iso(r.open_time),
    close_time: iso(r.close_time),
    pnl: r.pnl,
    close_reason: r.close_reason,
    requested_price: num(r.requested_price),
    filled_price: num(r.filled_price),
    slippage: num(r.slippage),
    spread: num(r.spread),
    latency_ms: r.latency_ms,
    created_at: iso(r.created_at),
    placed_by: 'customer',
    robot_id: null,
  };
}

/** The product's trade lists before tuning: the account, then a page of rows and their count side by side. */
function tradesPeer(status: 'open' | 'closed'): RequestPathCase['peer'] {
  const order = status === 'closed' ? 'close_time DESC, id DESC' : 'id DESC';
  return {
    method: 'GET',
    url: `/api/v1/${status}/trades`,
    handler: async ({ q, caller, req }) => {
      const page = Number((req.query as { page?: string }).page ?? 1);
      const [account] = await q<{ id: number }>('SELECT * FROM trading_accounts WHERE user_id = $1 ORDER BY id LIMIT 1', [caller.userId]);
      if (!account) throw new Error('no account');
      const [rows, [total]] = await Promise.all([
        q(`SELECT * FROM trades WHERE account_id = $1 AND status = ANY($2) ORDER BY ${order} LIMIT 20 OFFSET $3`, [account.id, [status], (page - 1) * 20]),
        q<{ n: number }>('SELECT count(*)::int AS n FROM trades WHERE account_id = $1 AND status = ANY($2)', [account.id, [status]]),
      ]);
      const n = total?.n ?? 0;
      return { data: rows.map(tradeJson), meta: { current_page: page, per_page: 20, total: n }, links: { next: page * 20 < n ? `/api/v1/${status}/trades?page=${page + 1}` : null } };
    },
  };
}

export const requestPathCases: RequestPathCase[] = [
  {
    name: 'GET /user',
    kind: 'read',
    product: () => ({ method: 'GET', path: '/api/v1/user' }),
    peer: {
      method: 'GET',
      url: '/api/v1/user',
      // The user, then side by side: accounts, plan, unread notifications, usable robots, and the
      // chat's unread count (which read the user again for its role).
      handler: async ({ q, caller }) => {
        const [u] = await q('SELECT * FROM users WHERE id = $1 LIMIT 1', [caller.userId]);
        if (!u) throw new Error('no user');
        const [accounts, [plan], notes, eas, unread] = await Promise.all([
          q('SELECT * FROM trading_accounts WHERE user_id = $1 ORDER BY id', [u.id]),
          q('SELECT * FROM account_types WHERE id = $1 LIMIT 1', [u.account_type_id]),
          q('SELECT * FROM notifications WHERE user_id = $1 AND read = false ORDER BY id DESC LIMIT 20', [u.id]),
          q<{ ea_id: number }>(
            `SELECT p.ea_id FROM ea_purchases p JOIN users u ON u.id = p.user_id
              WHERE p.user_id = $1 AND p.status = 'active'
                AND (NOT EXISTS (SELECT 1 FROM plan_expert_advisors pe WHERE pe.ea_id = p.ea_id)
                     OR EXISTS (SELECT 1 FROM plan_expert_advisors pe WHERE pe.ea_id = p.ea_id AND pe.plan_id = u.account_type_id))
              ORDER BY p.ea_id`,
            [u.id],
          ),
          (async () => {
            const [again] = await q<{ role: string }>('SELECT * FROM users WHERE id = $1 LIMIT 1', [u.id]);
            const [row] = await q<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages WHERE customer_id = $1 AND is_admin = true AND read_at IS NULL', [u.id]);
            return again ? (row?.n ?? 0) : 0;
          })(),
        ]);
        const first = accounts[0];
        return {
          data: {
            id: u.id,
            first_name: u.first_name,
            last_name: u.last_name,
            name: `${u.first_name} ${u.last_name}`,
            username: u.username,
            email: u.email,
            phone: u.phone,
            country: u.country,
            nationality: u.nationality,
            avatar: u.avatar,
            account_id: u.account_id,
            role: u.role,
            status: u.status,
            balance: first?.balance ?? '0.00',
            credit_balance: first?.credit ?? '0.00',
            notifications: notes.map((n) => ({ id: n.id, title: n.title, message: n.message, color: n.color, read: n.read, created_at: iso(n.created_at) })),
            is_online: false,
            unread_count: unread,
            accounts: accounts.map((a) => ({
              id: a.id,
              number: a.number,
              title: `${a.kind === 'demo' ? 'Demo' : 'Live'} ${a.number}`,
              kind: a.kind,
              currency: a.currency,
              balance: a.balance,
              credit: a.credit,
              status: a.status,
              rejection_reason: null,
            })),
            account_type: plan && { id: plan.id, title: plan.title, color: plan.color, icon: plan.icon, image: plan.image, leverage: plan.leverage },
            autotrader: u.autotrader,
            eas: eas.map((e) => e.ea_id),
            created_at: iso(u.created_at),
          },
        };
      },
    },
  },
  {
    name: 'GET /open/trades',
    kind: 'read',
    product: () => ({ method: 'GET', path: '/api/v1/open/trades?page=1' }),
    peer: tradesPeer('open'),
  },
  {
    name: 'GET /closed/trades',
    kind: 'read',
    product: () => ({ method: 'GET', path: '/api/v1/closed/trades?page=1' }),
    peer: tradesPeer('closed'),
  },
  {
    name: 'GET /assets',
    kind: 'read',
    // Gzipped, as every browser asks for it (the whole catalogue is megabytes of JSON).
    product: () => ({ method: 'GET', path: '/api/v1/assets', headers: { 'accept-encoding': 'gzip' } }),
    // The product answers from its catalogue in memory; the peer sends the same body, fetched once.
    peer: {
      method: 'GET',
      url: '/api/v1/assets',
      handler: async ({ reply, assetsGzip }) => reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(assetsGzip),
    },
  },
  {
    name: 'GET /user/preferences',
    kind: 'read',
    product: () => ({ method: 'GET', path: '/api/v1/user/preferences' }),
    peer: {
      method: 'GET',
      url: '/api/v1/user/preferences',
      handler: async ({ q, caller }) => {
        const [row] = await q<{ preferences: unknown }>('SELECT preferences FROM users WHERE id = $1', [caller.userId]);
        return { data: row?.preferences ?? {} };
      },
    },
  },
  {
    name: 'POST /notifications/{id}/read',
    kind: 'read',
    product: (user) => ({ method: 'POST', path: `/api/v1/notifications/${user.noteId}/read` }),
    peer: {
      method: 'POST',
      url: '/api/v1/notifications/:id/read',
      handler: async ({ q, caller, req }) => {
        const rows = await q('UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2 RETURNING id', [Number((req.params as { id: string }).id), caller.userId]);
        if (!rows.length) throw new Error('not found');
        return { message: 'Notification marked as read' };
      },
    },
  },
  ...writeCases,
];
