-- Swaps (overnight financing). A position open at the daily rollover is charged (or paid) its
-- instrument's swap for that day, as one journal entry of kind 'swap'.

-- Swap terms per instrument, by symbol (instruments are inserted at start, after migrations). An
-- instrument without a row has no swap. `unit` percent: percent a year of the notional (day count
-- 360 for forex and metals, 365 otherwise); points: points per lot per night. A positive rate is paid
-- to the trader. `triple_day` is the ISO weekday (1 Monday … 5 Friday) charged three nights; null:
-- none, and the rollover charges every calendar day (crypto), where otherwise weekends are skipped.
CREATE TABLE swap_rates (
  symbol text PRIMARY KEY,
  long_rate numeric(14, 6) NOT NULL DEFAULT 0,
  short_rate numeric(14, 6) NOT NULL DEFAULT 0,
  unit text NOT NULL DEFAULT 'percent' CHECK (unit IN ('percent', 'points')),
  triple_day smallint CHECK (triple_day BETWEEN 1 AND 5),
  updated_by integer REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Defaults that make the feature visible: the major pairs, metals, the large US indices and the
-- two large coins, in percent a year (the interest-rate difference plus a markup, both sides).
INSERT INTO swap_rates (symbol, long_rate, short_rate, unit, triple_day) VALUES
  ('EURUSD', -3.20, 0.95, 'percent', 3),
  ('GBPUSD', -1.45, -0.70, 'percent', 3),
  ('USDJPY', 2.70, -5.10, 'percent', 3),
  ('USDCHF', 2.60, -5.00, 'percent', 3),
  ('AUDUSD', -1.90, -0.30, 'percent', 3),
  ('USDCAD', 0.40, -2.90, 'percent', 3),
  ('NZDUSD', -2.10, -0.15, 'percent', 3),
  ('XAUUSD', -5.60, 1.80, 'percent', 3),
  ('XAGUSD', -5.40, 1.50, 'percent', 3),
  ('US500', -6.50, 1.90, 'percent', 5),
  ('US100', -6.50, 1.90, 'percent', 5),
  ('US30', -6.50, 1.90, 'percent', 5),
  ('BTCUSD', -18.00, -12.00, 'percent', NULL),
  ('ETHUSD', -18.00, -12.00, 'percent', NULL);

-- Rollovers before `charged_from` are never charged: swaps start with the first rollover after the
-- feature was installed, not with days before it.
CREATE TABLE swap_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  charged_from timestamptz NOT NULL DEFAULT now()
);
INSERT INTO swap_settings DEFAULT VALUES;

-- One row per position per rollover day: the unique key is what makes the charge happen once
-- however many times, or on however many nodes, the rollover runs. Written in the transaction
-- that posts its journal entry. `trade_id` is the position (a partial close's slices are part of
-- it); `units` what it held at the rollover, `price` the notional's price, `conversion` quote to
-- account currency, `nights` 1 or 3.
CREATE TABLE swap_charges (
  trade_id integer NOT NULL REFERENCES trades(id) ON DELETE CASCADE,
  day date NOT NULL,
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  units numeric(24, 8) NOT NULL,
  rate numeric(14, 6) NOT NULL,
  unit text NOT NULL,
  nights smallint NOT NULL,
  price numeric(30, 10),
  conversion numeric(30, 12) NOT NULL,
  amount numeric(20, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trade_id, day)
);

-- Days whose rollover has charged every position due: the periodic check skips them.
CREATE TABLE swap_rollovers (
  day date PRIMARY KEY,
  rollover_at timestamptz NOT NULL,
  charged integer NOT NULL DEFAULT 0,
  completed_at timestamptz NOT NULL DEFAULT now()
);

-- The swap a position has been charged (negative) or paid so far; a partial close takes its share.
ALTER TABLE trades ADD COLUMN swap numeric(20, 2) NOT NULL DEFAULT 0;
-- A position's partial-close slices, read at the rollover to know what it held then.
CREATE INDEX trades_parent_idx ON trades (parent_id) WHERE parent_id IS NOT NULL;

ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('deposit', 'withdrawal', 'realised_pnl', 'purchase', 'fee', 'correction', 'transfer', 'swap'));
