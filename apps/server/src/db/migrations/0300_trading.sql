-- Positions and orders of the trading engine. A partial close leaves the open row smaller and adds a
-- closed row (parent_id) for the part that was closed.
CREATE TABLE trades (
  id serial PRIMARY KEY,
  trade_id text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  parent_id integer REFERENCES trades(id) ON DELETE SET NULL,
  asset_id integer NOT NULL,
  asset_symbol text NOT NULL,
  asset_name text NOT NULL,
  quote_currency text NOT NULL DEFAULT 'USD',
  trade_type text NOT NULL CHECK (trade_type IN ('buy', 'sell')),
  order_type text NOT NULL DEFAULT 'market' CHECK (order_type IN ('market', 'limit', 'stop')),
  status text NOT NULL CHECK (status IN ('open', 'closed', 'pending', 'cancelled')),
  volume numeric(24, 8) NOT NULL CHECK (volume > 0),
  lots numeric(10, 2) NOT NULL CHECK (lots > 0),
  contract_size numeric(20, 8) NOT NULL CHECK (contract_size > 0),
  margin numeric(20, 2) NOT NULL DEFAULT 0,
  leverage integer NOT NULL CHECK (leverage >= 1),
  opening_price numeric(30, 10),
  closing_price numeric(30, 10),
  take_profit numeric(30, 10),
  stop_loss numeric(30, 10),
  trailing_stop numeric(30, 10),
  trigger_price numeric(30, 10),
  requested_price numeric(30, 10),
  filled_price numeric(30, 10),
  slippage numeric(30, 10),
  latency_ms integer,
  pnl numeric(20, 2) NOT NULL DEFAULT 0,
  close_reason text CHECK (close_reason IN ('manual', 'tp', 'sl', 'stop_out', 'trailing', 'no_margin')),
  open_time timestamptz,
  close_time timestamptz,
  idempotency_key text,
  request_hash text,
  first_response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX trades_idempotency_idx ON trades (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX trades_account_status_idx ON trades (account_id, status, id DESC);
CREATE INDEX trades_live_idx ON trades (account_id) WHERE status IN ('open', 'pending');
CREATE INDEX trades_updated_idx ON trades (updated_at);
