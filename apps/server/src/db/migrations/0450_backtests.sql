-- Backtests: a strategy with parameters run over one instrument's candle history in a worker thread.
-- ea_id names the catalogue advisor it came from, when it came from one (no foreign key: the
-- catalogue may be edited or an item removed while its old runs stay readable).
CREATE TABLE backtests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ea_id integer,
  strategy text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  asset_id integer NOT NULL,
  timeframe text NOT NULL,
  from_time timestamptz NOT NULL,
  to_time timestamptz NOT NULL,
  initial_balance numeric(20,2) NOT NULL DEFAULT 10000,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  report jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- A customer's latest runs, newest first.
CREATE INDEX backtests_user_idx ON backtests (user_id, id DESC);
-- One unfinished run per customer: a second POST while one is queued or running is refused.
CREATE UNIQUE INDEX backtests_one_active_idx ON backtests (user_id) WHERE status IN ('queued', 'running');
