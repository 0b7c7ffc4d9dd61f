import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { BACKOFFICE_PATH, BACKOFFICE_SECRET_HEADER } from '../../server/routes/backoffice.ts';
import { removeServerFile, writeServerFile } from '../../server/server-file.ts';
import { DEMO, loginToken, startServer, template, validRequest, type TestServer } from './helpers.ts';

const SECRET = 'backoffice-test-secret-0123456789';
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startServer({ backofficeSecret: SECRET });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(async () => {
  removeServerFile(server.dataDir);
  await server.close();
});

function capture(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (text) => stdout.push(text), err: (text) => stderr.push(text) };
}

describe('backoffice commands on the database', () => {
  it('moves a request to status 3, creating its documents to sign and a history event, so login is then required', async () => {
    const io = capture();
    const code = await runCli(['set-status', DEMO.analysis.protocolo, '3', '--concordo', 'S', '--json'], {
      db: server.db,
      io,
      env: { DATA_DIR: server.dataDir },
      clock: () => server.clock.now,
    });
    expect(code).toBe(0);
    expect(JSON.parse(io.stdout[0] ?? '')).toMatchObject({
      nuProtocolo: DEMO.analysis.protocolo,
      flStatus: 3,
      flConcordo: 'S',
      exigeLogin: true,
    });
    const token = await loginToken(server, DEMO.analysis);
    const docs = (
      await server.get(`portabilidade/documento/assinatura?protocolo=${DEMO.analysis.protocolo}`, { token })
    ).json() as unknown[];
    expect(docs).toHaveLength(3);
    const history = (await server.get(`portabilidade/historico?protocolo=${DEMO.analysis.protocolo}`, { token })).json() as {
      eventos: Array<{ flStatus: number }>;
    };
    expect(history.eventos.map((event) => event.flStatus)).toEqual([1, 3]);
  });

  it('lists requests, shows one and lists the destination plans, as text or JSON', async () => {
    const list = capture();
    await runCli(['list', '--json'], { db: server.db, io: list });
    const requests = JSON.parse(list.stdout[0] ?? '[]') as Array<{ nuProtocolo: string; senha: string }>;
    expect(requests.find((request) => request.nuProtocolo === DEMO.status6Type1.protocolo)?.senha).toBe(DEMO.status6Type1.senha);

    const show = capture();
    await runCli(['show', DEMO.loginRequired.protocolo], { db: server.db, io: show });
    expect(show.stdout[0]).toMatch(/Histórico:[\s\S]*Documentos para assinar:[\s\S]*Proposta de Adesão/);

    const plans = capture();
    await runCli(['plans'], { db: server.db, io: plans });
    expect(plans.stdout[0]).toContain('481234561  VIDA PLENA ESSENCIAL ENFERMARIA');
  });

  it('shows a saved request with its dependents and contacts, so an operator can check what was filed', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'backoffice-show-dependents' })).json() as {
      nuProtocolo: string;
    };
    const show = capture();
    await runCli(['show', saved.nuProtocolo, '--json'], { db: server.db, io: show });
    const detail = JSON.parse(show.stdout[0] ?? '{}') as { dependentes: unknown[]; contatos: unknown[] };
    expect(detail.dependentes).toEqual([{ nome: 'PEDRO DA SILVA', nmMae: 'ANA DA SILVA', dtNasc: '05/06/2010', cpf: '' }]);
    expect(detail.contatos).toEqual([
      { tpContato: '1', dsContato: '11987654321' },
      { tpContato: '2', dsContato: 'jose@example.com' },
    ]);
  });

  it('explains bad usage and unknown statuses or protocols', async () => {
    const usage = capture();
    expect(await runCli(['set-status', DEMO.analysis.protocolo], { db: server.db, io: usage })).toBe(2);
    expect(usage.stderr[0]).toMatch(/flStatus[\s\S]*Uso:/);
    const status = capture();
    expect(await runCli(['set-status', DEMO.analysis.protocolo, '42'], { db: server.db, io: status })).toBe(1);
    expect(status.stderr[0]).toMatch(/Status 42 desconhecido/);
    const unknown = capture();
    expect(await runCli(['show', '123'], { db: server.db, io: unknown })).toBe(1);
    expect(unknown.stderr[0]).toBe('Protocolo 123 não encontrado.');
  });
});

describe('backoffice through a running server', () => {
  it('sends the command over loopback when DATA_DIR/server.json names a live server', async () => {
    writeServerFile(server.dataDir, { pid: process.pid, port, secret: SECRET });
    const io = capture();
    const code = await runCli(['set-status', DEMO.status6Type2.protocolo, '6', '--tipo', '1', '--json'], {
      io,
      env: { DATA_DIR: server.dataDir },
    });
    expect(code).toBe(0);
    const tracking = (await server.get(`portabilidade/acompanhamento?protocolo=${DEMO.status6Type2.protocolo}`)).json() as {
      cdStatusPort: number;
    };
    expect(tracking.cdStatusPort).toBe(1);
    removeServerFile(server.dataDir);
  });

  it('hides the backoffice route without the secret or from another address', async () => {
    const body = { cmd: 'list' };
    const noSecret = await server.app.inject({ method: 'POST', url: BACKOFFICE_PATH, payload: body });
    expect(noSecret.statusCode).toBe(404);
    const remote = await server.app.inject({
      method: 'POST',
      url: BACKOFFICE_PATH,
      payload: body,
      remoteAddress: '10.1.2.3',
      headers: { [BACKOFFICE_SECRET_HEADER]: SECRET },
    });
    expect(remote.statusCode).toBe(404);
    const local = await server.app.inject({
      method: 'POST',
      url: BACKOFFICE_PATH,
      payload: body,
      headers: { [BACKOFFICE_SECRET_HEADER]: SECRET },
    });
    expect(local.statusCode).toBe(200);
  });

  it("purges through the server with the server's RETENTION_DAYS (365 by default) and clock", async () => {
    const attached = () =>
      server.db.query<{ nm_armazenado: string }>(
        'SELECT d.nm_armazenado FROM uploaded_documents d JOIN requests r USING (cd_solicitacao) WHERE r.nu_protocolo = $1',
        [DEMO.active.protocolo],
      );
    const [rg] = await attached();
    expect(rg).toBeDefined();
    writeServerFile(server.dataDir, { pid: process.pid, port, secret: SECRET });
    try {
      // The active contract closed two days before the seed: 364 days ago, then 366.
      server.clock.advance(362 * 24 * 60 * 60 * 1000);
      const early = capture();
      expect(await runCli(['purge', '--json'], { io: early, env: { DATA_DIR: server.dataDir, RETENTION_DAYS: '1' } })).toBe(0);
      expect(JSON.parse(early.stdout[0] ?? '{}')).toMatchObject({ diasDeRetencao: 365, solicitacoes: 0 });
      expect(await attached()).toHaveLength(1);

      server.clock.advance(2 * 24 * 60 * 60 * 1000);
      const io = capture();
      expect(await runCli(['purge'], { io, env: { DATA_DIR: server.dataDir } })).toBe(0);
      expect(io.stdout[0]).toMatch(/^Expurgo LGPD \(solicitações encerradas há mais de 365 dias\): 1 solicitação, [1-9]\d* arquivos?, /);
      expect(await attached()).toEqual([]);
      expect(existsSync(join(server.dataDir, 'files', rg?.nm_armazenado ?? ''))).toBe(false);
    } finally {
      removeServerFile(server.dataDir);
    }
  });
});

describe('backoffice on a data directory', () => {
  it('opens the embedded database in DATA_DIR itself when no server holds it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portabilidade-cli-'));
    try {
      const { dump, filesDir } = await template();
      cpSync(filesDir, join(dataDir, 'files'), { recursive: true });
      const prepared = await PGlite.create({ dataDir: join(dataDir, 'pglite'), loadDataDir: dump });
      await prepared.close();

      const change = capture();
      expect(await runCli(['set-status', DEMO.plan2.protocolo, '6', '--tipo', '2'], { io: change, env: { DATA_DIR: dataDir } })).toBe(0);
      expect(change.stdout[0]).toMatch(/^Atualizado: 27406815593371620458 .*status 6 .*cdStatusPort 2/);
      const show = capture();
      await runCli(['show', DEMO.plan2.protocolo, '--json'], { io: show, env: { DATA_DIR: dataDir } });
      const detail = JSON.parse(show.stdout[0] ?? '{}') as { flStatus: number; historico: Array<{ origem: string }> };
      expect(detail.flStatus).toBe(6);
      expect(detail.historico.at(-1)?.origem).toBe('backoffice');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
