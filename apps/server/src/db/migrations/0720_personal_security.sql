-- Personal details, avatar, two-factor sign-in and the sessions list.
ALTER TABLE users ADD COLUMN address_line1 text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN address_line2 text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN city text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN postal_code text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN date_of_birth date;
-- The authenticator secret: waiting for its first code while two_factor_enabled_at is null.
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN two_factor_enabled_at timestamptz;
-- The newest TOTP time step accepted, so a code works once.
ALTER TABLE users ADD COLUMN totp_last_step bigint;

ALTER TABLE sessions ADD COLUMN last_used_at timestamptz;
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN ip text;

ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check;
ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check
  CHECK (purpose IN ('reset', 'login', 'email_change', 'two_factor'));
-- What the token carries (the new address of an email change).
ALTER TABLE one_time_tokens ADD COLUMN payload text;
-- Wrong codes given against a two-factor challenge.
ALTER TABLE one_time_tokens ADD COLUMN attempts integer NOT NULL DEFAULT 0;
CREATE INDEX one_time_tokens_user_purpose_idx ON one_time_tokens (user_id, purpose);

CREATE TABLE recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);
