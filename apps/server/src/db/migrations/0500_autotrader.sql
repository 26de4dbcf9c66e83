-- Auto Trader requests (SPEC §4): a customer asks for the service at a risk level, an operator
-- approves or rejects it. The chosen risk stays on the user once approved.
ALTER TABLE users ADD COLUMN autotrader_risk text CHECK (autotrader_risk IN ('low', 'medium', 'high'));

CREATE TABLE autotrader_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  risk text NOT NULL CHECK (risk IN ('low', 'medium', 'high')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One pending request per customer: a second one (even a concurrent one) fails here.
CREATE UNIQUE INDEX autotrader_requests_pending_idx ON autotrader_requests (user_id) WHERE status = 'pending';
CREATE INDEX autotrader_requests_status_idx ON autotrader_requests (status, created_at);
