/**
 * The rate limits' counters in PostgreSQL (server/db/rate-limit-store.ts, table
 * rate_limit_hits): two servers on one database count the same hits, concurrent hits are
 * each counted once, a window that ended starts over, and ended windows are pruned.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { pruneHits } from '../../server/db/rate-limit-store.ts';
import { parseRateLimits } from '../../server/http/rate-limits.ts';
import { API, SECRET } from './helpers.ts';
import { POSTGRES_TIER, createScratchDatabase, postgresUrl } from './support/postgres.ts';

const LOOKUP = `${API}portabilidade/utils/plano/destino?registroAns=1`;

describe.skipIf(!postgresUrl)(`rate limits ${POSTGRES_TIER}`, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: Database;
  let dataDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    db = await openDatabase({ url: scratch.url });
    await migrate(db);
    dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-pg-limits-'));
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  async function server(limits: string): Promise<FastifyInstance> {
    const app = await buildApp({ db, dataDir, secret: SECRET, rateLimits: parseRateLimits(limits) });
    apps.push(app);
    return app;
  }

  const lookup = (app: FastifyInstance, from: string) => app.inject({ method: 'GET', url: LOOKUP, remoteAddress: from });

  it('counts the hits of one address on two servers together, and concurrent hits once each', async () => {
    const [first, second] = [await server('lookup=5/15m'), await server('lookup=5/15m')];
    const statuses: number[] = [];
    for (const app of [first, second, first, second, first, second]) statuses.push((await lookup(app, '192.0.2.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const burst = await Promise.all(Array.from({ length: 20 }, (_, index) => lookup(index % 2 ? first : second, '192.0.2.2')));
    expect(burst.filter((response) => response.statusCode === 200)).toHaveLength(5);
    const refused = burst.find((response) => response.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(900);
    const rows = await db.query<{ key: string; hits: number }>('SELECT key, hits FROM rate_limit_hits ORDER BY key');
    expect(rows).toEqual([
      { key: 'lookup-destinationPlan:192.0.2.1', hits: 6 },
      { key: 'lookup-destinationPlan:192.0.2.2', hits: 20 },
    ]);
  }, 60_000);

  it('starts a window over once it ended, and prunes the counters of ended windows', async () => {
    const app = await server('lookup=1/1s');
    expect((await lookup(app, '192.0.2.3')).statusCode).toBe(200);
    expect((await lookup(app, '192.0.2.3')).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await lookup(app, '192.0.2.3')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await pruneHits(db);
    expect(await db.query('SELECT key FROM rate_limit_hits WHERE key LIKE $1', ['%192.0.2.3'])).toEqual([]);
    // Windows still running are kept.
    expect((await db.query('SELECT key FROM rate_limit_hits')).length).toBe(2);
  }, 60_000);
});
