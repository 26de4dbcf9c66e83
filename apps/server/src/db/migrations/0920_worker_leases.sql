-- Worker leases: of the worker-capable nodes, only the one holding the lease runs the singletons
-- (price feed, risk engine, robots, daily jobs). The holder renews it every second or so; once
-- `expires_at` (the database's clock) has passed, another node may take it, and `token` (the
-- fencing token) goes up by one. A write that must not come from a former holder names its token
-- and is refused once the token has moved on. `holder` is the node (host:port), stable across a
-- restart of the same node; `pid` the process that holds it now.
CREATE TABLE worker_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  pid integer NOT NULL,
  token bigint NOT NULL,
  acquired_at timestamptz NOT NULL,
  renewed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The last run of each singleton job: started only while its token is the lease's current one, so
-- a former holder cannot start a run, and never overwritten by an older token.
CREATE TABLE worker_job_runs (
  job text PRIMARY KEY,
  holder text NOT NULL,
  token bigint NOT NULL,
  runs bigint NOT NULL DEFAULT 1,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  outcome text NOT NULL CHECK (outcome IN ('running', 'done', 'failed'))
);
