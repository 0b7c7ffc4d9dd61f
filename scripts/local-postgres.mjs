// A throwaway PostgreSQL for tests and the bench, when no TEST_DATABASE_URL/DATABASE_URL is
// given: Debian's server binaries (package `postgresql`, or PG_BIN), a fresh cluster in a
// temporary directory, listening on loopback only, removed again by `stop()`.
// initdb refuses to run as root: as root, the cluster belongs to the `postgres` user
// (made by Debian's package) or `nobody`.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The directory holding initdb, pg_ctl and postgres, or null when none is installed. */
export function postgresBinDir() {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(DEBIAN_ROOT, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'))) return bin;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function account() {
  if (process.getuid?.() !== 0) return {};
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('rodando como root sem usuário postgres ou nobody para o PostgreSQL');
}

/**
 * Starts a cluster; resolves to `{ url, stop, pid }` (url of the `postgres` database, user
 * `postgres`, trust on loopback; pid: the postmaster's), or null when no server binaries
 * are installed.
 * `durable: false` (tests) turns fsync off: faster, and nothing here must survive a crash.
 */
export async function startLocalPostgres({ durable = false } = {}) {
  const bin = postgresBinDir();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'portabilidade-postgres-'));
  const owner = account();
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const env = { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' };
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
    ...owner,
    env,
    encoding: 'utf8',
    cwd: dir,
  });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb falhou: ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const settings = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'shared_buffers=32MB',
    '-c',
    'max_connections=200',
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
  ];
  const child = spawn(join(bin, 'postgres'), ['-D', data, ...settings], { ...owner, env, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGINT'); // fast shutdown
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let tries = 0; ; tries += 1) {
    const ready = spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres'], {
      encoding: 'utf8',
    });
    if (ready.status === 0) return { url, stop, pid: child.pid };
    if (child.exitCode !== null || tries > 300) {
      await stop();
      throw new Error(`o PostgreSQL não subiu: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
