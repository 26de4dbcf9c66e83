-- What customers draw on the trading room's chart, one row per customer and instrument: the whole
-- list as the contract's JSON (trend lines, levels, zones, Fibonacci retracements, notes, each
-- anchored at (time, price)). A PUT replaces the row; an empty list removes it.
CREATE TABLE chart_drawings (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  asset_id integer NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
  drawings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, asset_id)
);
