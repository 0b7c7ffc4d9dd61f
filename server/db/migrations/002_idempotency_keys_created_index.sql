-- Every POST with an Idempotency-Key first forgets keys older than 24 hours
-- (DELETE ... WHERE dt_criacao < $1, http/idempotency.ts): without an index that is a
-- scan of every key kept, growing with the day's traffic.
CREATE INDEX idempotency_keys_created ON idempotency_keys (dt_criacao);
