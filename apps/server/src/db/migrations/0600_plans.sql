-- Account Plans (SPEC §3 Plan): four plans with ordered features, a leverage ceiling per asset
-- class, and the customer's upgrade requests that an operator approves or rejects.

-- The feature rows of the comparison grid, in order; each plan's `features` holds its values in
-- the same order (the first row is a money amount).
CREATE TABLE plan_features (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sort integer NOT NULL
);
INSERT INTO plan_features (name, sort) VALUES
  ('Minimum deposit', 1),
  ('Maximum leverage', 2),
  ('Spreads', 3),
  ('Premium Expert Advisors', 4),
  ('Daily market analysis', 5),
  ('Trading signals', 6),
  ('Priority withdrawals', 7),
  ('Support', 8);

-- Existing ids keep their rows: 1 stays Basic (the default: lowest sort), 2 stays Pro, the old
-- top tier 3 becomes Gold, and Silver is added. Users keep the id they hold.
UPDATE account_types SET title = 'Basic', color = '#64748b', icon = 'shield', leverage = 100, sort = 1,
  features = '["$250", "1:100", "Standard", "No", "No", "No", "No", "Email"]' WHERE id = 1;
UPDATE account_types SET title = 'Pro', color = '#2563eb', icon = 'star', leverage = 500, sort = 4,
  features = '["$50,000", "1:500", "Raw", "Yes", "Yes", "Enabled", "Yes", "Dedicated manager"]' WHERE id = 2;
UPDATE account_types SET title = 'Gold', color = '#ca8a04', icon = 'crown', leverage = 300, sort = 3,
  features = '["$10,000", "1:300", "Tight", "Yes", "Yes", "Enabled", "No", "Priority"]' WHERE id = 3;
INSERT INTO account_types (title, color, icon, leverage, features, sort)
SELECT 'Silver', '#94a3b8', 'medal', 200, '["$2,500", "1:200", "Reduced", "No", "Yes", "No", "No", "Email and chat"]', 2
WHERE NOT EXISTS (SELECT 1 FROM account_types WHERE title = 'Silver');

-- The most leverage a plan allows per asset class (the site data leverage map's keys). An order
-- gets the lowest of this, the instrument's own leverage and the per-category setting.
CREATE TABLE plan_leverage (
  plan_id integer NOT NULL REFERENCES account_types(id) ON DELETE CASCADE,
  asset_class text NOT NULL CHECK (asset_class IN ('cryptos', 'stocks', 'indices', 'commodities', 'metals', 'forex')),
  max_leverage integer NOT NULL CHECK (max_leverage >= 1),
  PRIMARY KEY (plan_id, asset_class)
);
INSERT INTO plan_leverage (plan_id, asset_class, max_leverage)
SELECT p.id, c.asset_class, c.max_leverage
FROM account_types p
JOIN (VALUES
  ('Basic', 'forex', 100), ('Basic', 'metals', 50), ('Basic', 'commodities', 20), ('Basic', 'indices', 20), ('Basic', 'stocks', 5), ('Basic', 'cryptos', 10),
  ('Silver', 'forex', 200), ('Silver', 'metals', 100), ('Silver', 'commodities', 50), ('Silver', 'indices', 50), ('Silver', 'stocks', 10), ('Silver', 'cryptos', 10),
  ('Gold', 'forex', 300), ('Gold', 'metals', 200), ('Gold', 'commodities', 100), ('Gold', 'indices', 100), ('Gold', 'stocks', 20), ('Gold', 'cryptos', 20),
  ('Pro', 'forex', 500), ('Pro', 'metals', 300), ('Pro', 'commodities', 200), ('Pro', 'indices', 200), ('Pro', 'stocks', 50), ('Pro', 'cryptos', 50)
) AS c (title, asset_class, max_leverage) ON c.title = p.title;

CREATE TABLE plan_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  from_plan_id integer NOT NULL REFERENCES account_types(id),
  to_plan_id integer NOT NULL REFERENCES account_types(id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_plan_id <> to_plan_id)
);
-- One pending request per customer: a second one (even a concurrent one) fails here.
CREATE UNIQUE INDEX plan_requests_pending_idx ON plan_requests (user_id) WHERE status = 'pending';
CREATE INDEX plan_requests_status_idx ON plan_requests (status, created_at);
