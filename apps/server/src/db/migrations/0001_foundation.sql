CREATE TABLE account_types (
  id serial PRIMARY KEY,
  title text NOT NULL,
  color text NOT NULL,
  icon text,
  image text,
  leverage integer NOT NULL,
  features jsonb NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  username text NOT NULL,
  phone text NOT NULL DEFAULT '',
  country_code text NOT NULL DEFAULT '+1',
  country text NOT NULL DEFAULT 'united-states',
  nationality text NOT NULL DEFAULT 'united-states',
  role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('active', 'pending', 'deactivated')),
  avatar text,
  account_id text NOT NULL UNIQUE,
  account_type_id integer NOT NULL REFERENCES account_types(id),
  autotrader boolean NOT NULL DEFAULT false,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_created_at_idx ON users (created_at);

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE one_time_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'login')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE trading_accounts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  number text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('demo', 'live')),
  currency text NOT NULL DEFAULT 'USD',
  balance numeric(20, 2) NOT NULL DEFAULT 0,
  credit numeric(20, 2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trading_accounts_user_idx ON trading_accounts (user_id);

CREATE TABLE journal_entries (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'realised_pnl', 'purchase', 'fee', 'correction')),
  amount numeric(20, 2) NOT NULL,
  balance_after numeric(20, 2) NOT NULL,
  reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_entries_account_idx ON journal_entries (account_id);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  message text NOT NULL,
  color text NOT NULL DEFAULT 'info' CHECK (color IN ('danger', 'success', 'warning', 'info')),
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE NOT read;

INSERT INTO account_types (title, color, icon, leverage, features, sort) VALUES
  ('Basic', '#64748b', 'shield', 100, '["$250", "Standard", "No", "No", "Email"]', 1),
  ('Pro', '#2563eb', 'star', 200, '["$5,000", "Tight", "Yes", "No", "Priority"]', 2),
  ('VIP', '#b45309', 'crown', 400, '["$25,000", "Raw", "Yes", "Enabled", "Dedicated manager"]', 3);
