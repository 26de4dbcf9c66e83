-- When an account last went to or below its group's margin-call level (null: above it since). The
-- notice goes out when this is set, so it is sent once per crossing, across restarts and nodes.
ALTER TABLE trading_accounts ADD COLUMN margin_call_at timestamptz;
