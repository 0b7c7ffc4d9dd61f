/**
 * node-postgres refuses a statement name given with another SQL text on the same connection,
 * and only on PostgreSQL: two call sites sharing a name would fail in production alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../../server', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('prepared statement names', () => {
  it('name one call site each', () => {
    const names = sources(SERVER).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/prepared: '([^']+)'/g)].map((match) => match[1]),
    );
    expect(names).toEqual(
      expect.arrayContaining(['rate-limit-hit', 'session-revoked', 'request-state-by-protocol', 'tracking-by-protocol']),
    );
    expect(new Set(names).size).toBe(names.length);
  });
});
