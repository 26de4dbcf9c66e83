-- Two-factor sign-in is proved per session, when a code was given for it: the user having it on
-- is not enough, since a one-time login link from the back office skips the password step.
ALTER TABLE sessions ADD COLUMN two_factor_at timestamptz;
-- Earlier sessions: a password sign-in after two-factor was turned on went through the code step
-- and recorded the address it came from; login links recorded none, so they stay unproved.
UPDATE sessions s SET two_factor_at = s.created_at
  FROM users u
  WHERE u.id = s.user_id AND u.two_factor_enabled_at IS NOT NULL AND s.created_at >= u.two_factor_enabled_at AND s.ip IS NOT NULL;
