-- What a fill cost beyond the market: the spread (ask − bid) at the fill and the quote-to-account
-- conversion rate then, so the trade details can show slippage and spread in pips and in money as
-- they were at the fill. Null for pending orders and for trades filled before this migration.
-- The instrument's pip (currency pairs only) is kept from the order on.
ALTER TABLE trades ADD COLUMN spread numeric(30, 10);
ALTER TABLE trades ADD COLUMN fill_conversion numeric(30, 10);
ALTER TABLE trades ADD COLUMN pip_size numeric(30, 10);
