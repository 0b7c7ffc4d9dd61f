import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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

  it('prints names written before control characters were refused as escapes: nothing acts on the terminal', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'backoffice-escape-0001' })).json() as {
      nuProtocolo: string;
      cdSolicitacao: number;
    };
    // Written straight into the database: the contract refuses these now (ESC[2K erases the
    // line, OSC 52 writes the clipboard, CSI in C1, a bidi override, a line break faking a row).
    const hostile = 'JOSÉ\u001b[2K\u001b]52;c;ZWNobyBwd25lZA==\u0007\u009b31m\u202eSAVLIS\nFALSA LINHA';
    await server.db.query('UPDATE requests SET nome = $2 WHERE cd_solicitacao = $1', [saved.cdSolicitacao, hostile]);
    await server.db.query('UPDATE dependents SET nome = $2 WHERE cd_solicitacao = $1', [saved.cdSolicitacao, hostile]);
    await server.db.query("UPDATE contacts SET ds_contato = $2 WHERE cd_solicitacao = $1 AND tp_contato = '2'", [
      saved.cdSolicitacao,
      hostile,
    ]);
    // eslint-disable-next-line no-control-regex -- what must not reach the terminal
    const acting = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    for (const args of [['list'], ['show', saved.nuProtocolo], ['list', '--json'], ['show', saved.nuProtocolo, '--json']]) {
      const io = capture();
      expect(await runCli(args, { db: server.db, io })).toBe(0);
      const out = io.stdout.join('\n');
      expect(out, args.join(' ')).not.toMatch(acting);
      expect(out, args.join(' ')).toContain('\\u001b[2K');
      // The name's line break is no new line of the listing.
      expect(
        out.split('\n').some((line) => line.startsWith('FALSA LINHA')),
        args.join(' '),
      ).toBe(false);
    }
    // The JSON still says exactly what is stored.
    const json = capture();
    await runCli(['show', saved.nuProtocolo, '--json'], { db: server.db, io: json });
    const detail = JSON.parse(json.stdout[0] ?? '{}') as { nome: string; dependentes: Array<{ nome: string }> };
    expect(detail.nome).toBe(hostile);
    expect(detail.dependentes[0]?.nome).toBe(hostile);
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

  it('is not in the public OpenAPI, though this server has the door', async () => {
    const document = (await server.get('openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).some((path) => path.includes('_backoffice'))).toBe(false);
    expect(JSON.stringify(document)).not.toContain('x-backoffice-secret');
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
