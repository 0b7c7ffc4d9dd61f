// Small helpers the benchmark parts share: time limits, child processes that are always
// cleaned up, free ports, compressed sizes, medians and a tiny static file server.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Rejects after `ms` with a message naming the step, so no part can hang the command. */
export async function withTimeout(promise, ms, what) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// Every child process started here, so an error, a timeout or Ctrl-C never leaves one behind.
const children = new Set();
export function startProcess(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.output = '';
  const keep = (chunk) => {
    child.output = (child.output + chunk).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => children.delete(child));
  return child;
}
export async function stopProcess(child, ms = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(ms).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await Promise.race([exited, sleep(2000)]);
  }
}
// Processes started by libraries (Chromium by chrome-launcher), killed with ours on exit.
const foreignPids = new Set();
export const trackPid = (pid) => foreignPids.add(pid);
export const untrackPid = (pid) => foreignPids.delete(pid);
export function killAllChildren() {
  for (const child of children) child.kill('SIGKILL');
  for (const pid of foreignPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/** A TCP port nobody listens on right now (on loopback). */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** Polls `url` until it answers (any HTTP status) or the time runs out. */
export async function waitForHttp(url, ms, child) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before answering:\n${child.output.slice(-2000)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${url} did not answer within ${Math.round(ms / 1000)} s${child ? `:\n${child.output.slice(-2000)}` : ''}`);
}

/**
 * The stored values a guarded route needs, with the session's times as the portal writes them
 * (src/storage.ts): a protocolo/token pair without live times opens nothing. Call it right
 * before seeding: the session ends after 30 idle minutes.
 */
export function withLiveSession(storage) {
  if (!storage.protocolo) return storage;
  const now = Date.now();
  return { ...storage, sessao: JSON.stringify({ desde: now, ultimaAtividade: now }) };
}

/** Raw, gzip -9 and brotli (quality 11) sizes of a buffer, in bytes. */
export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }).length,
  };
}
export function addSizes(list) {
  return list.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median with min and max (issue 28: noisy figures are medians of 5 runs, min–max shown). */
export function spread(values) {
  const finite = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  if (!finite.length) return null;
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite), n: finite.length };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A static server for a build folder (used for the floor page, and for the portal when the
 * reference server is not there): hashed assets cached for a year, index.html for any other
 * path, text compressed with gzip -9 as a well-configured production host would.
 */
export async function serveStatic(dir, port) {
  const root = resolve(dir);
  const gzipCache = new Map();
  const server = createServer(async (request, response) => {
    try {
      const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
      let file = normalize(join(root, pathname));
      if (!file.startsWith(root + sep) && file !== root) throw new Error('outside');
      const info = await stat(file).catch(() => null);
      if (!info || info.isDirectory()) file = join(root, 'index.html');
      let body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const headers = {
        'Content-Type': type,
        'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      if (/text|javascript|json|svg/.test(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(body, { level: 9 }));
        body = gzipCache.get(file);
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      }
      response.writeHead(200, headers);
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) };
}

/** Sizes are quoted in kB of 1000 bytes, as the issue's floors are (React 19 page: 67.7 kB). */
export function formatKB(bytes) {
  return bytes === null || bytes === undefined ? '—' : `${(bytes / 1000).toFixed(1)} kB`;
}
