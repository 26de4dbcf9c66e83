-- A group's markup: points (10^-digits of the instrument) added on each side of the customer quote
-- for the group's accounts, keyed by asset class or by instrument symbol (a symbol wins over its
-- class). A Raw group trades the source's spread; a Standard one a wider one without commission.
ALTER TABLE customer_groups ADD COLUMN markup jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(markup) = 'object');

-- The markup a trade priced with, as a price distance per side, fixed when it was placed: its fill,
-- its close, its triggers and its valuation all use the quote widened by it.
ALTER TABLE trades ADD COLUMN markup numeric(20, 10) NOT NULL DEFAULT 0 CHECK (markup >= 0);

-- An exposure's `cost` is where its P&L is zero: Σ units × opening price, moved by each trade's
-- markup (a long closes `markup` below the bid, a short `markup` above the ask).
CREATE OR REPLACE FUNCTION account_exposures(p_account integer) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('assetId', e.asset_id, 'side', e.trade_type, 'quoteCurrency', e.quote_currency, 'units', e.units, 'cost', e.cost, 'margin', e.margin)), '[]'::jsonb)
    FROM (SELECT tr.asset_id, tr.trade_type, tr.quote_currency, sum(tr.volume)::text AS units,
                 sum(tr.volume * (tr.opening_price + CASE WHEN tr.trade_type = 'buy' THEN tr.markup ELSE -tr.markup END))::text AS cost,
                 sum(tr.margin)::text AS margin
            FROM trades tr
           WHERE tr.account_id = p_account AND tr.status = 'open'
           GROUP BY tr.asset_id, tr.trade_type, tr.quote_currency
          UNION ALL
          SELECT v.asset_id, v.side, v.quote_currency, '0', '0', sum(v.margin)::text
            FROM venue_orders v
           WHERE v.account_id = p_account AND v.status = 'sent' AND v.purpose = 'open'
           GROUP BY v.asset_id, v.side, v.quote_currency) e
$$;
