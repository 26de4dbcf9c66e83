-- Regulated-broker rules: the appropriateness test before a live account, and the quarterly
-- percentage of retail accounts that lost money shown in the risk warning.

-- Every questionnaire a customer answered, never updated but for the acknowledgement: the newest
-- row is their standing. The answers keep the points they scored then, and `outcome` what the
-- customer was told under the site's mode of that day.
CREATE TABLE appropriateness_assessments (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  score integer NOT NULL,
  max_score integer NOT NULL,
  pass_score integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('passed', 'warned', 'refused')),
  acknowledged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appropriateness_assessments_user_idx ON appropriateness_assessments (user_id, id DESC);

-- One row per quarter: the twelve months ending on `period_end` (inclusive), how many retail live
-- accounts with a closed trade in them were counted, and how many lost money. The primary key
-- makes the quarter's computation happen once, whichever node or run gets there first.
CREATE TABLE risk_warning_periods (
  period_end date PRIMARY KEY,
  period_start date NOT NULL,
  accounts_counted integer NOT NULL,
  accounts_lost integer NOT NULL,
  percent integer CHECK (percent BETWEEN 0 AND 100),
  computed_at timestamptz NOT NULL DEFAULT now(),
  CHECK (accounts_lost <= accounts_counted),
  CHECK ((accounts_counted = 0) = (percent IS NULL))
);

