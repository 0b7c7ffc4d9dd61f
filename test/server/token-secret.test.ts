/**
 * The token secret: made once, whole or not at all (a full disk leaves no 0-byte file), owner-only,
 * and refused when shorter than 32 bytes wherever it comes from — the file, TOKEN_SECRET or
 * PostgreSQL's `app_secrets` row. The start itself is tested in data-dir.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';

const disk = vi.hoisted(() => ({ full: false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
  const guard =
    <A extends unknown[], R>(write: (...args: A) => R) =>
    (...args: A): R => {
      if (disk.full) throw enospc();
      return write(...args);
    };
  const mocked = { ...fs, writeSync: guard(fs.writeSync) };
  return { ...mocked, default: mocked };
});

const { MIN_SECRET_BYTES, tokenSecret } = await import('../../server/token-secret.ts');
const { StartFailure, startFailureLine } = await import('../../server/start-failure.ts');
const { sharedSecret } = await import('../../server/db/secrets.ts');
const { wrapPglite } = await import('../../server/db/database.ts');
const { template } = await import('./helpers.ts');

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portabilidade-secret-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  disk.full = false;
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the token-secret file', () => {
  it('is made once with 32 random bytes, owner-only, and read back the same on the next start', () => {
    const dir = dataDir();
    const secret = tokenSecret(dir, {});
    expect(Buffer.from(secret, 'base64url')).toHaveLength(MIN_SECRET_BYTES);
    expect(readFileSync(join(dir, 'token-secret'), 'utf8')).toBe(secret);
    expect(statSync(join(dir, 'token-secret')).mode & 0o777).toBe(0o600);
    expect(tokenSecret(dir, {})).toBe(secret);
    expect(readdirSync(dir)).toEqual(['token-secret']);
  });

  it('is not left behind, not even empty, when the disk is full; the start says the disk is full', () => {
    const dir = dataDir();
    disk.full = true;
    let failure: unknown;
    try {
      tokenSecret(dir, {});
    } catch (error) {
      failure = error;
    } finally {
      disk.full = false;
    }
    expect(readdirSync(dir)).toEqual([]);
    expect(startFailureLine(failure, { dataDir: dir, port: 8080, host: '0.0.0.0' })).toMatch(new RegExp(`^Disco cheio em ${dir}:`));
    // The next start, with room again, makes a whole one.
    expect(tokenSecret(dir, {})).toHaveLength(43);
  });

  it('uses a TOKEN_SECRET of 32 bytes without writing a file, and refuses one that is set but shorter', () => {
    const dir = dataDir();
    expect(tokenSecret(dir, { TOKEN_SECRET: 'k'.repeat(32) })).toBe('k'.repeat(32));
    expect(readdirSync(dir)).toEqual([]);
    expect(() => tokenSecret(dir, { TOKEN_SECRET: 'k'.repeat(31) })).toThrow(StartFailure);
  });
});

describe("PostgreSQL's shared secret row", () => {
  it('is made with 32 random bytes, and a short one written by hand refuses the start naming the row', async () => {
    const { dump } = await template();
    const db = wrapPglite(await PGlite.create({ loadDataDir: dump }));
    try {
      const made = await sharedSecret(db, 'check');
      expect(Buffer.from(made, 'base64url')).toHaveLength(MIN_SECRET_BYTES);
      expect(await sharedSecret(db, 'check')).toBe(made);

      await db.query("UPDATE app_secrets SET ds_valor = 'curto-demais' WHERE ds_nome = 'check'");
      const refused = await sharedSecret(db, 'check').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StartFailure);
      expect((refused as Error).message).toContain("'check' na tabela app_secrets tem 12 byte(s)");
    } finally {
      await db.close();
    }
  }, 30_000);
});
