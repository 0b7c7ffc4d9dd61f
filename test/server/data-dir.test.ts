/**
 * The server as `npm start` runs it (the compiled bundle, scripts/build-server.mjs) on a
 * real data directory: a damaged one is refused with one line naming it and not one of its
 * files changes; a short token secret is refused; a port in use says so; a stale server.json
 * naming a live process that is not our server does not block; after a start, a save and an
 * upload, DATA_DIR is owner-only. One seeded directory is prepared for the file and each
 * case works on a copy of it.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS } from '../../server/db/database.ts';
import { API, FILES, template, validRequest } from './helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'portabilidade-data-dir-'));
/** A DATA_DIR holding a real, seeded, cleanly closed database, its documents and its secret. */
const base = join(root, 'base');
let args: string[];
let copies = 0;

beforeAll(async () => {
  const { serverArgs } = await import('../../scripts/build-server.mjs');
  args = await serverArgs();
  const { dump, filesDir } = await template();
  // Made the way an earlier version left it: 0755 / 0644, and the engine's own 0666 files.
  mkdirSync(base, { mode: 0o755 });
  cpSync(filesDir, join(base, 'files'), { recursive: true });
  const db = await PGlite.create({ dataDir: join(base, 'pglite'), loadDataDir: dump, postgresqlconf: [...PGLITE_SETTINGS] });
  await db.close();
  writeFileSync(join(base, 'token-secret'), randomBytes(32).toString('base64url'), { mode: 0o644 });
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }), 30_000);

function copyOfBase(): string {
  const dir = join(root, `case-${(copies += 1)}`);
  cpSync(base, dir, { recursive: true });
  return dir;
}

function serverEnv(dataDir: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    STATIC_DIR: join(root, 'no-build'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    TOKEN_SECRET: undefined,
    ...extra,
  };
}

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the server and waits for it to end (it is expected to refuse). */
function runToEnd(env: NodeJS.ProcessEnv): Promise<Ended> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

interface Running {
  pid: number;
  base: string;
  /** What it printed until it served. */
  output: string;
  stop(): Promise<number | null>;
}

/** Starts the server and waits until it serves. */
function startUntilServing(env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      const port = /no ar: http:\/\/localhost:(\d+)\//.exec(out)?.[1];
      if (port) {
        resolve({
          pid: child.pid ?? 0,
          base: `http://127.0.0.1:${port}${API}`,
          output: out,
          stop: () => {
            child.kill('SIGTERM');
            return ended;
          },
        });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void ended.then((code) => reject(new Error(`o servidor saiu (${code}): ${out}`)));
  });
}

/** `dir` itself and every entry under it: path → kind and mode, and for a file its size, mtime and content hash. */
function snapshot(dir: string, into = new Map<string, string>(), prefix = ''): Map<string, string> {
  const mode = (path: string) => (lstatSync(path).mode & 0o7777).toString(8);
  if (prefix === '') into.set('.', `dir ${mode(dir)}`);
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stats = lstatSync(path);
    const key = `${prefix}/${name}`;
    if (stats.isDirectory()) {
      into.set(key, `dir ${mode(path)}`);
      snapshot(path, into, key);
    } else {
      into.set(key, `${mode(path)} ${stats.size} ${stats.mtimeMs} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`);
    }
  }
  return into;
}

/** Paths whose mode is not owner-only (files 0600, directories 0700), DATA_DIR itself included. */
function notPrivate(dir: string): string[] {
  const wrong: string[] = [];
  const visit = (path: string) => {
    const stats = lstatSync(path);
    const wanted = stats.isDirectory() ? 0o700 : 0o600;
    if ((stats.mode & 0o777) !== wanted) wrong.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return wrong;
}

/** One line, nothing else on either stream. */
function oneLine(ended: Ended): string {
  expect(ended.code).not.toBe(0);
  expect(ended.code).not.toBeNull();
  expect(ended.stdout).toBe('');
  const line = ended.stderr.trimEnd();
  expect(line.split('\n')).toHaveLength(1);
  return line;
}

/** Each damage returns how to undo it: a refused start changes nothing, so one copy serves every case. */
const DAMAGE: ReadonlyArray<[string, (pglite: string) => () => void]> = [
  [
    'without PG_VERSION',
    (pglite) => {
      const file = join(pglite, 'PG_VERSION');
      const bytes = readFileSync(file);
      rmSync(file);
      return () => writeFileSync(file, bytes);
    },
  ],
  [
    'with a truncated global/pg_control',
    (pglite) => {
      const file = join(pglite, 'global', 'pg_control');
      const bytes = readFileSync(file);
      truncateSync(file, 100);
      return () => writeFileSync(file, bytes);
    },
  ],
  // The right size, wrong bytes: only PostgreSQL itself can tell, once the engine has started.
  [
    'with global/pg_control full of random bytes',
    (pglite) => {
      const file = join(pglite, 'global', 'pg_control');
      const bytes = readFileSync(file);
      writeFileSync(file, randomBytes(bytes.length));
      return () => writeFileSync(file, bytes);
    },
  ],
  [
    'with an empty pg_wal',
    (pglite) => {
      const wal = join(pglite, 'pg_wal');
      const aside = join(pglite, '..', 'wal-aside');
      mkdirSync(aside);
      const segments = readdirSync(wal).filter((name) => /^[0-9A-F]{24}$/.test(name));
      for (const name of segments) renameSync(join(wal, name), join(aside, name));
      return () => {
        for (const name of segments) renameSync(join(aside, name), join(wal, name));
        rmSync(aside, { recursive: true });
      };
    },
  ],
];

describe('a data directory that does not open', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = copyOfBase();
  }, 30_000);

  it.each(DAMAGE)(
    'is refused %s: the start exits non-zero with one line naming it, and not one of its files changes',
    async (_, damage) => {
      const pglite = join(dataDir, 'pglite');
      const undo = damage(pglite);
      try {
        const before = snapshot(dataDir);
        const line = oneLine(await runToEnd(serverEnv(dataDir)));
        expect(line).toContain(`Banco de dados danificado em ${pglite}:`);
        expect(line).toContain('restaure o backup');
        expect(snapshot(dataDir)).toEqual(before);
      } finally {
        undo();
      }
    },
    30_000,
  );

  it('is refused when the database is gone but its documents are there (never a fresh database beside them)', async () => {
    const pglite = join(dataDir, 'pglite');
    renameSync(pglite, join(root, 'pglite-aside'));
    try {
      const before = snapshot(dataDir);
      const line = oneLine(await runToEnd(serverEnv(dataDir)));
      expect(line).toContain(`Banco de dados ausente em ${pglite}`);
      expect(snapshot(dataDir)).toEqual(before);
    } finally {
      renameSync(join(root, 'pglite-aside'), pglite);
    }
  }, 30_000);
});

describe('a token secret shorter than 32 bytes', () => {
  const secretFile = (bytes: number) => () => {
    const dataDir = join(root, `secret-file-${bytes}`);
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'token-secret'), 'k'.repeat(bytes));
    return { dataDir, env: serverEnv(dataDir), names: `${join(dataDir, 'token-secret')} tem ${bytes} byte(s)` };
  };
  const secretVariable = (bytes: number) => () => {
    const dataDir = join(root, `secret-env-${bytes}`);
    return { dataDir, env: serverEnv(dataDir, { TOKEN_SECRET: 'k'.repeat(bytes) }), names: `TOKEN_SECRET tem ${bytes} byte(s)` };
  };
  it.concurrent.each([
    ['an empty token-secret file', secretFile(0)],
    ['a 10-byte token-secret file', secretFile(10)],
    ['an empty TOKEN_SECRET', secretVariable(0)],
    ['a 10-byte TOKEN_SECRET', secretVariable(10)],
  ])(
    'refuses to start with %s, in one line, creating nothing',
    async (_, prepare) => {
      const { dataDir, env, names } = prepare();
      const before = existsSync(dataDir) ? snapshot(dataDir) : null;

      const line = oneLine(await runToEnd(env));
      expect(line).toContain(names);
      expect(line).toContain('pelo menos 32');
      expect(existsSync(dataDir) ? snapshot(dataDir) : null).toEqual(before);
    },
    30_000,
  );
});

describe('a port already in use', () => {
  it('stops the start with one line naming the port, before the database is touched', async () => {
    const taken = createTcpServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const dataDir = join(root, 'port-in-use');
      const line = oneLine(await runToEnd(serverEnv(dataDir, { PORT: String(port) })));
      expect(line).toBe(`A porta ${port} (127.0.0.1) já está em uso por outro programa: encerre-o ou escolha outra porta com PORT.`);
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
      expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 30_000);
});

describe('a data directory in use', () => {
  let dataDir: string;
  let running: Running;
  let other: Server;

  beforeAll(async () => {
    dataDir = copyOfBase();
    // A server.json left by a server killed long ago, whose process id now belongs to another
    // program (this test's own process) listening on the port it names.
    other = createHttpServer((_, reply) => reply.writeHead(404).end());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as { port: number }).port;
    writeFileSync(join(dataDir, 'server.json'), JSON.stringify({ pid: process.pid, port, secret: 'left-behind' }));
    running = await startUntilServing(serverEnv(dataDir));
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await new Promise((resolve) => other.close(resolve));
  });

  it('is not blocked by a stale server.json whose process id was reused by another program', async () => {
    const file = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { pid: number };
    expect(file.pid).toBe(running.pid);
    expect(running.output).toContain(`${join(dataDir, 'server.json')} ignorado: o processo ${process.pid}`);
  });

  it('refuses a second server while the first one serves it, in one line', async () => {
    const line = oneLine(await runToEnd(serverEnv(dataDir)));
    expect(line).toContain(`Outro servidor (pid ${running.pid}`);
    expect(line).toContain(dataDir);
  }, 30_000);

  it('is owner-only after a start, a save and an upload: files 0600, directories 0700', async () => {
    expect(notPrivate(base).length).toBeGreaterThan(0);
    const page = await fetch(`${running.base}portabilidade/utils/parametro?chave=82&cdEmpresaPlano=1`);
    const csrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${csrf}`, 'x-xsrf-token': csrf };
    const post = (path: string, body: unknown) => fetch(`${running.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const saved = (await (await post('portabilidade', validRequest({ cpf: '11144477735' }))).json()) as { nuProtocolo: string };
    const uploaded = await post('portabilidade/utils/documento', {
      nuProtocolo: saved.nuProtocolo,
      tipoSolicitacao: '9',
      nuContrato: '',
      cdTipoDocumento: 1,
      nmDocumento: 'rg.png',
      nmExtensao: 'png',
      arquivoBase64: FILES.png,
    });
    expect(await uploaded.text()).toBe('OK');
    // The protocol e-mail is written (no SMTP_URL) right after the save.
    const outbox = join(dataDir, 'outbox');
    for (let tries = 0; tries < 100 && !(existsSync(outbox) && readdirSync(outbox).some((name) => name.endsWith('.eml'))); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(readdirSync(outbox).some((name) => name.endsWith('.eml'))).toBe(true);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(true);

    expect(notPrivate(dataDir)).toEqual([]);
  }, 30_000);
});
