-- An account's open exposure summed per instrument, side and quote currency (units, units ×
-- opening price, margin), as a JSON list: what every free-margin check reads, so the check costs
-- the same however many positions the account holds. One definition for order_lock below and for
-- the other checks (exposuresOf).
CREATE FUNCTION account_exposures(p_account integer) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('assetId', e.asset_id, 'side', e.trade_type, 'quoteCurrency', e.quote_currency, 'units', e.units, 'cost', e.cost, 'margin', e.margin)), '[]'::jsonb)
    FROM (SELECT tr.asset_id, tr.trade_type, tr.quote_currency, sum(tr.volume)::text AS units, sum(tr.volume * tr.opening_price)::text AS cost, sum(tr.margin)::text AS margin
            FROM trades tr
           WHERE tr.account_id = p_account AND tr.status = 'open'
           GROUP BY tr.asset_id, tr.trade_type, tr.quote_currency) e
$$;

-- What an order's transaction starts from, in one round trip: the user's account (the named one,
-- else their first) locked FOR UPDATE, the leverage of the user's plan and its ceilings per asset
-- class, the new trade's id, the transaction's clock, and the account's open exposure. No row when
-- the user has no such account.
--
-- Why a function: the exposure must be read after the lock is held. In READ COMMITTED a statement
-- reads as of its own start, so a single statement that waited for the lock would not see the
-- position the lock's holder had just opened; each statement in a function starts afresh.
CREATE FUNCTION order_lock(p_user integer, p_account integer)
RETURNS TABLE (account trading_accounts, plan_leverage integer, plan_caps jsonb, trade_id integer, now_at text, exposures jsonb)
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
      account_exposures(locked.id)
    FROM users u
    JOIN account_types t ON t.id = u.account_type_id
    WHERE u.id = locked.user_id;
END
$$;
