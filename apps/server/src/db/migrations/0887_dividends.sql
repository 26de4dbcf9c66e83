-- Dividend adjustments for share and index CFDs. A corporate action names an instrument, its
-- ex-date and the cash amount per share (per unit of the CFD, in its quote currency). Positions
-- held at the rollover before the ex-date are adjusted on it: longs credited, shorts debited, one
-- journal entry per position and action, exactly once (the primary key of dividend_charges).
CREATE TABLE corporate_actions (
  id serial PRIMARY KEY,
  symbol text NOT NULL,
  ex_date date NOT NULL,
  amount numeric(18, 6) NOT NULL CHECK (amount <> 0),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set once every position held has been adjusted; an action applied is kept, never edited.
  applied_at timestamptz,
  adjusted integer NOT NULL DEFAULT 0,
  UNIQUE (symbol, ex_date)
);

CREATE TABLE dividend_charges (
  trade_id integer NOT NULL REFERENCES trades(id) ON DELETE CASCADE,
  action_id integer NOT NULL REFERENCES corporate_actions(id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  units numeric(24, 8) NOT NULL,
  conversion numeric(30, 12) NOT NULL,
  amount numeric(20, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trade_id, action_id)
);

ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('deposit', 'withdrawal', 'realised_pnl', 'purchase', 'fee', 'correction', 'transfer', 'swap', 'commission', 'dividend'));
