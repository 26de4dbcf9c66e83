-- Money the customer moves: deposits (crypto, card, demo top-ups), withdrawals (crypto, bank) and
-- transfers between their own accounts. Each is a request with a state; every change of state that
-- moves money writes its journal entry in the same transaction. A withdrawal's amount is taken from
-- the balance when it is requested (so held money cannot be traded) and given back if it is
-- rejected or cancelled.
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('deposit', 'withdrawal', 'realised_pnl', 'purchase', 'fee', 'correction', 'transfer'));

CREATE TABLE deposit_wallets (
  id serial PRIMARY KEY,
  crypto text NOT NULL CHECK (crypto IN ('bitcoin', 'ethereum', 'usdt-trc20', 'usdt-erc20')),
  address text NOT NULL,
  min_amount numeric(20, 2) NOT NULL CHECK (min_amount > 0),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (crypto, address)
);

CREATE TABLE money_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'transfer')),
  method text NOT NULL CHECK (method IN ('crypto', 'card', 'bank', 'demo', 'internal')),
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  to_account_id integer REFERENCES trading_accounts(id) ON DELETE CASCADE,
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  credited_amount numeric(20, 2),
  status text NOT NULL CHECK (status IN ('requested', 'approved', 'rejected', 'completed', 'cancelled')),
  details jsonb NOT NULL DEFAULT '{}',
  reason text,
  idempotency_key text,
  decided_by integer,
  decided_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX money_requests_key_idx ON money_requests (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX money_requests_user_idx ON money_requests (user_id, id DESC);
CREATE INDEX money_requests_queue_idx ON money_requests (kind, status);
-- One claim per blockchain transaction, unless an operator turned it down.
CREATE UNIQUE INDEX money_requests_tx_hash_idx ON money_requests ((lower(details->>'tx_hash')))
  WHERE kind = 'deposit' AND method = 'crypto' AND status <> 'rejected' AND status <> 'cancelled';
