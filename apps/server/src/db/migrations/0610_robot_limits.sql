-- A robot trades on one of its owner's accounts (until now, the first), with a cap on lots per
-- order and an optional daily loss limit; each trading account has a kill switch that stops its
-- robots and keeps them from starting.
ALTER TABLE robots ADD COLUMN account_id integer REFERENCES trading_accounts(id) ON DELETE CASCADE;
UPDATE robots r SET account_id = (SELECT min(a.id) FROM trading_accounts a WHERE a.user_id = r.user_id);
DELETE FROM robots WHERE account_id IS NULL;
ALTER TABLE robots ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE robots ADD COLUMN max_lots numeric(10, 2) NOT NULL DEFAULT 1 CHECK (max_lots > 0);
ALTER TABLE robots ADD COLUMN daily_loss_limit numeric(20, 2) CHECK (daily_loss_limit > 0);
ALTER TABLE trading_accounts ADD COLUMN robots_halted boolean NOT NULL DEFAULT false;
