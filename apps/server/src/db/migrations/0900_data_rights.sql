-- Data rights (GDPR): a customer's copy of their data, erasure on request, marketing consents.

-- Set when the customer's personal data were erased: the row stays (trades, journal and statements
-- name it for the legal period), pseudonymised, and can no longer sign in.
ALTER TABLE users ADD COLUMN erased_at timestamptz;

-- Every change of a marketing consent, never updated: the newest row of a purpose is its state (no
-- row: not given). Where it came from is kept with it, as the proof a regulator asks for.
CREATE TABLE consents (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('marketing_email', 'marketing_sms', 'marketing_phone')),
  granted boolean NOT NULL,
  source text NOT NULL CHECK (source IN ('client_area', 'erasure')),
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consents_user_idx ON consents (user_id, purpose, id DESC);

-- A copy of everything held about a customer, built in the background into a ZIP in the upload
-- store, downloadable by its owner until `expires_at`; the retention job removes it after that.
CREATE TABLE data_exports (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'building' CHECK (status IN ('building', 'ready', 'failed')),
  storage_key text UNIQUE,
  size bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz NOT NULL,
  CHECK (status <> 'ready' OR storage_key IS NOT NULL)
);
-- One export being built per customer: a second request (even a concurrent one) fails here.
CREATE UNIQUE INDEX data_exports_building_idx ON data_exports (user_id) WHERE status = 'building';
CREATE INDEX data_exports_user_idx ON data_exports (user_id, id DESC);
CREATE INDEX data_exports_expiry_idx ON data_exports (expires_at);

-- The retention job finds what is past its period by these.
CREATE INDEX sessions_expiry_idx ON sessions (expires_at);
CREATE INDEX one_time_tokens_expiry_idx ON one_time_tokens (expires_at);
CREATE INDEX email_verifications_expiry_idx ON email_verifications (expires_at);
