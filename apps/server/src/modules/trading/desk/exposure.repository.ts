import { sql } from 'drizzle-orm';
import type { DeskAccounts } from '@bourse/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/statement.ts';

/** Customers' open positions of one instrument, side and book, summed. */
export type OpenBook = {
  assetId: number;
  symbol: string;
  name: string;
  quoteCurrency: string;
  side: 'buy' | 'sell';
  /** True for the house's own (B-book): no venue. */
  bBook: boolean;
  positions: number;
  lots: string;
  units: string;
  /** Σ units × opening price. */
  cost: string;
  /** Σ units × the trade's markup: what the customers' closes give up to the groups' markups. */
  markup: string;
};

const accountsFilter = (accounts: DeskAccounts) => (accounts === 'live' ? sql`AND a.kind = 'live'` : sql``);

/** Every open position summed by instrument, quote currency, side and book (optionally one instrument). */
export async function openBooks(db: DbOrTx, accounts: DeskAccounts, assetId?: number): Promise<OpenBook[]> {
  const one = assetId === undefined ? sql`` : sql`AND t.asset_id = ${assetId}`;
  return rowsOf<OpenBook>(
    await db.execute(sql`
      SELECT t.asset_id AS "assetId", max(t.asset_symbol) AS symbol, max(t.asset_name) AS name, t.quote_currency AS "quoteCurrency",
             t.trade_type AS side, (t.venue IS NULL) AS "bBook", count(*)::int AS positions,
             sum(t.lots)::text AS lots, sum(t.volume)::text AS units, sum(t.volume * t.opening_price)::text AS cost,
             sum(t.volume * t.markup)::text AS markup
        FROM trades t JOIN trading_accounts a ON a.id = t.account_id
       WHERE t.status = 'open' ${accountsFilter(accounts)} ${one}
       GROUP BY t.asset_id, t.quote_currency, t.trade_type, (t.venue IS NULL)
       ORDER BY t.asset_id`),
  );
}

/** The house's filled hedges per instrument, net in units (bought positive). */
export async function hedgedUnits(db: DbOrTx, assetId?: number): Promise<Map<number, string>> {
  const one = assetId === undefined ? sql`` : sql`AND asset_id = ${assetId}`;
  const rows = rowsOf<{ assetId: number; units: string }>(
    await db.execute(sql`
      SELECT asset_id AS "assetId", sum(CASE WHEN side = 'buy' THEN filled_units ELSE -filled_units END)::text AS units
        FROM hedges WHERE status IN ('filled', 'partial') ${one}
       GROUP BY asset_id`),
  );
  return new Map(rows.map((r) => [r.assetId, r.units]));
}
