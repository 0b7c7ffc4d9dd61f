// Starts the reference back-end the way `npm start` and scripts/e2e-server.mjs do — the
// server compiled to JavaScript by scripts/build-server.mjs, production mode, a fresh data
// folder — but on loopback only, on the bench's own port and data folder, serving the
// bench's build (STATIC_DIR), optionally pinned to one core with taskset.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO, freePort, startProcess, stopProcess, waitForHttp } from './support.mjs';
import { serverArgs } from '../scripts/build-server.mjs';

export const API = '/wslinhafrente/v1/';

export function serverExists() {
  return existsSync(join(REPO, 'server', 'main.ts'));
}

export function hasTaskset() {
  return spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Starts the server; resolves once it answers. `core` pins it (taskset -c core). `fresh`
 * empties the data folder first (the first start then creates and seeds the database).
 * `env` adds to the server's environment (DATABASE_URL for the PostgreSQL rows).
 */
export async function startServer({ dataDir, staticDir, core = null, fresh = true, timeoutMs = 90_000, env = {} }) {
  if (!serverExists()) throw new Error('server/main.ts does not exist yet');
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  // As `npm start` runs it: compiled to JavaScript, not through the tsx loader.
  const node = [process.execPath, ...(await serverArgs())];
  const pinned = core !== null && hasTaskset();
  const [command, ...args] = pinned ? ['taskset', '-c', String(core), ...node] : node;
  const child = startProcess(command, args, {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The bench is one address sending what thousands of people would: measure the server,
      // not the per-address rate limits (server/README.md, "Caps and quotas").
      RATE_LIMITS:
        'login=1000000/1m,save=1000000/1m,save-day=1000000/1d,upload=1000000/1m,upload-day=1000000/1d,email=1000000/1m,lookup=1000000/1m,cep=1000000/1m',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/`, timeoutMs, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  // taskset execs node, so the child's pid is the server's own (for /proc/<pid>/status).
  return { url, port, pid: child.pid, pinned, child, stop: () => stopProcess(child) };
}

/** Resident memory of a process in MB: current (VmRSS) and peak since it started (VmHWM). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
    return { rssMB: kb('VmRSS') / 1024, hwmMB: kb('VmHWM') / 1024 };
  } catch {
    return { rssMB: NaN, hwmMB: NaN };
  }
}

/**
 * A process's CPU clock ticks from /proc/<pid>/stat: its own (user + system, all its threads),
 * and those of its children that have ended (cutime + cstime). After "(comm) ", field 3
 * (state) is index 0, so utime (14) is index 11, stime 12, cutime 13 and cstime 14.
 */
function cpuTicksOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { own: fields[11] + fields[12], endedChildren: fields[13] + fields[14] };
}

/** CPU seconds a process has used so far (user + system, all its threads). */
export function cpuSecondsOf(pid) {
  try {
    return cpuTicksOf(pid).own / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds of a PostgreSQL cluster: the postmaster, its live children (one per connection,
 * plus the background workers) and the children that have ended (counted in its cutime).
 */
export function clusterCpuSecondsOf(pid) {
  try {
    const postmaster = cpuTicksOf(pid);
    const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    // A child that ends between the listing and the read counts NaN → 0 here: its time is in the postmaster's cutime by then.
    const live = children.reduce((sum, child) => sum + (cpuSecondsOf(child) || 0), 0);
    return (postmaster.own + postmaster.endedChildren) / CLOCK_TICKS + live;
  } catch {
    return NaN;
  }
}

const CLOCK_TICKS = (() => {
  const result = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(result.stdout?.trim()) || 100;
})();
