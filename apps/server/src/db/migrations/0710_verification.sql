-- Identity documents (KYC). A customer's current document of a kind is the row not superseded;
-- a rejected document replaced by a new upload stays, superseded, as the record of that decision.
CREATE TABLE verification_documents (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('id_front', 'id_back', 'proof_of_address', 'selfie')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  is_image boolean NOT NULL,
  reviewed_by integer,
  reviewed_at timestamptz,
  superseded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
-- One current document per customer and kind.
CREATE UNIQUE INDEX verification_documents_current_idx ON verification_documents (user_id, kind) WHERE superseded_at IS NULL;
-- The review queue reads waiting documents oldest first.
CREATE INDEX verification_documents_pending_idx ON verification_documents (created_at) WHERE status = 'pending' AND superseded_at IS NULL;
