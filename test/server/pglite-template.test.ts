/**
 * The initdb template becomes every new database, so it is loaded only from a private
 * directory (a real directory, this user's, 0700) and only when its SHA-256 matches the one
 * saved beside it: a copy planted in the shared temp dir, swapped in, or half written is ignored.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { loadInitdbTemplate, saveInitdbTemplate, templateDir, templatePath } from '../../server/db/pglite-template.ts';

const bases: string[] = [];
function base(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portabilidade-template-test-'));
  bases.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of bases) rmSync(dir, { recursive: true, force: true });
});

const DUMP = Buffer.from('a dump of a just-initialised database');
/** Just what saveInitdbTemplate asks of an instance. */
const fresh = { dumpDataDir: async () => new Blob([DUMP]) } as unknown as PGlite;

async function loaded(at: string): Promise<Buffer | null> {
  const blob = loadInitdbTemplate(at);
  return blob ? Buffer.from(await blob.arrayBuffer()) : null;
}

describe('the initdb template', () => {
  it('is saved in a private directory (0700, files 0600) and loaded back from there', async () => {
    const at = base();
    await saveInitdbTemplate(fresh, at);
    expect(statSync(templateDir(at)).mode & 0o777).toBe(0o700);
    expect(statSync(templatePath(at)).mode & 0o777).toBe(0o600);
    expect(await loaded(at)).toEqual(DUMP);
  });

  it('is ignored when its bytes no longer match the checksum saved with it', async () => {
    const at = base();
    await saveInitdbTemplate(fresh, at);
    writeFileSync(templatePath(at), Buffer.concat([DUMP, Buffer.from(' plus a trigger')]));
    expect(await loaded(at)).toBeNull();
  });

  it('is neither loaded from nor saved into a directory others can open', async () => {
    const open = base();
    mkdirSync(templateDir(open));
    chmodSync(templateDir(open), 0o755);
    await saveInitdbTemplate(fresh, open);
    expect(existsSync(templatePath(open))).toBe(false);

    const opened = base();
    await saveInitdbTemplate(fresh, opened);
    chmodSync(templateDir(opened), 0o755);
    expect(await loaded(opened)).toBeNull();
  });

  it('is neither loaded through nor saved through a symbolic link planted at the private name', async () => {
    const at = base();
    const planted = join(at, 'planted');
    mkdirSync(planted, { mode: 0o700 });
    symlinkSync(planted, templateDir(at));
    await saveInitdbTemplate(fresh, at);
    expect(() => readFileSync(join(planted, templatePath(at).slice(templateDir(at).length + 1)))).toThrow();
    // Even with a valid copy and checksum behind the link.
    const real = base();
    await saveInitdbTemplate(fresh, real);
    const name = templatePath(real).slice(templateDir(real).length + 1);
    writeFileSync(join(planted, name), readFileSync(templatePath(real)));
    writeFileSync(join(planted, `${name}.sha256`), readFileSync(`${templatePath(real)}.sha256`));
    expect(await loaded(at)).toBeNull();
  });
});
