-- A tamper-evident audit log: every entry carries the hash of the entry before it and its own,
-- over that and all its fields. The table already refuses UPDATE and DELETE; the chain shows an
-- edit made around that (the trigger disabled, the files changed): a changed, removed or inserted
-- entry breaks the hash of its own row or the link of the next (see audit_log_break).
ALTER TABLE audit_log ADD COLUMN prev_hash text;
ALTER TABLE audit_log ADD COLUMN hash text;

-- What an entry's hash covers, each field written out one fixed way (jsonb's text is canonical:
-- keys in one order, one spacing), joined by '|'.
CREATE FUNCTION audit_entry_hash(prev text, e audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    coalesce(prev, ''), e.id::text, coalesce(e.actor_id::text, ''), e.actor_role, e.action, e.subject_type,
    coalesce(e.subject_id, ''), coalesce(e.user_id::text, ''), e.details::text,
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')), 'UTF8')), 'hex')
$$;

-- The entries written before the chain, chained in the order they were written.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change;
DO $$
DECLARE
  r audit_log;
  prev text := NULL;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    UPDATE audit_log SET prev_hash = prev, hash = audit_entry_hash(prev, r) WHERE id = r.id;
    prev := audit_entry_hash(prev, r);
  END LOOP;
END
$$;
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change;

-- Each new entry links to the latest. Writers take turns (a lock held to their commit), and the id
-- is drawn once the turn is taken, so the chain's order is the ids' order whatever commits first.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_chain'));
  NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  SELECT a.hash INTO NEW.prev_hash FROM audit_log a ORDER BY a.id DESC LIMIT 1;
  NEW.hash := audit_entry_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END
$$;
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();

-- The first entry whose own hash or link to the entry before it does not hold, if any.
CREATE FUNCTION audit_log_break() RETURNS TABLE (id bigint, reason text) LANGUAGE sql STABLE AS $$
  SELECT c.id, CASE WHEN c.hash IS DISTINCT FROM c.recomputed THEN 'changed' ELSE 'link' END
    FROM (SELECT a.id, a.hash, a.prev_hash, lag(a.hash) OVER (ORDER BY a.id) AS before, audit_entry_hash(a.prev_hash, a) AS recomputed
            FROM audit_log a) c
   WHERE c.hash IS DISTINCT FROM c.recomputed OR c.prev_hash IS DISTINCT FROM c.before
   ORDER BY c.id
   LIMIT 1
$$;
