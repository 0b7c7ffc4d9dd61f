/**
 * One real server per test file: in-memory PGlite, migrated and seeded like a first start,
 * files in a temp dir, and a clock the test can move. Requests go through `app.inject`
 * with the CSRF cookie and header a browser would send.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { PGLITE_SETTINGS, wrapPglite, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { saveInitdbTemplate } from '../../server/db/pglite-template.ts';
import { seed } from '../../server/seed/seed.ts';
import { DiskFileStore } from '../../server/services/file-store.ts';
import { newCsrfToken } from '../../server/http/security.ts';
import type { PortabilityRequest } from '../../contract/api.ts';

export const API = '/wslinhafrente/v1/';
export const SECRET = 'test-secret';
/** A CSRF token as the server issues them: signed with its secret. */
export const CSRF = newCsrfToken(SECRET);
/** A moment well inside business hours in Brasília (UTC-3). */
export const START = new Date('2025-03-10T13:00:00Z');

export const DEMO = {
  analysis: { protocolo: '48213907561238470015', cpf: '52998224725', senha: '470015' },
  status6Type1: { protocolo: '73051948260137584926', cpf: '34812695015', senha: '584926' },
  status6Type2: { protocolo: '19684027355102846631', cpf: '71520386435', senha: '846631' },
  loginRequired: { protocolo: '85520374916648203357', cpf: '86247103913', senha: '203357' },
  active: { protocolo: '60917283645520918842', cpf: '19037452680', senha: '918842' },
  plan2: { protocolo: '27406815593371620458', cpf: '47385920179', senha: '620458' },
  refused: { protocolo: '39502817466150372914', cpf: '40817356207', senha: '372914' },
} as const;

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  clock: { now: Date; advance(ms: number): void };
  get(path: string, options?: { token?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  post(
    path: string,
    body: unknown,
    options?: { token?: string; key?: string; headers?: Record<string, string>; csrf?: boolean },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server');

/** Changes whenever the schema or the seed could: then the template is made again. */
function templateKey(): string {
  const hash = createHash('sha256').update(START.toISOString());
  for (const dir of ['db/migrations', 'seed', 'services']) {
    for (const name of readdirSync(join(SERVER_DIR, dir)).sort()) {
      if (/\.(sql|ts)$/.test(name)) hash.update(name).update(readFileSync(join(SERVER_DIR, dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh embedded database takes seconds of CPU to initialise; a migrated and seeded one
 * is made once per machine (per schema/seed version) and each test file loads a copy of it.
 */
export async function template(): Promise<{ dump: Blob; filesDir: string }> {
  const dir = join(tmpdir(), `portabilidade-server-template-${templateKey()}`);
  if (!existsSync(join(dir, 'db.tar.gz'))) {
    const work = mkdtempSync(join(tmpdir(), 'portabilidade-template-work-'));
    const pglite = await PGlite.create();
    // Also gives the server's fresh starts (browser tests) a ready-made initdb.
    await saveInitdbTemplate(pglite);
    const db = wrapPglite(pglite);
    await migrate(db);
    await seed(db, new DiskFileStore(work), START);
    writeFileSync(join(work, 'db.tar.gz'), Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    await pglite.close();
    try {
      renameSync(work, dir);
    } catch {
      // Another test file made it first: theirs is as good as ours.
      rmSync(work, { recursive: true, force: true });
    }
  }
  return { dump: new Blob([readFileSync(join(dir, 'db.tar.gz'))]), filesDir: join(dir, 'files') };
}

/** The operator's backoffice command, in this process, on a test server's own database, data directory and clock. */
export function runCliOn(server: TestServer, args: readonly string[], io: CliIo): Promise<number> {
  return runCli(args, { db: server.db, dataDir: server.dataDir, io, clock: () => server.clock.now });
}

/** Every term to sign of the request signed now, as if clicked (the reading before it is not asked here). */
export async function signEveryTerm(server: TestServer, nuProtocolo: string): Promise<void> {
  await server.db.query(
    `INSERT INTO signatures (cd_file_documento, dt_assinatura)
     SELECT d.cd_file_documento, $2 FROM documents_to_sign d JOIN requests r USING (cd_solicitacao) WHERE r.nu_protocolo = $1
     ON CONFLICT DO NOTHING`,
    [nuProtocolo, server.clock.now],
  );
}

export async function startServer(extra: Partial<BuildAppOptions> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-test-'));
  const { dump, filesDir } = await template();
  cpSync(filesDir, join(dataDir, 'files'), { recursive: true });
  // The server's own engine settings, so the tests run the database the way it serves.
  const db = wrapPglite(await PGlite.create({ loadDataDir: dump, postgresqlconf: [...PGLITE_SETTINGS] }));
  const clock = {
    now: new Date(START),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = await buildApp({ db, dataDir, secret: SECRET, clock: () => clock.now, ...extra });
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    app,
    db,
    dataDir,
    clock,
    get: (path, options = {}) =>
      app.inject({ method: 'GET', url: `${API}${path}`, headers: { ...auth(options.token), ...options.headers } }),
    post: (path, body, options = {}) =>
      app.inject({
        method: 'POST',
        url: `${API}${path}`,
        headers: {
          'content-type': 'application/json',
          ...(options.csrf === false ? {} : { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF }),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
          ...auth(options.token),
          ...options.headers,
        },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function messageOf(response: LightMyRequestResponse): string {
  return (response.json() as { message: string }).message;
}

export async function loginToken(server: TestServer, who: { cpf: string; senha: string }, cdEmpresaPlano = '1'): Promise<string> {
  const response = await server.post('auth', { cpf: who.cpf, senha: who.senha, cdEmpresaPlano });
  return (response.json() as { token: string }).token;
}

/**
 * The server keeps one open request per CPF and ANS protocol (issue 27 item 6): each call
 * gets an ANS protocol of its own, so a test files as many as it likes; a test about that
 * rule passes the same `nu_protocolo_ans` itself.
 */
let ansProtocolsGiven = 0;
export function uniqueAnsProtocol(): string {
  ansProtocolsGiven += 1;
  return `1234567890${String(ansProtocolsGiven).padStart(10, '0')}`;
}

export function validRequest(overrides: Partial<PortabilityRequest> = {}): PortabilityRequest {
  return {
    tipo: '9',
    nu_protocolo_ans: uniqueAnsProtocol(),
    nu_protocolo: '',
    nome: 'JOSÉ DA SILVA',
    nm_mae: 'MARIA DA SILVA',
    cpf: '60491837240',
    dt_nascimento: '01/02/1980',
    cd_cep: '01310100',
    ds_endereco: 'AVENIDA PAULISTA',
    nu_endereco: '1000',
    ds_bairro: 'BELA VISTA',
    ds_cidade: 'SÃO PAULO',
    ds_uf: 'SP',
    ds_complemento: '',
    ops_origem: 'OPERADORA ANTIGA',
    plano_origem: 'PLANO ANTIGO',
    nu_ans_ops_origem: '123456',
    nu_ans_plano_origem: '987654321',
    area_plano: 'NACIONAL',
    dt_inicio: '01/01/2015',
    tp_contrato_origem: 'TITULAR',
    nu_ans_plano_destino: '481234561',
    plano_destino: 'VIDA PLENA ESSENCIAL ENFERMARIA',
    tp_contrato_destino: 'TITULAR',
    tp_port_destino: '3',
    fl_aceita_email: '1',
    contato: [
      { tp_contato: '1', ds_contato: '11987654321' },
      { tp_contato: '2', ds_contato: 'jose@example.com' },
    ],
    dependente: [{ id: 1, nome: 'PEDRO DA SILVA', nm_mae: 'ANA DA SILVA', dt_nasc: '05/06/2010', cpf: '', ds_parentesco: 'Filho(a)' }],
    cd_empresa_plano: '1',
    ...overrides,
  };
}

/** Smallest real files of each kind, base64. */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64'),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ).toString('base64'),
  text: Buffer.from('apenas um arquivo de texto renomeado\n').toString('base64'),
};

/** The text of a written message (.eml) as a mail client shows it: quoted-printable undone. */
export function readableMessage(message: string): string {
  return Buffer.from(
    message.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
