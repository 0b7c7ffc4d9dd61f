/**
 * Temporary upload files never stay behind (issue 11): they live in DATA_DIR/files/.tmp with
 * their writer's process id in the name, and a start removes those of processes that are gone.
 * Checked on the store itself, then for real: a server killed with SIGKILL in the middle of an
 * upload, and started again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStore, STALE_TEMP_MS } from '../../server/services/file-store.ts';
import { FILES } from './helpers.ts';

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

describe('the file store\'s temporary files', () => {
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

    new FileStore(dir);
    expect(readdirSync(temp)).toEqual([live]);
    expect(existsSync(join(dir, 'files', legacy))).toBe(false);
  });
});

async function startServer(dir: string): Promise<{ child: ChildProcess; port: number }> {
  // The server as `npm start` runs it (compiled when a source changed: scripts/build-server.mjs).
  const { serverArgs } = await import('../../scripts/build-server.mjs');
  const child = spawn(process.execPath, await serverArgs(), {
    env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', STATIC_DIR: join(dir, 'no-build'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /no ar: http:\/\/localhost:(\d+)\//.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`o servidor saiu (${code}): ${out}`)));
  });
}

describe('a server killed in the middle of an upload', () => {
  it('leaves a temporary file that the next start removes', async () => {
    const dir = dataDir();
    const first = await startServer(dir);
    const page = await fetch(`http://127.0.0.1:${first.port}/`);
    const csrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const half = `{"nuProtocolo":"1","tipoSolicitacao":"9","cdTipoDocumento":1,"nmDocumento":"rg.pdf","nmExtensao":"pdf","arquivoBase64":"${FILES.pdf}${'A'.repeat(200_000)}`;
    const socket = connect(first.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write([
      'POST /wslinhafrente/v1/portabilidade/utils/documento HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json',
      `Content-Length: ${half.length + 1_000_000}`, `Cookie: XSRF-TOKEN=${csrf}`, `X-XSRF-TOKEN: ${csrf}`, '', half,
    ].join('\r\n'));
    const temp = join(dir, 'files', '.tmp');
    await expect.poll(() => readdirSync(temp).length, { timeout: 10_000 }).toBe(1);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    socket.destroy();
    expect(readdirSync(temp)).toHaveLength(1);

    const second = await startServer(dir);
    try {
      expect(readdirSync(temp)).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    }
  }, 90_000);
});
