/**
 * Temporary upload files never stay behind (issue 11): they live in DATA_DIR/files/.tmp with
 * their writer's process id in the name, and a start removes those of processes that are gone.
 * (An upload's body is parsed whole before anything is written, so a server killed while one
 * arrives has written nothing.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskFileStore, STALE_TEMP_MS } from '../../server/services/file-store.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portabilidade-temp-files-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe("the file store's temporary files", () => {
  it('are removed at start when their process is gone, or when they are older than an hour; a live one stays', () => {
    const dir = dataDir();
    const temp = join(dir, 'files', '.tmp');
    mkdirSync(temp, { recursive: true });
    const dead = `${deadPid()}-0a1b2c-upload.tmp`;
    const live = `${process.pid}-3d4e5f-upload.tmp`;
    const oldLive = `${process.pid}-777777-upload.tmp`;
    const legacy = '.upload-abc-0.tmp';
    for (const name of [dead, live, oldLive]) writeFileSync(join(temp, name), 'x');
    writeFileSync(join(dir, 'files', legacy), 'x');
    const longAgo = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    utimesSync(join(temp, oldLive), longAgo, longAgo);
    utimesSync(join(dir, 'files', legacy), longAgo, longAgo);

    new DiskFileStore(dir);
    expect(readdirSync(temp)).toEqual([live]);
    expect(existsSync(join(dir, 'files', legacy))).toBe(false);
  });
});
