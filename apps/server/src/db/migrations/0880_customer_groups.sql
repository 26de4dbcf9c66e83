-- Customer groups: the trading terms a dealer sets for a set of accounts. Every account belongs to
-- one; a plan names the group its customers' new accounts join. A change to a group applies to new
-- orders at once; an open position keeps the terms it opened with (its leverage and margin, the
-- commission its close will charge, whether it pays swaps), copied onto the trade at the fill.
CREATE TABLE customer_groups (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  -- Commission per side (open and close each): `per_lot` `commission_rate` per lot, `per_million`
  -- per million of notional, never less than `commission_min`; amounts in `currency`.
  commission_mode text NOT NULL DEFAULT 'none' CHECK (commission_mode IN ('none', 'per_lot', 'per_million')),
  commission_rate numeric(14, 4) NOT NULL DEFAULT 0 CHECK (commission_rate >= 0),
  commission_min numeric(14, 4) NOT NULL DEFAULT 0 CHECK (commission_min >= 0),
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  -- The most leverage per asset class (cryptos, stocks, …): a ceiling over the plan's; a class not
  -- named is bounded by the plan and the site only.
  leverage jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Swap-free (Islamic) accounts pay no swap; after `swap_free_days` nights a position pays
  -- `swap_free_fee` per lot per night instead, in `currency`.
  swap_free boolean NOT NULL DEFAULT false,
  swap_free_days smallint NOT NULL DEFAULT 0 CHECK (swap_free_days BETWEEN 0 AND 365),
  swap_free_fee numeric(14, 4) NOT NULL DEFAULT 0 CHECK (swap_free_fee >= 0),
  -- `route`: as the instrument's execution route says; `b_book`: always the house; `a_book`: to
  -- the instrument's venue whenever it has one, whatever the route's size or account rule.
  execution text NOT NULL DEFAULT 'route' CHECK (execution IN ('route', 'b_book', 'a_book')),
  -- Margin levels in percent (equity ÷ margin): a notice at the first, positions closed at the second.
  margin_call_level numeric(6, 2) NOT NULL DEFAULT 100 CHECK (margin_call_level BETWEEN 0 AND 1000),
  stop_out_level numeric(6, 2) NOT NULL DEFAULT 50 CHECK (stop_out_level BETWEEN 0 AND 1000),
  -- Asset classes the group may trade; empty: all.
  allowed_classes text[] NOT NULL DEFAULT '{}',
  updated_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (stop_out_level <= margin_call_level),
  CHECK (currency IS NOT NULL OR (commission_mode = 'none' AND swap_free_fee = 0))
);

-- The default group (the first, id 1, never removed) keeps today's terms: no commission, swaps charged.
INSERT INTO customer_groups (name, description) VALUES
  ('Standard', 'Spread only, swaps charged.');
INSERT INTO customer_groups (name, description, commission_mode, commission_rate, commission_min, currency) VALUES
  ('Raw', 'Raw spread with a commission per lot.', 'per_lot', 3.5, 0.5, 'USD');
INSERT INTO customer_groups (name, description, swap_free, swap_free_days, swap_free_fee, currency) VALUES
  ('Swap-free', 'No swaps; an administration fee per lot per night after three nights.', true, 3, 5, 'USD');

ALTER TABLE account_types ADD COLUMN group_id integer REFERENCES customer_groups(id);
ALTER TABLE trading_accounts ADD COLUMN group_id integer REFERENCES customer_groups(id);
UPDATE trading_accounts SET group_id = 1;
ALTER TABLE trading_accounts ALTER COLUMN group_id SET NOT NULL;
CREATE INDEX trading_accounts_group_idx ON trading_accounts (group_id);

-- A new account joins its owner's plan's group, else the default one (unless the insert names one).
CREATE FUNCTION trading_account_group() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.group_id IS NULL THEN
    SELECT t.group_id INTO NEW.group_id FROM users u JOIN account_types t ON t.id = u.account_type_id WHERE u.id = NEW.user_id;
    NEW.group_id := coalesce(NEW.group_id, 1);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER trading_account_group BEFORE INSERT ON trading_accounts FOR EACH ROW EXECUTE FUNCTION trading_account_group();

-- What a position charged in commission so far (negative), the commission its close will charge
-- for all its lots (fixed at the fill: the terms it opened with), and whether it pays swaps.
ALTER TABLE trades ADD COLUMN commission numeric(20, 2) NOT NULL DEFAULT 0;
ALTER TABLE trades ADD COLUMN close_commission numeric(20, 2) NOT NULL DEFAULT 0;
ALTER TABLE trades ADD COLUMN swap_free boolean NOT NULL DEFAULT false;

ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('deposit', 'withdrawal', 'realised_pnl', 'purchase', 'fee', 'correction', 'transfer', 'swap', 'commission'));

-- The order lock also reads the account's group terms (one round trip, see 0820).
DROP FUNCTION order_lock(integer, integer);
CREATE FUNCTION order_lock(p_user integer, p_account integer)
RETURNS TABLE (account trading_accounts, plan_leverage integer, plan_caps jsonb, trade_id integer, now_at text, exposures jsonb, terms jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  locked trading_accounts;
BEGIN
  SELECT a.* INTO locked FROM trading_accounts a
    WHERE a.user_id = p_user AND (p_account IS NULL OR a.id = p_account)
    ORDER BY a.id LIMIT 1
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT
      locked,
      t.leverage,
      (SELECT coalesce(jsonb_object_agg(pl.asset_class, pl.max_leverage), '{}'::jsonb) FROM plan_leverage pl WHERE pl.plan_id = t.id),
      nextval(pg_get_serial_sequence('trades', 'id'))::integer,
      to_json(now()) #>> '{}',
      account_exposures(locked.id),
      (SELECT to_jsonb(g) FROM customer_groups g WHERE g.id = locked.group_id)
    FROM users u
    JOIN account_types t ON t.id = u.account_type_id
    WHERE u.id = locked.user_id;
END
$$;
