import { type SQL, sql } from 'drizzle-orm';
import type { DeskAccounts } from '@bourse/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/statement.ts';

/** A span of time, start included, end excluded. */
export type Span = { from: Date; to: Date };

export type AccountFiguresRow = {
  account_id: number;
  user_id: number;
  name: string;
  email: string;
  kind: 'demo' | 'live';
  currency: string;
  group_id: number;
  group_name: string;
  closed_trades: number;
  realised_pnl: string;
  opened_lots: string;
  opened_notional: string;
};

/** Each customer account's closes and fills in the span, then whatever `tail` adds (a join, an order, a limit). */
const accountFigures = (span: Span, extra: { with?: SQL; select?: SQL; join?: SQL; where?: SQL; tail: SQL }) => sql`
  WITH closed AS (
    SELECT account_id, count(*)::int AS n, sum(pnl) AS pnl FROM trades
     WHERE status = 'closed' AND close_time >= ${span.from} AND close_time < ${span.to} GROUP BY account_id
  ),
  opened AS (
    -- A partial close's slice keeps its position's open time: the fill's lots are the position's and its slices'.
    SELECT account_id, sum(lots) AS lots, sum(volume * opening_price * coalesce(fill_conversion, 0)) AS notional FROM trades
     WHERE status IN ('open', 'closed') AND open_time >= ${span.from} AND open_time < ${span.to} GROUP BY account_id
  )${extra.with ?? sql``}
  SELECT a.id AS account_id, u.id AS user_id, u.first_name || ' ' || u.last_name AS name, u.email, a.kind, a.currency,
         g.id AS group_id, g.name AS group_name, coalesce(c.n, 0) AS closed_trades, coalesce(c.pnl, 0)::text AS realised_pnl,
         coalesce(o.lots, 0)::text AS opened_lots, round(coalesce(o.notional, 0), 2)::text AS opened_notional ${extra.select ?? sql``}
    FROM trading_accounts a
    JOIN users u ON u.id = a.user_id AND u.role = 'customer'
    JOIN customer_groups g ON g.id = a.group_id
    LEFT JOIN closed c ON c.account_id = a.id
    LEFT JOIN opened o ON o.account_id = a.id
    ${extra.join ?? sql``}
   WHERE (c.account_id IS NOT NULL OR o.account_id IS NOT NULL) ${extra.where ?? sql``}
   ${extra.tail}`;

/** The accounts with the best (or, for the house, the most costly) realised P&L and the most volume in the span. */
export async function topAccounts(db: DbOrTx, span: Span, by: 'pnl' | 'volume', limit = 10): Promise<AccountFiguresRow[]> {
  const order = by === 'pnl' ? sql`ORDER BY coalesce(c.pnl, 0) DESC, a.id` : sql`ORDER BY coalesce(o.notional, 0) DESC, coalesce(o.lots, 0) DESC, a.id`;
  return rowsOf<AccountFiguresRow>(await db.execute(accountFigures(span, { tail: sql`${order} LIMIT ${limit}` })));
}

export type ToxicRow = AccountFiguresRow & { quick_trades: number; quick_wins: number; quick_profit: string; median_seconds: number };

/** Accounts with at least `minTrades` positions closed at a profit within `withinSeconds` of opening and a win rate among such quick trades of `minWinRate` % or more. */
export async function toxicAccounts(db: DbOrTx, span: Span, q: { withinSeconds: number; minTrades: number; minWinRate: number }): Promise<ToxicRow[]> {
  const quick = sql`,
  quick AS (
    SELECT account_id, count(*)::int AS n, (count(*) FILTER (WHERE pnl > 0))::int AS wins, coalesce(sum(pnl) FILTER (WHERE pnl > 0), 0) AS profit,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM close_time - open_time)) AS median
      FROM trades
     WHERE status = 'closed' AND close_time >= ${span.from} AND close_time < ${span.to}
       AND close_time - open_time <= make_interval(secs => ${q.withinSeconds})
     GROUP BY account_id
  )`;
  return rowsOf<ToxicRow>(
    await db.execute(
      accountFigures(span, {
        with: quick,
        select: sql`, q.n AS quick_trades, q.wins AS quick_wins, q.profit::text AS quick_profit, round(q.median::numeric, 1)::float8 AS median_seconds`,
        join: sql`JOIN quick q ON q.account_id = a.id`,
        where: sql`AND q.wins >= ${q.minTrades} AND q.wins * 100 >= ${q.minWinRate} * q.n`,
        tail: sql`ORDER BY q.profit DESC, a.id LIMIT 100`,
      }),
    ),
  );
}

export type DailyPnlDbRow = {
  day: string;
  group_id: number;
  group_name: string;
  asset_id: number;
  symbol: string;
  currency: string;
  trades: number;
  lots: string;
  spread_income: string;
  commissions: string;
  swaps: string;
  realised_pnl: string;
  house_pnl: string;
};

/**
 * P&L per UTC day, group, instrument and account currency in the span: the spread crossed by the
 * day's fills, the commissions and swaps charged (income to the house: positive), the customers'
 * realised P&L, and the house's result (commissions + swaps − customers' realised P&L on B-book positions).
 */
export async function dailyPnl(db: DbOrTx, span: Span, accounts: DeskAccounts): Promise<DailyPnlDbRow[]> {
  const kind = accounts === 'live' ? sql`AND a.kind = 'live'` : sql``;
  const day = (column: SQL) => sql`(${column} AT TIME ZONE 'UTC')::date`;
  return rowsOf<DailyPnlDbRow>(
    await db.execute(sql`
      WITH parts AS (
        SELECT ${day(sql`t.open_time`)} AS day, a.group_id, t.asset_id, t.asset_symbol AS symbol, a.currency,
               (CASE WHEN t.parent_id IS NULL THEN 1 ELSE 0 END) AS trades, t.lots, coalesce(t.spread * t.volume * t.fill_conversion, 0) AS spread_income,
               0 AS commissions, 0 AS swaps, 0 AS realised, 0 AS realised_b
          FROM trades t JOIN trading_accounts a ON a.id = t.account_id
         WHERE t.status IN ('open', 'closed') AND t.open_time >= ${span.from} AND t.open_time < ${span.to} ${kind}
        UNION ALL
        SELECT ${day(sql`j.created_at`)}, a.group_id, t.asset_id, t.asset_symbol, a.currency, 0, 0, 0,
               (CASE WHEN j.kind = 'commission' THEN -j.amount ELSE 0 END), 0,
               (CASE WHEN j.kind = 'realised_pnl' THEN j.amount ELSE 0 END),
               (CASE WHEN j.kind = 'realised_pnl' AND t.venue IS NULL THEN j.amount ELSE 0 END)
          FROM journal_entries j JOIN trades t ON t.trade_id = j.reference JOIN trading_accounts a ON a.id = j.account_id
         WHERE j.kind IN ('commission', 'realised_pnl') AND j.created_at >= ${span.from} AND j.created_at < ${span.to} ${kind}
        UNION ALL
        SELECT s.day, a.group_id, t.asset_id, t.asset_symbol, a.currency, 0, 0, 0, 0, -s.amount, 0, 0
          FROM swap_charges s JOIN trades t ON t.id = s.trade_id JOIN trading_accounts a ON a.id = s.account_id
         WHERE s.day >= ${day(sql`${span.from}::timestamptz`)} AND s.day < ${day(sql`${span.to}::timestamptz`)} ${kind}
      )
      SELECT p.day::text AS day, p.group_id, g.name AS group_name, p.asset_id, max(p.symbol) AS symbol, p.currency,
             sum(p.trades)::int AS trades, sum(p.lots)::text AS lots, round(sum(p.spread_income), 2)::text AS spread_income,
             round(sum(p.commissions), 2)::text AS commissions, round(sum(p.swaps), 2)::text AS swaps,
             round(sum(p.realised), 2)::text AS realised_pnl, round(sum(p.commissions) + sum(p.swaps) - sum(p.realised_b), 2)::text AS house_pnl
        FROM parts p JOIN customer_groups g ON g.id = p.group_id
       GROUP BY p.day, p.group_id, g.name, p.asset_id, p.currency
       ORDER BY p.day, g.name, symbol, p.currency`),
  );
}

/** The days in the span whose end-of-day snapshot is kept. */
export async function keptDays(db: DbOrTx, span: Span): Promise<string[]> {
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`SELECT day::text AS day FROM desk_days WHERE day >= (${span.from}::timestamptz AT TIME ZONE 'UTC')::date AND day < (${span.to}::timestamptz AT TIME ZONE 'UTC')::date ORDER BY day`),
  );
  return rows.map((r) => r.day);
}
