-- A sign-up proves it owns its address before the account exists: a 6-digit code is mailed to it,
-- and the right code is exchanged for a single-use proof that the registration call must bring.
-- Only hashes are kept. A newer code for the same address retires the older ones.
CREATE TABLE email_verifications (
  id serial PRIMARY KEY,
  email text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- Set when the code was right (proof_hash then holds the proof) or when it can no longer be used.
  closed_at timestamptz,
  proof_hash text UNIQUE,
  proof_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_email ON email_verifications (email, id);
