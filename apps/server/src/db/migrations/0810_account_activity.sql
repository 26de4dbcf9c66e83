-- An account's activity log: one row per thing that happened to its orders (placed, filled,
-- modified, cancelled, closed), written in the same transaction as the trade change, never
-- updated. It keeps the trade as it was right after the event, so a later change does not
-- rewrite what the log says happened.
CREATE TABLE account_activity (
  id bigserial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  kind text NOT NULL,
  actor text NOT NULL,
  robot_id integer,
  trade_id text NOT NULL,
  symbol text NOT NULL,
  side text NOT NULL,
  order_type text NOT NULL,
  lots numeric(10, 2) NOT NULL,
  price numeric(30, 10),
  take_profit numeric(30, 10),
  stop_loss numeric(30, 10),
  reason text,
  pnl numeric(20, 2),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_activity_by_account ON account_activity (account_id, id DESC);
