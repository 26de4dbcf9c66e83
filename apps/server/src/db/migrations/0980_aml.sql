-- Sanctions lists the operator imports (the EU consolidated list, OFAC's SDN list): each import
-- replaces that list's entries in one transaction.
CREATE TABLE sanctions_lists (
  source text PRIMARY KEY CHECK (source IN ('eu', 'ofac')),
  file_name text NOT NULL,
  entries integer NOT NULL,
  names integer NOT NULL,
  imported_by integer REFERENCES users(id) ON DELETE SET NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);

-- One listed person or organisation, with the dates of birth the list gives (whole dates or years).
CREATE TABLE sanctions_entries (
  id serial PRIMARY KEY,
  source text NOT NULL REFERENCES sanctions_lists(source) ON DELETE CASCADE,
  reference text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('person', 'entity')),
  primary_name text NOT NULL,
  programmes text NOT NULL DEFAULT '',
  birth_dates text[] NOT NULL DEFAULT '{}',
  UNIQUE (source, reference)
);

-- Every name an entry is known by (its aliases in other scripts too), and the same name normalised.
CREATE TABLE sanctions_names (
  id serial PRIMARY KEY,
  entry_id integer NOT NULL REFERENCES sanctions_entries(id) ON DELETE CASCADE,
  name text NOT NULL,
  normalised text NOT NULL
);
CREATE INDEX sanctions_names_entry_idx ON sanctions_names (entry_id);

-- The review queue: a customer whose name screened over the threshold, or a deposit or withdrawal
-- a velocity or size rule flagged. The matched entry is copied, so a re-import keeps the evidence.
CREATE TABLE aml_hits (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('sanctions', 'velocity')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'cleared', 'confirmed')),
  screened_name text,
  screened_birth_date text,
  source text,
  entry_reference text,
  matched_name text,
  score numeric(5, 4),
  rule text,
  money_request_id integer REFERENCES money_requests(id) ON DELETE CASCADE,
  details jsonb NOT NULL DEFAULT '{}',
  reason text,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'sanctions' OR (source IS NOT NULL AND entry_reference IS NOT NULL AND score IS NOT NULL)),
  CHECK (kind <> 'velocity' OR (rule IS NOT NULL AND money_request_id IS NOT NULL)),
  CHECK (status = 'open' OR reason IS NOT NULL)
);
-- One open hit per customer and listed entry, one flag per request and rule: re-screening adds no duplicates.
CREATE UNIQUE INDEX aml_hits_open_entry_idx ON aml_hits (user_id, source, entry_reference) WHERE kind = 'sanctions' AND status = 'open';
CREATE UNIQUE INDEX aml_hits_request_rule_idx ON aml_hits (money_request_id, rule) WHERE kind = 'velocity';
CREATE INDEX aml_hits_status_idx ON aml_hits (status, created_at);
CREATE INDEX aml_hits_user_idx ON aml_hits (user_id, kind, status);
