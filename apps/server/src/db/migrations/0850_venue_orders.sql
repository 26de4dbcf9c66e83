-- A-book execution. A position filled by a liquidity provider names its venue and the provider's
-- symbol, so its close goes to the same venue whatever the routing says by then.
ALTER TABLE trades ADD COLUMN venue text;
ALTER TABLE trades ADD COLUMN venue_symbol text;

-- Every order sent to a venue, written (and committed) before it is sent: a node killed while the
-- order is out finds it here on restart and settles it from the provider's answer to its ClOrdID.
-- `purpose` open makes a position (`request` holds what the trade is made from); close closes
-- `trade_id` (or `lots` of it); flatten takes back to the provider a position the house closed
-- itself (negative balance protection), the customer's side already settled. While `status` is
-- 'sent' an opening order's `margin` is held.
CREATE TABLE venue_orders (
  id serial PRIMARY KEY,
  cl_ord_id text NOT NULL UNIQUE,
  venue text NOT NULL,
  symbol text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('open', 'close', 'flatten')),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  -- Checked at commit: a booking names the trade it is about to insert in the same transaction.
  trade_id integer REFERENCES trades(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
  asset_id integer NOT NULL,
  quote_currency text NOT NULL,
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  lots numeric(10, 2) NOT NULL,
  units numeric(24, 8) NOT NULL,
  limit_price numeric(30, 10),
  margin numeric(20, 2) NOT NULL DEFAULT 0,
  request jsonb NOT NULL,
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'filled', 'partial', 'rejected')),
  filled_units numeric(24, 8),
  average_price numeric(30, 10),
  text text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX venue_orders_sent ON venue_orders (account_id) WHERE status = 'sent';
CREATE INDEX venue_orders_trade ON venue_orders (trade_id) WHERE status = 'sent';

-- What reconciliation found: the house's net position at a venue differing from the provider's.
-- One open row per venue and symbol until the two agree again (resolved_at).
CREATE TABLE venue_breaks (
  id serial PRIMARY KEY,
  venue text NOT NULL,
  symbol text NOT NULL,
  ours numeric(24, 8) NOT NULL,
  theirs numeric(24, 8) NOT NULL,
  found_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE UNIQUE INDEX venue_breaks_open ON venue_breaks (venue, symbol) WHERE resolved_at IS NULL;

-- Opening orders still out at a venue hold their margin, so two orders in flight cannot both spend
-- the same free margin: they count as exposure with no units yet.
CREATE OR REPLACE FUNCTION account_exposures(p_account integer) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('assetId', e.asset_id, 'side', e.trade_type, 'quoteCurrency', e.quote_currency, 'units', e.units, 'cost', e.cost, 'margin', e.margin)), '[]'::jsonb)
    FROM (SELECT tr.asset_id, tr.trade_type, tr.quote_currency, sum(tr.volume)::text AS units, sum(tr.volume * tr.opening_price)::text AS cost, sum(tr.margin)::text AS margin
            FROM trades tr
           WHERE tr.account_id = p_account AND tr.status = 'open'
           GROUP BY tr.asset_id, tr.trade_type, tr.quote_currency
          UNION ALL
          SELECT v.asset_id, v.side, v.quote_currency, '0', '0', sum(v.margin)::text
            FROM venue_orders v
           WHERE v.account_id = p_account AND v.status = 'sent' AND v.purpose = 'open'
           GROUP BY v.asset_id, v.side, v.quote_currency) e
$$;
