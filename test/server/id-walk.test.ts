/**
 * Access by knowledge, never by counting (issue 11): an attacker walks the internal ids
 * 1–50 on every call that takes one, anonymously and with tokens of another protocol (the
 * tokens its own request earned: the save's, the lookup's, the login's). Every answer is 4xx,
 * the same whether the id exists or not, and no stored row nor file changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStatus } from '../../server/services/requests.ts';
import { DiskFileStore } from '../../server/services/file-store.ts';
import { issueToken } from '../../server/services/tokens.ts';
import { startServer, validRequest, type TestServer } from './helpers.ts';

let server: TestServer;
/** The attacker's own request: its ids lie outside 1–50, so every walked id is someone else's. */
let own: { nuProtocolo: string; cdSolicitacao: number };
let identities: Record<string, string | undefined>;

async function snapshotRows(): Promise<string> {
  const tables = await server.db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  const dump: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await server.db.query<Record<string, unknown>>(`SELECT * FROM "${name}"`);
    dump[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(dump);
}

function snapshotFiles(dir = join(server.dataDir, 'files')): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return snapshotFiles(path).map((entry) => `${name}/${entry}`);
      return [`${name} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`];
    });
}

beforeAll(async () => {
  server = await startServer();
  await server.db.query("SELECT setval('requests_cd_solicitacao_seq', 1000)");
  // No protocol e-mail: its delivery would change outbox_emails while the rows are compared.
  const saved = (await server.post('portabilidade', validRequest({ fl_aceita_email: '0' }))).json() as {
    nuProtocolo: string;
    cdSolicitacao: number;
    token: string;
  };
  own = saved;
  const lookup = (await server.get(`portabilidade/acompanhamento?protocolo=${saved.nuProtocolo}`)).json() as { token: string };
  // Status 6 gives the attacker's request a login too (password = last 6 digits).
  await changeStatus(server.db, new DiskFileStore(server.dataDir), saved.cdSolicitacao, { flStatus: 6 }, 'backoffice', server.clock.now);
  const login = (
    await server.post('auth', { cpf: validRequest().cpf, senha: saved.nuProtocolo.slice(-6), cdEmpresaPlano: '1' })
  ).json() as { token: string };
  expect(login.token).not.toBe('');
  identities = {
    'no token': undefined,
    'free token': 'free',
    'token signed with another secret': issueToken('48213907561238470015', server.clock.now, 'not-the-secret', 'login'),
    'token of the save of another request': saved.token,
    'token of the lookup of another protocol': lookup.token,
    'login token of another protocol': login.token,
  };
}, 60_000);
afterAll(() => server.close());

interface Probe {
  call: string;
  send(id: number, token: string | undefined): Promise<LightMyRequestResponse>;
}

const PROBES: Probe[] = [
  { call: 'POST finaliza', send: (id, token) => server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: id }, { token }) },
  ...(['N', 'D', 'I'] as const).flatMap((kind) =>
    (['S', 'N'] as const).map((ciente): Probe => ({
      call: `POST aceite ${kind}/${ciente}`,
      send: (id, token) =>
        server.post('portabilidade/utils/documento/aceite', { tipo: '9', fl_ciente: ciente, fl_tipo: kind, cd_solicitacao: id }, { token }),
    })),
  ),
  { call: 'GET documento/assina', send: (id, token) => server.get(`portabilidade/documento/assina?cdDocumento=${id}`, { token }) },
  {
    call: 'POST documento/assinatura',
    send: (id, token) => server.post('portabilidade/documento/assinatura', { cdFileDocumento: id }, { token }),
  },
];

describe('walking internal ids 1–50', () => {
  it('gets a 4xx on every call, the same answer whether the id exists or not, and changes no row nor file', async () => {
    // The walk is worth something: these ids do exist (the demo requests and their terms).
    const [existing] = await server.db.query<{ requests: number; documents: number }>(
      'SELECT (SELECT count(*)::int FROM requests WHERE cd_solicitacao <= 50) AS requests, (SELECT count(*)::int FROM documents_to_sign WHERE cd_file_documento <= 50) AS documents',
    );
    expect(existing?.requests).toBeGreaterThanOrEqual(6);
    expect(existing?.documents).toBeGreaterThanOrEqual(3);
    const rowsBefore = await snapshotRows();
    const filesBefore = snapshotFiles();

    const answers = new Map<string, Set<string>>();
    const wrong: string[] = [];
    for (const probe of PROBES) {
      for (const [who, token] of Object.entries(identities)) {
        for (let id = 1; id <= 50; id += 1) {
          const response = await probe.send(id, token);
          if (response.statusCode < 400 || response.statusCode >= 500)
            wrong.push(`${probe.call} id ${id} (${who}): ${response.statusCode} ${response.body}`);
          const key = `${probe.call} (${who})`;
          answers.set(key, (answers.get(key) ?? new Set()).add(`${response.statusCode} ${response.body}`));
        }
      }
    }
    expect(wrong).toEqual([]);
    for (const [key, bodies] of answers) expect([...bodies], key).toHaveLength(1);
    expect(await snapshotRows()).toBe(rowsBefore);
    expect(snapshotFiles()).toEqual(filesBefore);
  }, 120_000);

  it('still lets the owner of a request use its own ids (the refusals above are not a blanket no)', async () => {
    const link = await server.post(
      'portabilidade/utils/documento/aceite',
      { tipo: '9', fl_ciente: 'S', fl_tipo: 'I', cd_solicitacao: own.cdSolicitacao },
      { token: identities['token of the save of another request'] },
    );
    expect(link.statusCode).toBe(200);
    expect(link.body).toMatch(/^\/wslinhafrente\/v1\/arquivos\/[a-f0-9]{32}\.pdf\?expira=\d+&sessao=[\w-]{22}&assinatura=[\w-]{22}$/);
  });
});
