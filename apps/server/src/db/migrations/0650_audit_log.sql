-- Who did what and when: one row per back-office decision and per change of money or identity,
-- never updated or deleted (a trigger refuses both). The ids are plain numbers so the history
-- outlives the users it names.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id integer,
  actor_role text NOT NULL CHECK (actor_role IN ('customer', 'admin', 'support', 'system')),
  action text NOT NULL,
  subject_type text NOT NULL,
  subject_id text,
  user_id integer,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, id DESC);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
