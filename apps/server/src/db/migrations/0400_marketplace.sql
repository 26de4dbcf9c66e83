-- The marketplace: advisors (robots running one of the strategies with its default parameters) and
-- other items, who owns what, and which plans may use an advisor (no rows: every plan).
CREATE TABLE expert_advisors (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL,
  author text NOT NULL,
  image text NOT NULL,
  type text NOT NULL CHECK (type IN ('expert_advisor', 'other')),
  strategy text,
  default_params jsonb NOT NULL DEFAULT '{}',
  features jsonb NOT NULL DEFAULT '[]',
  amount numeric(20, 2) NOT NULL DEFAULT 0 CHECK (amount >= 0),
  billing text NOT NULL DEFAULT 'one_time' CHECK (billing IN ('one_time', 'monthly')),
  rating numeric(2, 1) NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
  downloads integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (type = 'other' OR strategy IS NOT NULL)
);

CREATE TABLE plan_expert_advisors (
  plan_id integer NOT NULL REFERENCES account_types(id) ON DELETE CASCADE,
  ea_id integer NOT NULL REFERENCES expert_advisors(id) ON DELETE CASCADE,
  PRIMARY KEY (plan_id, ea_id)
);

CREATE TABLE ea_purchases (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES trading_accounts(id) ON DELETE CASCADE,
  ea_id integer NOT NULL REFERENCES expert_advisors(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'lapsed')),
  amount numeric(20, 2) NOT NULL,
  renews_at timestamptz,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One active ownership per customer and item: a doubled purchase fails here, never debits twice.
CREATE UNIQUE INDEX ea_purchases_owned_idx ON ea_purchases (user_id, ea_id) WHERE status = 'active';
CREATE UNIQUE INDEX ea_purchases_key_idx ON ea_purchases (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX ea_purchases_renewal_idx ON ea_purchases (renews_at) WHERE status = 'active' AND renews_at IS NOT NULL;

INSERT INTO expert_advisors (slug, name, description, author, image, type, strategy, default_params, features, amount, billing, rating, downloads) VALUES
  ('trend-rider', 'Trend Rider', 'Follows established trends on the majors: enters when a fast exponential average crosses a slow one and reverses on the opposite cross.',
   'Bourse Quant Desk', '/marketplace/trend-rider.svg', 'expert_advisor', 'ma_crossover',
   '{"lots": 0.1, "fast": 12, "slow": 26, "maType": "ema", "takeProfitPct": 0, "stopLossPct": 1}',
   '["EMA 12/26 crossover", "Always in the market", "1% protective stop"]', 149, 'one_time', 4.6, 1840),
  ('swing-cross', 'Swing Cross', 'A slower crossover for swing trading indices and metals: simple 20/50 averages with a wider stop and a fixed profit target.',
   'Northgate Algorithms', '/marketplace/swing-cross.svg', 'expert_advisor', 'ma_crossover',
   '{"lots": 0.05, "fast": 20, "slow": 50, "maType": "sma", "takeProfitPct": 3, "stopLossPct": 1.5}',
   '["SMA 20/50 crossover", "3% take profit", "Suited to indices and metals"]', 29, 'monthly', 4.3, 960),
  ('rsi-snapback', 'RSI Snapback', 'Buys oversold dips and sells overbought spikes, closing at the RSI midline. Works best on ranging forex crosses.',
   'Bourse Quant Desk', '/marketplace/rsi-snapback.svg', 'expert_advisor', 'rsi_reversion',
   '{"lots": 0.1, "period": 14, "oversold": 30, "overbought": 70, "takeProfitPct": 0, "stopLossPct": 0.8}',
   '["RSI 14 mean reversion", "Exit at the midline", "Tight stop"]', 0, 'one_time', 4.1, 3120),
  ('deep-value-rsi', 'Deep Value RSI', 'Waits for extreme readings only (RSI under 20 or over 80) on a longer period, trading rarely but with conviction.',
   'Meridian Systems', '/marketplace/deep-value-rsi.svg', 'expert_advisor', 'rsi_reversion',
   '{"lots": 0.2, "period": 21, "oversold": 20, "overbought": 80, "takeProfitPct": 2, "stopLossPct": 1}',
   '["RSI 21 at 20/80", "Few, selective trades", "2% target"]', 19, 'monthly', 4.4, 720),
  ('turtle-breakout', 'Turtle Breakout', 'The classic channel breakout: enters on a new 20-bar high or low and exits on the opposite 10-bar channel.',
   'Northgate Algorithms', '/marketplace/turtle-breakout.svg', 'expert_advisor', 'donchian_breakout',
   '{"lots": 0.1, "entryPeriod": 20, "exitPeriod": 10, "takeProfitPct": 0, "stopLossPct": 2}',
   '["Donchian 20/10", "Rides big moves", "Trades crypto and commodities"]', 199, 'one_time', 4.7, 2210),
  ('grid-harvester', 'Grid Harvester', 'Places a ladder of positions around the price and takes profit one step away, harvesting sideways markets.',
   'Meridian Systems', '/marketplace/grid-harvester.svg', 'expert_advisor', 'grid',
   '{"lots": 0.05, "stepPct": 0.25, "maxLevels": 6, "stopLossPct": 3}',
   '["0.25% grid step", "Up to 6 levels", "3% account-safe stop"]', 39, 'monthly', 3.9, 1415),
  ('signal-pack-fx', 'FX Signal Pack', 'Daily trade ideas on the eight major currency pairs with entry, stop and target, sent to your notifications.',
   'Bourse Research', '/marketplace/signal-pack-fx.svg', 'other', NULL, '{}',
   '["8 major pairs", "Entry, stop and target", "Every trading day"]', 9, 'monthly', 4.2, 2680),
  ('cfd-course', 'CFD Trading Course', 'Twelve short lessons on leverage, margin, risk per trade and reading the trading room, from first order to stop-out rules.',
   'Bourse Academy', '/marketplace/cfd-course.svg', 'other', NULL, '{}',
   '["12 lessons", "Margin and risk explained", "Quizzes"]', 0, 'one_time', 4.8, 5030);
