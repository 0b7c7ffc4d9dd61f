/**
 * Two servers as `npm start` runs them, on one empty PostgreSQL, started at the same moment
 * with their own PORT and DATA_DIR: both come up (one seed), and whatever one of them stored
 * — a request, its document, login failures, an ended session (its tokens and its links), an
 * idempotency key — the other one serves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMOS } from '../../server/seed/demo-requests.ts';
import { API, DEMO, FILES, validRequest } from './helpers.ts';
import { everyCallOverHttp } from './support/every-call.ts';
import { POSTGRES_TIER, createScratchDatabase, postgresUrl } from './support/postgres.ts';

interface Running {
  child: ChildProcess;
  base: string;
  dataDir: string;
}

const dirs: string[] = [];

async function startServer(databaseUrl: string): Promise<Running> {
  const { serverArgs } = await import('../../scripts/build-server.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-two-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, await serverArgs(), {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: join(dataDir, 'no-build'),
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: undefined,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      const port = /no ar: http:\/\/localhost:(\d+)\//.exec(out)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}${API}`, dataDir });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`o servidor saiu (${code}): ${out}`)));
  });
}

async function stop(server: Running | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!postgresUrl)(`two processes ${POSTGRES_TIER}`, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let first: Running;
  let second: Running;
  let headers: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    [first, second] = await Promise.all([startServer(scratch.url), startServer(scratch.url)]);
    // A CSRF pair issued by the first process: the second accepts it (same secret, from the database).
    const page = await fetch(`${first.base}portabilidade/utils/parametro?chave=82&cdEmpresaPlano=1`);
    const csrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
    headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${csrf}`, 'x-xsrf-token': csrf };
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stop(first), stop(second)]);
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const post = (server: Running, path: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${server.base}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });

  it('both come up on an empty database, with one seed', async () => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const { rows } = await client.query<{ total: number }>('SELECT count(*)::int AS total FROM requests');
    await client.end();
    expect(rows[0]?.total).toBe(DEMOS.length);
    for (const server of [first, second]) {
      expect((await fetch(`${server.base}portabilidade/acompanhamento?protocolo=${DEMO.analysis.protocolo}`)).status).toBe(200);
    }
  });

  it('tracks, lists and downloads through the second a request and document filed through the first', async () => {
    const saved = (await (await post(first, 'portabilidade', validRequest({ cpf: '11144477735' }))).json()) as { nuProtocolo: string };
    expect(saved.nuProtocolo).toMatch(/^\d{20}$/);
    const uploaded = await post(first, 'portabilidade/utils/documento', {
      nuProtocolo: saved.nuProtocolo,
      tipoSolicitacao: '9',
      nuContrato: '',
      cdTipoDocumento: 1,
      nmDocumento: 'rg.png',
      nmExtensao: 'png',
      arquivoBase64: FILES.png,
    });
    expect(await uploaded.text()).toBe('OK');

    const tracked = await fetch(`${second.base}portabilidade/acompanhamento?protocolo=${saved.nuProtocolo}`);
    expect(await tracked.json()).toMatchObject({ nuProtocolo: saved.nuProtocolo, flStatus: 1 });
    const listed = (await (await fetch(`${second.base}portabilidade/documento?protocolo=${saved.nuProtocolo}`)).json()) as Array<{
      nmArquivo: string;
      linkUrl: string;
    }>;
    expect(listed.map((doc) => doc.nmArquivo)).toEqual(['rg.png']);
    const file = await fetch(new URL(listed[0]?.linkUrl ?? '', second.base));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(FILES.png, 'base64'))).toBe(true);
    // Nothing of it on either process's disk.
    for (const server of [first, second]) expect(readdirSync(server.dataDir).filter((name) => name !== 'outbox')).toEqual([]);
  });

  it('holds a login brake reached half on each process on both', async () => {
    const who = DEMO.loginRequired;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post(attempt % 2 ? second : first, 'auth', { cpf: who.cpf, senha: '000000', cdEmpresaPlano: '1' });
      expect(wrong.status).toBe(400);
    }
    // Braked for 30 s: the right password gets the wrong-password answer on either process.
    for (const server of [first, second]) {
      const right = await post(server, 'auth', { cpf: who.cpf, senha: who.senha, cdEmpresaPlano: '1' });
      expect(right.status).toBe(400);
      expect(((await right.json()) as { message: string }).message).toBe('CPF ou senha inválidos.');
    }
  });

  it('refuses on every call of both processes a token whose session was ended on the first', async () => {
    const who = DEMO.active;
    const { token } = (await (await post(first, 'auth', { cpf: who.cpf, senha: who.senha, cdEmpresaPlano: '1' })).json()) as {
      token: string;
    };
    const track = () =>
      fetch(`${second.base}portabilidade/acompanhamento?protocolo=${who.protocolo}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await track()).status).toBe(200);
    for (const server of [first, second]) expect(Object.values(await everyCallOverHttp(server.base, token, headers))).not.toContain(401);
    expect(await (await post(first, 'auth/sair', {}, { authorization: `Bearer ${token}` })).text()).toBe('OK');
    expect((await track()).status).toBe(401);
    for (const server of [first, second]) {
      const answers = await everyCallOverHttp(server.base, token, headers);
      expect(Object.keys(answers).length).toBeGreaterThan(15);
      for (const [call, status] of Object.entries(answers)) expect({ call, status }).toEqual({ call, status: 401 });
    }
  }, 60_000);

  it('refuses on both processes the document and receipt links of a session ended on the first (410, as expired)', async () => {
    const who = DEMO.analysis;
    const lookup = await fetch(`${second.base}portabilidade/acompanhamento?protocolo=${who.protocolo}`);
    const { token } = (await lookup.json()) as { token: string };
    const bearer = { authorization: `Bearer ${token}` };
    const listed = (await (
      await fetch(`${second.base}portabilidade/documento?protocolo=${who.protocolo}`, { headers: bearer })
    ).json()) as Array<{
      linkUrl: string;
    }>;
    const receipt = await (await fetch(`${second.base}portabilidade/comprovante?protocolo=${who.protocolo}`, { headers: bearer })).text();
    const links = [listed[0]?.linkUrl ?? '', receipt];
    for (const server of [first, second]) {
      for (const link of links) expect((await fetch(new URL(link, server.base))).status, link).toBe(200);
    }
    expect(await (await post(first, 'auth/sair', {}, bearer)).text()).toBe('OK');
    for (const server of [first, second]) {
      for (const link of links) expect((await fetch(new URL(link, server.base))).status, link).toBe(410);
    }
  });

  it('replays on the second process the answer of an Idempotency-Key first used on the first', async () => {
    const body = validRequest({ cpf: '52998224725' });
    const key = { 'idempotency-key': 'two-processes-key-1' };
    const original = await post(first, 'portabilidade', body, key);
    const retry = await post(second, 'portabilidade', body, key);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await original.json());
  });

  it('lets exactly one of many retries across both processes take over a claim whose process died', async () => {
    const login = { cpf: DEMO.status6Type1.cpf, senha: DEMO.status6Type1.senha, cdEmpresaPlano: '1' };
    const key = { 'idempotency-key': 'two-processes-dead-claim-1' };
    expect((await post(first, 'auth', login, key)).status).toBe(200);
    // What a process killed mid-call leaves: the claim without its answer, older than the lease.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(
      `UPDATE idempotency_keys SET nu_status_http = NULL, ds_tipo = NULL, ds_corpo = NULL, dt_criacao = now() - interval '2 minutes'
       WHERE ds_chave = $1`,
      [key['idempotency-key']],
    );
    await client.end();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => post(index % 2 ? second : first, 'auth', login, key)));
    const ran = answers.filter((answer) => answer.status === 200 && answer.headers.get('idempotent-replayed') === null);
    expect(ran).toHaveLength(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
  });
});
