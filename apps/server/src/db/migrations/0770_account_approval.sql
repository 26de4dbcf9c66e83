-- A trading account the operator has to approve before it is used: while the site setting asks
-- for it, a newly opened live account starts 'pending' and takes no money and no orders until an
-- admin approves it ('active') or rejects it with a reason ('rejected'). Accounts opened before
-- stay active.
ALTER TABLE trading_accounts ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending', 'rejected'));
ALTER TABLE trading_accounts ADD COLUMN review_reason text;
ALTER TABLE trading_accounts ADD COLUMN decided_by integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE trading_accounts ADD COLUMN decided_at timestamptz;
-- The back-office queue: every account that was ever held for review, newest first.
CREATE INDEX trading_accounts_review_idx ON trading_accounts (created_at DESC) WHERE status = 'pending' OR decided_at IS NOT NULL;
