-- Equity (balance + floating P&L) of a trading account at the start of an hour, for the balance
-- and equity chart. One row per account per hour at most (the primary key): a sweep repeated in
-- the same hour, after a restart or on another node, writes nothing twice. An hour without a row
-- means nothing changed: no open position and the same balance as the row before.
CREATE TABLE equity_snapshots (
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  balance numeric(20, 2) NOT NULL,
  equity numeric(20, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, hour)
);
