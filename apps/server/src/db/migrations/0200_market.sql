-- Instrument catalogue (rows inserted at start from the catalogue files) and price history.
CREATE TABLE assets (
  id serial PRIMARY KEY,
  symbol text NOT NULL UNIQUE,
  name text NOT NULL,
  symbol_display text NOT NULL,
  sy text NOT NULL,
  type text NOT NULL CHECK (type IN ('forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals')),
  category text NOT NULL,
  image text,
  tv_symbol text NOT NULL,
  quote_currency text NOT NULL,
  digits integer NOT NULL,
  contract_size double precision NOT NULL CHECK (contract_size > 0),
  leverage integer NOT NULL CHECK (leverage >= 1),
  buy_spread double precision NOT NULL CHECK (buy_spread >= 0),
  sell_spread double precision NOT NULL CHECK (sell_spread >= 0),
  ref_price double precision NOT NULL CHECK (ref_price > 0),
  price_derived boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  -- Last mid price the feed saved, so a restart continues where it stopped.
  rate double precision,
  rate_at timestamptz,
  -- Generated history ends here; recorded candles start here.
  history_anchor timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assets_type_idx ON assets (type);

-- OHLC bars per instrument and timeframe; `time` is the bucket start in unix seconds.
CREATE TABLE candles (
  asset_id integer NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
  tf text NOT NULL CHECK (tf IN ('1m', '5m', '15m', '1h', '4h', '1D')),
  time bigint NOT NULL,
  open double precision NOT NULL,
  high double precision NOT NULL,
  low double precision NOT NULL,
  close double precision NOT NULL,
  volume double precision NOT NULL,
  PRIMARY KEY (asset_id, tf, time)
);
-- Retention deletes by timeframe and age.
CREATE INDEX candles_tf_time_idx ON candles (tf, time);
