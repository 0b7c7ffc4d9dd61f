-- Counters of the request rate limits and per-address quotas (server/http/rate-limits.ts)
-- when several processes share one PostgreSQL: one row per limit and client address, for
-- its current window. The embedded database keeps them in the process's memory instead.
-- Rows whose window has ended are deleted every 10 minutes (index on resets_at).
CREATE TABLE rate_limit_hits (
  key        text PRIMARY KEY,
  hits       integer NOT NULL,
  resets_at  timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_resets_at ON rate_limit_hits (resets_at);
