-- Web Push subscriptions: one row per device a user turned push on for. The endpoint is the push
-- service's address for that browser, unique across users: a browser signed in as someone else
-- takes the row over. Removed by the user, or when the push service answers 404 or 410.
CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
