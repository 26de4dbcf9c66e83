-- Source-of-funds declarations: once a customer's live deposits pass the operator's threshold they
-- say where the money comes from, with a supporting document, and staff approve or reject it.
CREATE TABLE source_of_funds (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('salary', 'savings', 'investments', 'business_income', 'inheritance_gift', 'property_sale', 'other')),
  other_source text,
  description text NOT NULL,
  storage_key text NOT NULL,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (source <> 'other' OR other_source IS NOT NULL),
  CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
-- One declaration waits at a time per customer, concurrent sends included.
CREATE UNIQUE INDEX source_of_funds_pending_idx ON source_of_funds (user_id) WHERE status = 'pending';
CREATE INDEX source_of_funds_user_idx ON source_of_funds (user_id, status);
CREATE INDEX source_of_funds_status_idx ON source_of_funds (status, created_at);
