-- What a change to one of a user's trades (close, modify) starts from, in one round trip: the
-- trade's account locked FOR UPDATE, then the trade as it is under that lock. No row when the user
-- has no such trade (another user's trade is not found either).
--
-- A function for the reason order_lock is one: the trade must be read after the lock is held,
-- which in READ COMMITTED only a statement that starts after the lock sees.
CREATE FUNCTION trade_lock(p_user integer, p_trade integer)
RETURNS TABLE (account trading_accounts, trade trades)
LANGUAGE plpgsql AS $$
DECLARE
  owner_account integer;
  locked trading_accounts;
BEGIN
  SELECT t.account_id INTO owner_account FROM trades t WHERE t.id = p_trade AND t.user_id = p_user;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT a.* INTO locked FROM trading_accounts a WHERE a.id = owner_account FOR UPDATE;
  RETURN QUERY SELECT locked, t FROM trades t WHERE t.id = p_trade;
END
$$;
