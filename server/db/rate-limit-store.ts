/**
 * `@fastify/rate-limit`'s custom-store interface over our query layer: the counters live
 * in `rate_limit_hits` (migration 008), so every process on one PostgreSQL counts the same
 * hits. One statement per hit: the upsert locks the key's row, so concurrent hits on any
 * process are each counted once, and a window that ended starts over at 1. Time is the
 * database's, the one clock every process shares.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from './database.ts';

/** Counts one hit on `key` in a window of `windowMs`; how many so far and how long until the window ends. */
export async function countHit(db: Queryable, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const [row] = await db.query<{ hits: number; ttl: number }>(
    `INSERT INTO rate_limit_hits AS c (key, hits, resets_at)
     VALUES ($1, 1, clock_timestamp() + $2::bigint * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN c.resets_at <= clock_timestamp() THEN 1 ELSE LEAST(c.hits, 2147483646) + 1 END,
       resets_at = CASE WHEN c.resets_at <= clock_timestamp() THEN EXCLUDED.resets_at ELSE c.resets_at END
     RETURNING c.hits, GREATEST(0, ceil(extract(epoch FROM c.resets_at - clock_timestamp()) * 1000))::float8 AS ttl`,
    [key, Math.round(windowMs)],
    { prepared: 'rate-limit-hit' },
  );
  return { current: row?.hits ?? 1, ttl: row?.ttl ?? windowMs };
}

/** Forgets the counters whose window has ended. */
export async function pruneHits(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_limit_hits WHERE resets_at <= clock_timestamp()');
}

/**
 * The store class the plugin instantiates. Every limiter of the server makes keys of its own
 * (`<limit>:<address>`), so a route's child store is the same store.
 */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
