-- Price alerts: a customer's condition on one instrument (a level crossed, or a move within a
-- window), evaluated by the node that runs the risk engine. Prices here are tick math, not money,
-- so they are doubles. `updated_at` moves on every change so other nodes can pick changes up.
CREATE TABLE price_alerts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  asset_id integer NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('level', 'move')),
  direction text NOT NULL CHECK (direction IN ('above', 'below', 'up', 'down', 'either')),
  level double precision,
  percent double precision,
  window_ms integer,
  repeat boolean NOT NULL DEFAULT false,
  cooldown_seconds integer NOT NULL DEFAULT 3600,
  email_offline boolean NOT NULL DEFAULT false,
  note text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'triggered', 'cancelled')),
  cancel_reason text,
  trigger_count integer NOT NULL DEFAULT 0,
  last_triggered_at timestamptz,
  last_price double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'level' AND level > 0) OR (kind = 'move' AND percent > 0 AND window_ms > 0))
);
CREATE INDEX price_alerts_user_idx ON price_alerts (user_id, id DESC);
-- The evaluating node loads the live alerts at start and follows changes by time.
CREATE INDEX price_alerts_live_idx ON price_alerts (asset_id) WHERE status IN ('active', 'paused');
CREATE INDEX price_alerts_updated_idx ON price_alerts (updated_at);
