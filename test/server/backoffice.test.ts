import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { BACKOFFICE_PATH, BACKOFFICE_SECRET_HEADER } from '../../server/routes/backoffice.ts';
import { removeServerFile, writeServerFile } from '../../server/server-file.ts';
import { DEMO, loginToken, signEveryTerm, startServer, template, validRequest, type TestServer, runCliOn } from './helpers.ts';

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
    const code = await runCliOn(server, ['set-status', DEMO.analysis.protocolo, '3', '--concordo', 'S', '--json'], io);
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
    await runCli(['list', '--json'], { db: server.db, dataDir: server.dataDir, io: list });
    const requests = JSON.parse(list.stdout[0] ?? '[]') as Array<{ nuProtocolo: string; senha: string }>;
    expect(requests.find((request) => request.nuProtocolo === DEMO.status6Type1.protocolo)?.senha).toBe(DEMO.status6Type1.senha);

    const show = capture();
    await runCli(['show', DEMO.loginRequired.protocolo], { db: server.db, dataDir: server.dataDir, io: show });
    expect(show.stdout[0]).toMatch(/Histórico:[\s\S]*Documentos para assinar:[\s\S]*Proposta de Adesão/);

    const plans = capture();
    await runCli(['plans'], { db: server.db, dataDir: server.dataDir, io: plans });
    expect(plans.stdout[0]).toContain('481234561  VIDA PLENA ESSENCIAL ENFERMARIA');
  });

  it("says in list and show which answer a status 6 holds, as the portal's status does", async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'backoffice-answer-shown' })).json() as {
      nuProtocolo: string;
    };
    const text = async (...args: string[]) => {
      const io = capture();
      expect(await runCliOn(server, args, io)).toBe(0);
      return io.stdout.join('\n');
    };
    expect(await text('set-status', saved.nuProtocolo, '6', '--tipo', '1')).toContain('status 6 (Aguardando sua confirmação)  ');
    expect(await text('set-status', saved.nuProtocolo, '6', '--concordo', 'S')).toContain(
      'status 6 (Aguardando sua confirmação — resposta: Estou de acordo)',
    );
    const line = (await text('list')).split('\n').find((row) => row.startsWith(saved.nuProtocolo));
    expect(line).toContain('status 6 (Aguardando sua confirmação — resposta: Estou de acordo)');
    expect(await text('show', saved.nuProtocolo)).toContain('status 6 (Aguardando sua confirmação — resposta: Estou de acordo)');
    await text('set-status', saved.nuProtocolo, '6', '--concordo', 'N');
    expect(await text('show', saved.nuProtocolo)).toContain('status 6 (Aguardando sua confirmação — resposta: Não aceito)');
  });

  it('shows a saved request with its dependents and contacts, so an operator can check what was filed', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'backoffice-show-dependents' })).json() as {
      nuProtocolo: string;
    };
    const show = capture();
    await runCli(['show', saved.nuProtocolo, '--json'], { db: server.db, dataDir: server.dataDir, io: show });
    const detail = JSON.parse(show.stdout[0] ?? '{}') as { dependentes: unknown[]; contatos: unknown[] };
    expect(detail.dependentes).toEqual([
      { nome: 'PEDRO DA SILVA', nmMae: 'ANA DA SILVA', dtNasc: '05/06/2010', cpf: '', parentesco: 'Filho(a)' },
    ]);
    const text = capture();
    await runCli(['show', saved.nuProtocolo], { db: server.db, dataDir: server.dataDir, io: text });
    expect(text.stdout[0]).toContain('PEDRO DA SILVA (Filho(a))');
    // What the holder filed, beyond name and CPF: checked against the documents without the database.
    expect(text.stdout[0]).toContain('Titular: mãe MARIA DA SILVA  nascimento 01/02/1980');
    expect(text.stdout[0]).toContain('Endereço: AVENIDA PAULISTA, 1000 - BELA VISTA - SÃO PAULO/SP  CEP 01310100');
    expect(text.stdout[0]).toContain(
      'Plano de origem: PLANO ANTIGO (987654321) da OPERADORA ANTIGA (123456)  abrangência NACIONAL  início 01/01/2015  contratação TITULAR',
    );
    expect(text.stdout[0]).toContain('Avisos: e-mail sim  SMS não');
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
      expect(await runCli(args, { db: server.db, dataDir: server.dataDir, io })).toBe(0);
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
    await runCli(['show', saved.nuProtocolo, '--json'], { db: server.db, dataDir: server.dataDir, io: json });
    const detail = JSON.parse(json.stdout[0] ?? '{}') as { nome: string; dependentes: Array<{ nome: string }> };
    expect(detail.nome).toBe(hostile);
    expect(detail.dependentes[0]?.nome).toBe(hostile);
  });

  it('explains bad usage and unknown statuses or protocols', async () => {
    const usage = capture();
    expect(await runCli(['set-status', DEMO.analysis.protocolo], { db: server.db, dataDir: server.dataDir, io: usage })).toBe(2);
    expect(usage.stderr[0]).toMatch(/flStatus[\s\S]*Uso:/);
    const status = capture();
    expect(await runCli(['set-status', DEMO.analysis.protocolo, '42'], { db: server.db, dataDir: server.dataDir, io: status })).toBe(1);
    expect(status.stderr[0]).toMatch(/Status 42 desconhecido/);
    const unknown = capture();
    expect(await runCli(['show', '123'], { db: server.db, dataDir: server.dataDir, io: unknown })).toBe(1);
    expect(unknown.stderr[0]).toBe('Protocolo 123 não encontrado.');
  });

  it('refuses unknown flags, arguments too many and a status that is not plain digits (exit 2, named), changing nothing', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'backoffice-strict-args' })).json() as { nuProtocolo: string };
    const cases: Array<[string[], RegExp]> = [
      // A typo of --motivo: the refusal would go out without its reason.
      [['set-status', saved.nuProtocolo, '4', '--motiv', 'Carência'], /Opção desconhecida: "--motiv"/],
      [['set-status', saved.nuProtocolo, '4', 'Carência não cumprida'], /Argumento a mais para set-status: "Carência não cumprida"/],
      [['set-status', saved.nuProtocolo, ' 3'], /só dígitos[\s\S]*" 3"/],
      [['set-status', saved.nuProtocolo, '0x3'], /só dígitos[\s\S]*"0x3"/],
      [['set-status', saved.nuProtocolo, '1e0'], /só dígitos[\s\S]*"1e0"/],
      [['set-status', saved.nuProtocolo, '3.0'], /só dígitos/],
      [['set-status', saved.nuProtocolo, '4', '--motivo', 'Um', '--motivo', 'Dois'], /--motivo foi informado mais de uma vez/],
      [['show', saved.nuProtocolo, '--plano', '481234561'], /--plano não vale com o comando show/],
      [['list', 'tudo'], /Argumento a mais para list: "tudo"/],
      [['contato', '1', '--telefon', '0800 000 0000'], /Opção desconhecida: "--telefon"/],
    ];
    for (const args of cases) {
      const io = capture();
      expect(await runCli(args[0], { db: server.db, dataDir: server.dataDir, io }), args[0].join(' ')).toBe(2);
      expect(io.stderr.join('\n'), args[0].join(' ')).toMatch(args[1]);
      expect(io.stderr.join('\n')).toContain('Uso:');
    }
    const show = capture();
    await runCli(['show', saved.nuProtocolo, '--json'], { db: server.db, dataDir: server.dataDir, io: show });
    expect(JSON.parse(show.stdout[0] ?? '{}')).toMatchObject({ flStatus: 1, historico: [{ flStatus: 1 }] });
  });
});

describe("set-status records the operator's decision", () => {
  const run = async (...args: string[]) => {
    const io = capture();
    const code = await runCliOn(server, args, io);
    return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
  };
  const fileOne = async (key: string) =>
    ((await server.post('portabilidade', validRequest(), { key })).json() as { nuProtocolo: string }).nuProtocolo;

  it('sets plan, start, price and last day to cancel with status 6, shows them, and keeps those not given on a later change', async () => {
    const protocolo = await fileOne('decision-facts');
    const set = await run(
      'set-status',
      protocolo,
      '6',
      '--tipo',
      '1',
      '--plano',
      '481234562',
      '--inicio',
      '01/04/2025',
      '--valor',
      'R$ 1.049,9',
      '--cancelar-ate',
      '06/04/2025',
    );
    expect(set.code).toBe(0);
    expect(set.out).toContain(
      'Decisão da operadora: plano VIDA PLENA MAIS APARTAMENTO (481234562)  início 01/04/2025  mensalidade R$ 1.049,90  cancelar o plano anterior até 06/04/2025',
    );
    // Only the price changes; the rest stays.
    expect((await run('set-status', protocolo, '6', '--valor', '999,99')).code).toBe(0);
    const show = await run('show', protocolo, '--json');
    expect((JSON.parse(show.out) as { decisao: unknown }).decisao).toEqual({
      nuRegistroPlano: '481234562',
      nmPlano: 'VIDA PLENA MAIS APARTAMENTO',
      dtInicioCobertura: '01/04/2025',
      vlMensalidadeCentavos: 99999,
      dtLimiteCancelamento: '06/04/2025',
      dsMotivo: null,
    });
    expect((await run('show', protocolo)).out).toContain('mensalidade R$ 999,99');
  });

  it("records a refusal's reason, and says 'nada informado' for a request without a decision", async () => {
    const protocolo = await fileOne('decision-reason');
    expect((await run('show', protocolo)).out).toContain('Decisão da operadora: nada informado');
    const refused = await run('set-status', protocolo, '4', '--motivo', '  Documentação do plano de origem ilegível.  ');
    expect(refused.code).toBe(0);
    expect(refused.out).toContain('motivo: Documentação do plano de origem ilegível.');
    const reasonOf = async () =>
      ((await server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`)).json() as { dsMotivo?: string }).dsMotivo;
    expect(await reasonOf()).toBe('Documentação do plano de origem ilegível.');
    // A refusal's reason is not a later cancellation's: another status forgets it, unless given a new one.
    expect((await run('set-status', protocolo, '5', '--reabrir')).code).toBe(0);
    expect(await reasonOf()).toBeUndefined();
    expect((await run('set-status', protocolo, '5', '--motivo', 'Pedido do beneficiário por telefone.')).code).toBe(0);
    expect((await run('set-status', protocolo, '5')).code).toBe(0); // the same status again keeps it
    expect(await reasonOf()).toBe('Pedido do beneficiário por telefone.');
  });

  it('refuses each malformed flag with a pt-BR message and the usage, changing nothing', async () => {
    const protocolo = await fileOne('decision-bad-flags');
    const cases: Array<[string[], RegExp]> = [
      [['6', '--plano', '48A'], /--plano deve ser o registro ANS/],
      [['6', '--inicio', '31/02/2025'], /--inicio deve ser a data de início da cobertura no formato dd\/mm\/aaaa/],
      [['6', '--inicio', '2025-04-01'], /--inicio deve ser/],
      [['6', '--valor', '12.5'], /--valor deve ser a mensalidade em reais/],
      [['6', '--valor', '0,00'], /maior que zero/],
      [['6', '--valor', '100.000,01'], /até R\$ 100\.000,00/],
      [['6', '--cancelar-ate', '1/4/2025'], /--cancelar-ate deve ser o último dia/],
      [['4', '--motivo', ''], /--motivo deve ter de 1 a 500 caracteres/],
      // Invisible marks alone are no reason (the portal showed a blank one).
      [['4', '--motivo', '\u200b\u200b'], /--motivo deve ter de 1 a 500 caracteres, com ao menos uma letra ou um número/],
      [['4', '--motivo', 'x'.repeat(501)], /--motivo deve ter de 1 a 500/],
      [['4', '--motivo', 'linha\noutra'], /sem quebras de linha/],
      [['4', '--valor', '100,00'], /valem só com os status 3, 6 e 7/],
      [['6', '--motivo', 'Sem motivo'], /--motivo vale só com os status 4 \(Recusada\) e 5 \(Cancelada\)/],
      [['6', '--inicio'], /Falta o valor de --inicio/],
    ];
    for (const [args, message] of cases) {
      const result = await run('set-status', protocolo, ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
      expect(result.err).toContain('Uso:');
    }
    expect((JSON.parse((await run('show', protocolo, '--json')).out) as { flStatus: number }).flStatus).toBe(1);
  });

  it('changes neither the status nor the facts when the plan is unknown or the last day comes before the start', async () => {
    const protocolo = await fileOne('decision-rollback');
    const unknownPlan = await run('set-status', protocolo, '6', '--plano', '123456789', '--valor', '100,00');
    expect(unknownPlan.code).toBe(1);
    expect(unknownPlan.err).toBe('Plano de destino 123456789 não cadastrado. Veja os planos com o comando plans.');
    expect((await run('set-status', protocolo, '3', '--inicio', '10/04/2025')).code).toBe(0);
    const early = await run('set-status', protocolo, '6', '--cancelar-ate', '09/04/2025');
    expect(early.code).toBe(1);
    expect(early.err).toMatch(/--cancelar-ate \(09\/04\/2025\) não pode ser antes do início da cobertura \(10\/04\/2025\)/);
    const detail = JSON.parse((await run('show', protocolo, '--json')).out) as {
      flStatus: number;
      historico: unknown[];
      decisao: { vlMensalidadeCentavos: number | null; dtLimiteCancelamento: string | null };
    };
    expect(detail.flStatus).toBe(3);
    expect(detail.historico).toHaveLength(2); // filed, then 3: the refused changes wrote nothing
    expect(detail.decisao).toMatchObject({ vlMensalidadeCentavos: null, dtLimiteCancelamento: null });
  });
});

describe('set-status keeps the operator free, but not past the signatures nor out of a closed request by a slip', () => {
  const run = async (...args: string[]) => {
    const io = capture();
    const code = await runCliOn(server, args, io);
    return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
  };
  const statusOf = async (protocolo: string) => (JSON.parse((await run('show', protocolo, '--json')).out) as { flStatus: number }).flStatus;

  it('moves 3 to 7 only once every document to sign is signed', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'transition-signatures' })).json() as {
      nuProtocolo: string;
      cdSolicitacao: number;
    };
    expect((await run('set-status', saved.nuProtocolo, '3')).code).toBe(0);
    const early = await run('set-status', saved.nuProtocolo, '7');
    expect(early.code).toBe(1);
    expect(early.err).toMatch(
      /só passa de 3 \(Aceita - aguardando assinatura dos documentos\) a 7 \(Contrato ativo\) depois que o beneficiário assinar todos os documentos; falta assinar: Proposta de Adesão, /,
    );
    expect(await statusOf(saved.nuProtocolo)).toBe(3);
    const documents = await server.db.query<{ cd_file_documento: number }>(
      'SELECT cd_file_documento FROM documents_to_sign WHERE cd_solicitacao = $1 ORDER BY cd_file_documento',
      [saved.cdSolicitacao],
    );
    for (const [index, document] of documents.entries()) {
      // One left unsigned still holds it.
      if (index === documents.length - 1) expect((await run('set-status', saved.nuProtocolo, '7')).code).toBe(1);
      await server.db.query('INSERT INTO signatures (cd_file_documento, dt_assinatura) VALUES ($1, $2)', [
        document.cd_file_documento,
        server.clock.now,
      ]);
    }
    expect((await run('set-status', saved.nuProtocolo, '7')).code).toBe(0);
    expect(await statusOf(saved.nuProtocolo)).toBe(7);
  });

  it("keeps a request whose person answered 'Não aceito' out of 3 and 7 until an answer or the conditions change", async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'transition-refused' })).json() as { nuProtocolo: string };
    expect((await run('set-status', saved.nuProtocolo, '6', '--tipo', '1', '--plano', '481234561', '--valor', '300,00')).code).toBe(0);
    const shown = (await server.get(`portabilidade/acompanhamento?protocolo=${saved.nuProtocolo}`)).json() as {
      cdSolicitacao: number;
      token: string;
    };
    const refused = await server.post(
      'portabilidade/utils/documento/aceite',
      { tipo: '9', fl_ciente: 'N', fl_tipo: 'D', cd_solicitacao: shown.cdSolicitacao },
      { token: shown.token },
    );
    expect(refused.statusCode).toBe(200);
    for (const target of ['3', '7']) {
      const moved = await run('set-status', saved.nuProtocolo, target);
      expect(moved.code, target).toBe(1);
      expect(moved.err, target).toMatch(/O beneficiário respondeu 'Não aceito' às condições da decisão: a solicitação não vai a [37] /);
      expect(moved.err, target).toMatch(/--concordo S/);
    }
    // Nothing of the refused command stayed: no new facts, no event.
    expect(await statusOf(saved.nuProtocolo)).toBe(6);
    expect((await run('set-status', saved.nuProtocolo, '3', '--valor', '250,00')).code).toBe(1);
    const facts = JSON.parse((await run('show', saved.nuProtocolo, '--json')).out) as { decisao: { vlMensalidadeCentavos?: number } };
    expect(facts.decisao.vlMensalidadeCentavos).toBe(30_000);
    // The person's change of mind, recorded by the operator, lets it go on.
    expect((await run('set-status', saved.nuProtocolo, '3', '--concordo', 'S')).code).toBe(0);
    expect(await statusOf(saved.nuProtocolo)).toBe(3);
  });

  it("refuses --concordo N on a type 2 decision, which asks only for 'Estou ciente' (exit 2, saying so), changing nothing", async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'transition-type-two-refusal' })).json() as {
      nuProtocolo: string;
    };
    expect((await run('set-status', saved.nuProtocolo, '6', '--tipo', '2')).code).toBe(0);
    const refused = await run('set-status', saved.nuProtocolo, '6', '--concordo', 'N');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/tipo 2 o beneficiário só dá ciência da decisão \('Estou ciente'\): não há 'Não aceito' a registrar/);
    // Nor given with the type in the same command; type 1 takes it.
    expect((await run('set-status', saved.nuProtocolo, '6', '--tipo', '2', '--concordo', 'N')).code).toBe(2);
    const shown = JSON.parse((await run('show', saved.nuProtocolo, '--json')).out) as { flConcordo: string | null };
    expect(shown.flConcordo).toBeNull();
    expect((await run('set-status', saved.nuProtocolo, '6', '--concordo', 'S')).code).toBe(0);
    expect((await run('set-status', saved.nuProtocolo, '6', '--tipo', '1', '--concordo', 'N')).code).toBe(0);
  });

  it('refuses new facts that a term already signed states, and keeps the request as it was', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'transition-signed-facts' })).json() as {
      nuProtocolo: string;
    };
    expect((await run('set-status', saved.nuProtocolo, '3', '--plano', '481234561', '--valor', '999,00')).code).toBe(0);
    await signEveryTerm(server, saved.nuProtocolo);
    const repriced = await run('set-status', saved.nuProtocolo, '3', '--valor', '1.111,00');
    expect(repriced.code).toBe(1);
    expect(repriced.err).toMatch(/O beneficiário já assinou 'Proposta de Adesão'.* com as condições de antes/);
    // Through 6 and back: the same signed terms, the same refusal.
    expect((await run('set-status', saved.nuProtocolo, '6', '--valor', '1.111,00')).code).toBe(0);
    expect((await run('set-status', saved.nuProtocolo, '3', '--concordo', 'S')).code).toBe(1);
    expect((await run('set-status', saved.nuProtocolo, '6', '--valor', '999,00')).code).toBe(0);
    expect((await run('set-status', saved.nuProtocolo, '3', '--concordo', 'S')).code).toBe(0);
    expect((await run('set-status', saved.nuProtocolo, '7')).code).toBe(0);
    const facts = JSON.parse((await run('show', saved.nuProtocolo, '--json')).out) as { decisao: { vlMensalidadeCentavos?: number } };
    expect(facts.decisao.vlMensalidadeCentavos).toBe(99_900);
  });

  it('leaves a closed status (4, 5, 7) for another only with --reabrir (exit 2 without it, saying so)', async () => {
    const saved = (await server.post('portabilidade', validRequest(), { key: 'transition-reopen' })).json() as { nuProtocolo: string };
    expect((await run('set-status', saved.nuProtocolo, '4', '--motivo', 'Carência não cumprida')).code).toBe(0);
    for (const target of ['1', '5', '6']) {
      const slip = await run('set-status', saved.nuProtocolo, target);
      expect(slip.code, target).toBe(2);
      expect(slip.err).toMatch(
        /A solicitação está encerrada \(4 Recusada\)\. Para levá-la a \d .*confirme que ela deve ser reaberta com --reabrir\./,
      );
    }
    expect(await statusOf(saved.nuProtocolo)).toBe(4);
    // The same closed status again is no reopening.
    expect((await run('set-status', saved.nuProtocolo, '4')).code).toBe(0);
    expect((await run('set-status', saved.nuProtocolo, '1', '--reabrir')).code).toBe(0);
    expect(await statusOf(saved.nuProtocolo)).toBe(1);
    // Through the loopback door too: a usage error there, the flag as `reabrir: true`.
    expect((await run('set-status', saved.nuProtocolo, '5')).code).toBe(0);
    const post = (body: Record<string, unknown>) =>
      server.app.inject({
        method: 'POST',
        url: BACKOFFICE_PATH,
        payload: { cmd: 'set-status', protocolo: saved.nuProtocolo, flStatus: 1, ...body },
        headers: { [BACKOFFICE_SECRET_HEADER]: SECRET },
        remoteAddress: '127.0.0.1',
      });
    const refused = await post({});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ uso: true, message: expect.stringMatching(/--reabrir/) });
    expect((await post({ reabrir: 'sim' })).statusCode).toBe(400);
    expect((await post({ reabrir: true })).statusCode).toBe(200);
    expect(await statusOf(saved.nuProtocolo)).toBe(1);
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

  it("warns on stderr that the CLI's PUBLIC_URL does not apply when the running server has another", async () => {
    const run = async (publicUrl: string | null | undefined, env: Record<string, string>) => {
      writeServerFile(server.dataDir, { pid: process.pid, port, secret: SECRET, ...(publicUrl !== undefined ? { publicUrl } : {}) });
      const io = capture();
      const code = await runCli(['set-status', DEMO.status6Type2.protocolo, '6'], { io, env: { DATA_DIR: server.dataDir, ...env } });
      removeServerFile(server.dataDir);
      expect(code).toBe(0);
      return io.stderr.join('\n');
    };
    expect(await run(null, { PUBLIC_URL: 'https://portal.exemplo.com.br' })).toMatch(
      /^Aviso: o PUBLIC_URL deste comando \(https:\/\/portal\.exemplo\.com\.br\) não vale aqui: o servidor em execução \(porta \d+\) faz os links das mensagens com nenhum PUBLIC_URL/,
    );
    expect(await run('https://outro.exemplo.com.br', { PUBLIC_URL: 'https://portal.exemplo.com.br' })).toContain(
      'com o PUBLIC_URL dele (https://outro.exemplo.com.br)',
    );
    expect(await run(undefined, { PUBLIC_URL: 'https://portal.exemplo.com.br' })).toContain('com o PUBLIC_URL dele.');
    // The same setting, or none given: nothing to say.
    expect(await run('https://portal.exemplo.com.br', { PUBLIC_URL: 'https://portal.exemplo.com.br' })).toBe('');
    expect(await run(null, {})).toBe('');
  });

  it("sends the operator's decision over loopback too, and the server checks it again", async () => {
    writeServerFile(server.dataDir, { pid: process.pid, port, secret: SECRET });
    const io = capture();
    const args = ['set-status', DEMO.status6Type2.protocolo, '6', '--inicio', '02/04/2025', '--cancelar-ate', '07/04/2025', '--json'];
    expect(await runCli(args, { io, env: { DATA_DIR: server.dataDir } })).toBe(0);
    expect((JSON.parse(io.stdout[0] ?? '{}') as { decisao: unknown }).decisao).toMatchObject({
      dtInicioCobertura: '02/04/2025',
      dtLimiteCancelamento: '07/04/2025',
    });
    removeServerFile(server.dataDir);
    const post = (decisao: unknown) =>
      server.app.inject({
        method: 'POST',
        url: BACKOFFICE_PATH,
        payload: { cmd: 'set-status', protocolo: DEMO.status6Type2.protocolo, flStatus: 6, decisao },
        headers: { [BACKOFFICE_SECRET_HEADER]: SECRET },
      });
    const badDate = await post({ inicio: '32/01/2025' });
    expect(badDate.statusCode).toBe(400);
    expect((badDate.json() as { message: string }).message).toMatch(/--inicio deve ser/);
    expect((await post({ valor: 12 })).statusCode).toBe(400);
    expect((await post('x')).statusCode).toBe(400);
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
      expect(io.stdout[0]).toMatch(
        /^Expurgo LGPD \(solicitações encerradas há mais de 365 dias\): [1-9]\d* solicitaç(ão|ões), [1-9]\d* arquivos?, /,
      );
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
