-- Savings: money a customer moves out of a trading account into a savings balance that earns daily
-- interest at the operator's annual rate. Each day's interest is one row, unique per customer and
-- date, so the accrual job can run any number of times (and after any restart) and pay once.
CREATE TABLE savings_accounts (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  currency text NOT NULL DEFAULT 'USD',
  balance numeric(20, 2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE savings_entries (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES savings_accounts(user_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'interest')),
  amount numeric(20, 2) NOT NULL,
  balance_after numeric(20, 2) NOT NULL,
  account_id integer REFERENCES trading_accounts(id) ON DELETE SET NULL,
  accrual_date date,
  rate_pct numeric(6, 3),
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX savings_interest_once_idx ON savings_entries (user_id, accrual_date) WHERE kind = 'interest';
CREATE UNIQUE INDEX savings_key_idx ON savings_entries (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX savings_entries_user_idx ON savings_entries (user_id, id DESC);
