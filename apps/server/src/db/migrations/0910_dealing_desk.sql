-- The dealing desk: a `dealer` role that sees and acts on the desk (exposure, hedges, desk reports)
-- and nothing else of the back office; support does not see the desk.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('customer', 'support', 'admin', 'dealer'));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_role_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_role_check CHECK (actor_role IN ('customer', 'admin', 'support', 'dealer', 'system'));

-- Hedging rules, one per instrument: when the house's uncovered net exposure on the instrument
-- (customers' open B-book lots, taken against them, less the house's hedges at venues) reaches
-- `threshold_lots` either way, the rule hedges it once. `armed` is false from that firing until the
-- uncovered exposure is back under the threshold, so one crossing fires one hedge whatever the
-- number of trades, nodes or retries (the row is locked while it is decided).
CREATE TABLE hedge_rules (
  asset_id integer PRIMARY KEY,
  asset_symbol text NOT NULL,
  threshold_lots numeric(12, 2) NOT NULL CHECK (threshold_lots > 0),
  enabled boolean NOT NULL DEFAULT true,
  armed boolean NOT NULL DEFAULT true,
  updated_by integer REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every hedge, from a rule or by hand: an order to the instrument's venue (written before it is
-- sent, ClOrdID unique, then its answer), or a ticket when the instrument has no venue (to be
-- placed by the dealer elsewhere). `side` is the house's: buy adds to the house's position.
CREATE TABLE hedges (
  id serial PRIMARY KEY,
  asset_id integer NOT NULL,
  asset_symbol text NOT NULL,
  origin text NOT NULL CHECK (origin IN ('rule', 'manual')),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  lots numeric(12, 2) NOT NULL CHECK (lots > 0),
  units numeric(24, 8) NOT NULL,
  -- The house's uncovered net lots that made the rule fire (before the hedge); null for a manual one.
  exposure_lots numeric(12, 2),
  threshold_lots numeric(12, 2),
  venue text,
  venue_symbol text,
  cl_ord_id text UNIQUE,
  status text NOT NULL CHECK (status IN ('ticket', 'sent', 'filled', 'partial', 'rejected')),
  filled_units numeric(24, 8),
  average_price numeric(30, 10),
  text text,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CHECK ((status = 'ticket') = (venue IS NULL))
);
CREATE INDEX hedges_asset ON hedges (asset_id, id);
CREATE INDEX hedges_sent ON hedges (id) WHERE status = 'sent';

-- The desk's end-of-day snapshot, taken once per UTC day by the daily job: the day's P&L by group,
-- instrument and account currency (house income from spread, commissions and swaps; customers'
-- realised P&L) and the open exposure at that moment. The day's row in desk_days makes it once.
CREATE TABLE desk_days (
  day date PRIMARY KEY,
  exposure jsonb NOT NULL,
  taken_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE desk_day_pnl (
  day date NOT NULL REFERENCES desk_days(day) ON DELETE CASCADE,
  group_id integer NOT NULL,
  group_name text NOT NULL,
  asset_id integer NOT NULL,
  asset_symbol text NOT NULL,
  currency text NOT NULL,
  trades integer NOT NULL,
  lots numeric(14, 2) NOT NULL,
  spread_income numeric(20, 2) NOT NULL,
  commissions numeric(20, 2) NOT NULL,
  swaps numeric(20, 2) NOT NULL,
  realised_pnl numeric(20, 2) NOT NULL,
  house_pnl numeric(20, 2) NOT NULL,
  PRIMARY KEY (day, group_id, asset_id, currency)
);

-- The desk's reports read a day's closes and fills by time.
CREATE INDEX trades_close_time ON trades (close_time) WHERE status = 'closed';
CREATE INDEX trades_open_time ON trades (open_time);
CREATE INDEX journal_entries_desk ON journal_entries (created_at) WHERE kind IN ('commission', 'realised_pnl');
-- The exposure reads every open position, by instrument.
CREATE INDEX trades_open_asset ON trades (asset_id) WHERE status = 'open';
