/**
 * Open connections capped per client address and in total (server/http/connection-caps.ts):
 * small caps on an app listening in this process, then the defaults on the compiled server in
 * a process of its own under 20,000 idle sockets from one address (two flooding processes:
 * each socket is a file descriptor, and a process may hold 20,000 at most here).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API, startServer, type TestServer } from './helpers.ts';

const FLOOD_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'support', 'connection-flood.mjs');

/** A loopback address of its own per run: connections closed by an earlier run linger in TIME_WAIT. */
function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** GET `path` from `localAddress`: the status, or the error when the connection is refused or closed. */
function get(port: number, path: string, localAddress: string, timeoutMs = 10_000): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, localAddress, agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    sent.on('timeout', () => sent.destroy(new Error(`sem resposta em ${timeoutMs} ms`)));
    sent.on('error', reject);
    sent.end();
  });
}

/** Opens `count` idle sockets from `localAddress`; resolves, once the server has had its say, with those still open. */
async function openIdle(port: number, localAddress: string, count: number): Promise<Socket[]> {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect({ port, host: '127.0.0.1', localAddress });
          socket.on('error', () => undefined);
          socket.once('connect', () => resolve(socket));
          socket.once('close', () => resolve(socket));
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return sockets.filter((socket) => !socket.destroyed);
}

describe('connection caps on a listening app', () => {
  let server: TestServer | undefined;
  const held: Socket[] = [];
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await server?.close();
  });

  it('closes at once what passes the cap of an address, then the total; a trusted proxy counts only in the total', async () => {
    const proxy = loopbackAddress();
    server = await startServer({ connections: { perAddress: 3, total: 8 }, trustProxy: [proxy] });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    const [first, second, third] = [loopbackAddress(), loopbackAddress(), loopbackAddress()];

    const fromFirst = await openIdle(port, first, 6);
    held.push(...fromFirst);
    expect(fromFirst).toHaveLength(3);
    // Another address still gets its own three, and its requests are answered.
    expect((await get(port, `${API}openapi.json`, second)).status).toBe(200);
    const fromProxy = await openIdle(port, proxy, 4);
    held.push(...fromProxy);
    expect(fromProxy).toHaveLength(4);
    // 3 + 4 open: one more makes the total; past it, nobody gets in.
    const fromSecond = await openIdle(port, second, 3);
    held.push(...fromSecond);
    expect(fromSecond).toHaveLength(1);
    await expect(get(port, `${API}openapi.json`, third)).rejects.toThrow();

    for (const socket of held.splice(0)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get(port, `${API}openapi.json`, third)).status).toBe(200);
  }, 60_000);
});

interface Running {
  child: ChildProcess;
  port: number;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The server as `npm start` runs it. It listens before its database is ready (that takes
 * seconds, and is not needed here): ready once the OpenAPI document answers.
 */
async function startCompiledServer(): Promise<Running> {
  const { serverArgs } = await import('../../scripts/build-server.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-caps-'));
  dirs.push(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
  };
  env.STATIC_DIR = join(dataDir, 'no-build');
  for (const name of ['DATABASE_URL', 'TRUST_PROXY', 'MAX_CONNECTIONS', 'MAX_CONNECTIONS_PER_ADDRESS', 'RATE_LIMITS']) delete env[name];
  const child = spawn(process.execPath, await serverArgs(), { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (${child.exitCode})`);
    const answered = await get(port, `${API}openapi.json`, '127.0.0.1', 2_000).catch(() => null);
    if (answered?.status === 200) return { child, port };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('o servidor não respondeu em 60 s');
}

/** Two processes of 10,000 connection attempts each, 200 under way at a time in each (under the listen queue's 511). */
function flood(port: number, localAddress: string, count: number): { child: ChildProcess; settled: Promise<unknown> } {
  const child = spawn(process.execPath, [FLOOD_SCRIPT, String(port), localAddress, String(count), '200'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const settled = new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out));
    });
    child.once('exit', (code) => reject(new Error(`o processo de conexões saiu (${code})`)));
  });
  return { child, settled };
}

/** `a.b.c.d` as /proc/net/tcp writes it (the 32-bit word in host order: little-endian here). */
function procAddress(address: string): string {
  return Buffer.from(address.split('.').map(Number).reverse()).toString('hex').toUpperCase();
}

/** Established connections the kernel holds for the server's port from `remote` (Linux; null elsewhere). */
function establishedFrom(port: number, remote: string): number | null {
  if (!existsSync('/proc/net/tcp')) return null;
  const local = `${procAddress('127.0.0.1')}:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const from = `${procAddress(remote)}:`;
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, localAddress, remoteAddress, state]) => localAddress === local && remoteAddress?.startsWith(from) && state === '01').length;
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
          // The server waits for its database before leaving; nothing of it is needed here.
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        }),
    ),
  );
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

describe('20,000 idle sockets from one address (the compiled server, default caps)', () => {
  afterAll(stopAll, 20_000);

  it('are held 100 at most, and a request from another address is answered meanwhile', async () => {
    const server = await startCompiledServer();
    const attacker = loopbackAddress();
    const floods = [flood(server.port, attacker, 10_000), flood(server.port, attacker, 10_000)];
    // While the sockets pour in (a connection attempt may wait for room in the listen queue):
    // once the attacker holds connections, not before the flooding processes have started.
    for (let waited = 0; (establishedFrom(server.port, attacker) ?? 1) === 0; waited += 50) {
      if (waited > 30_000) throw new Error('nenhuma conexão do atacante em 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const during = await get(server.port, `${API}openapi.json`, loopbackAddress(), 15_000);
    expect(during.status).toBe(200);
    // Every one of the 20,000 attempts reached the server (the kernel completed its handshake).
    const reports = (await Promise.all(floods.map((one) => one.settled))) as Array<{ connected: number }>;
    expect(reports.reduce((sum, report) => sum + report.connected, 0)).toBe(20_000);
    // …and once every attempt has been answered: quickly. The best of three, so that one
    // request a busy machine leaves unscheduled for a while does not count as a slow server
    // (a server still burdened by the flood is slow on all three).
    const after = [];
    for (let i = 0; i < 3; i++) after.push(await get(server.port, `${API}openapi.json`, loopbackAddress()));
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(Math.min(...after.map((answer) => answer.ms))).toBeLessThan(2_000);
    const held = establishedFrom(server.port, attacker);
    if (held !== null) {
      // Without the cap the server would hold them all, until its file descriptors ran out.
      expect(held).toBeLessThanOrEqual(100);
      expect(held).toBeGreaterThan(0);
    }
    // 20,000 connections, 400 at a time, take about two minutes on a busy 2-core machine.
  }, 240_000);
});
