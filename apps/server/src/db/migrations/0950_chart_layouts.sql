-- How each customer lays out the trading room's chart area, one row per customer: the contract's
-- JSON (one, two or four charts, each with its instrument, intervals, link to the selected pair
-- and compared instrument; which chart the ticket trades). A PUT replaces the row.
CREATE TABLE chart_layouts (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  layout jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
