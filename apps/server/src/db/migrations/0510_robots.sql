-- Expert Advisors running on the server: one robot per customer and advisor, on one instrument,
-- with the strategy's parameters and a cap on its open positions. Its trades are the ones whose
-- idempotency key starts with 'robot:{id}:'.
CREATE TABLE robots (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ea_id integer NOT NULL REFERENCES expert_advisors(id) ON DELETE CASCADE,
  asset_id integer NOT NULL,
  params jsonb NOT NULL,
  max_positions integer NOT NULL DEFAULT 3 CHECK (max_positions BETWEEN 1 AND 50),
  status text NOT NULL DEFAULT 'stopped' CHECK (status IN ('running', 'stopped')),
  last_action text,
  last_action_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX robots_user_ea_idx ON robots (user_id, ea_id);
CREATE INDEX robots_running_idx ON robots (status) WHERE status = 'running';
