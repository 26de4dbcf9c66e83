-- Client categories (MiFID II): every customer is retail until the back office approves their
-- request to be treated as professional; a professional goes back to retail on request.
ALTER TABLE users ADD COLUMN client_category text NOT NULL DEFAULT 'retail'
  CHECK (client_category IN ('retail', 'professional'));

-- A customer's request to be treated as professional: the questionnaire's answers, which of the
-- three criteria they meet, and when the customer acknowledged the protections they give up.
CREATE TABLE professional_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  trades_per_quarter numeric(12, 2) NOT NULL CHECK (trades_per_quarter >= 0),
  portfolio_eur numeric(20, 2) NOT NULL CHECK (portfolio_eur >= 0),
  sector_years numeric(4, 1) NOT NULL CHECK (sector_years >= 0),
  sector_role text NOT NULL DEFAULT '',
  trades_met boolean NOT NULL,
  portfolio_met boolean NOT NULL,
  experience_met boolean NOT NULL,
  acknowledged_at timestamptz NOT NULL,
  reason text,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Two of the three criteria, always: the service checks first, this keeps any other writer honest.
  CHECK (trades_met::int + portfolio_met::int + experience_met::int >= 2),
  CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
-- One pending request per customer: a second one (even a concurrent one) fails here.
CREATE UNIQUE INDEX professional_requests_pending_idx ON professional_requests (user_id) WHERE status = 'pending';
CREATE INDEX professional_requests_status_idx ON professional_requests (status, created_at);

-- The evidence a request carries, in the upload store (checked by content as identity documents are).
CREATE TABLE professional_evidence (
  id serial PRIMARY KEY,
  request_id integer NOT NULL REFERENCES professional_requests(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  is_image boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX professional_evidence_request_idx ON professional_evidence (request_id);

-- The order lock also reads the customer's category: the regulatory leverage ceiling applies to
-- retail clients only, decided under the same lock as the order (one round trip, see 0820).
DROP FUNCTION order_lock(integer, integer);
CREATE FUNCTION order_lock(p_user integer, p_account integer)
RETURNS TABLE (account trading_accounts, plan_leverage integer, plan_caps jsonb, trade_id integer, now_at text, exposures jsonb, terms jsonb, client_category text)
LANGUAGE plpgsql AS $$
DECLARE
  locked trading_accounts;
BEGIN
  SELECT a.* INTO locked FROM trading_accounts a
    WHERE a.user_id = p_user AND (p_account IS NULL OR a.id = p_account)
    ORDER BY a.id LIMIT 1
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT
      locked,
      t.leverage,
      (SELECT coalesce(jsonb_object_agg(pl.asset_class, pl.max_leverage), '{}'::jsonb) FROM plan_leverage pl WHERE pl.plan_id = t.id),
      nextval(pg_get_serial_sequence('trades', 'id'))::integer,
      to_json(now()) #>> '{}',
      account_exposures(locked.id),
      (SELECT to_jsonb(g) FROM customer_groups g WHERE g.id = locked.group_id),
      u.client_category
    FROM users u
    JOIN account_types t ON t.id = u.account_type_id
    WHERE u.id = locked.user_id;
END
$$;
