import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRateLimits } from '../../server/http/rate-limits.ts';
import { DEMO, START, loginToken, messageOf, startServer, validRequest, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // This file files many requests from one test address to check what a save accepts; the
  // per-address quotas are raised through RATE_LIMITS' own syntax (they are tested in
  // rate-limits.test.ts).
  server = await startServer({ rateLimits: parseRateLimits('save=1000/15m,save-day=1000/1d,email=1000/1h') });
}, 60_000);
afterAll(() => server.close());

describe('saving a new request', () => {
  it('answers a random 20-digit protocol and stores the request under analysis with its history', async () => {
    const body = validRequest();
    const response = await server.post('portabilidade', body, { key: 'save-happy-0001' });
    expect(response.statusCode).toBe(200);
    const { nuProtocolo, cdSolicitacao } = response.json() as { nuProtocolo: string; cdSolicitacao: number };
    expect(nuProtocolo).toMatch(/^[1-9]\d{19}$/);
    expect(cdSolicitacao).toBeGreaterThan(0);

    const tracking = await server.get(`portabilidade/acompanhamento?protocolo=${nuProtocolo}`, { token: 'free' });
    expect(tracking.json()).toMatchObject({
      nuProtocolo,
      nuProtocoloAnsHapvida: body.nu_protocolo_ans,
      flStatus: 1,
      cdStatusPort: 1,
      flConcordo: null,
      dsStatus: 'Em análise',
      dtCadastramento: '10/03/2025',
      cdSolicitacao,
    });
    const history = await server.get(`portabilidade/historico?protocolo=${nuProtocolo}`, { token: 'free' });
    expect(history.json()).toEqual({
      dtCadastramento: '10/03/2025',
      prazoRespostaDias: 10,
      dtLimiteResposta: '20/03/2025',
      dtConsulta: '10/03/2025',
      eventos: [{ flStatus: 1, dsStatus: 'Em análise', dtEvento: '10/03/2025 10:00' }],
    });
    const [dependents] = await server.db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM dependents WHERE cd_solicitacao = $1',
      [cdSolicitacao],
    );
    const [contacts] = await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM contacts WHERE cd_solicitacao = $1', [
      cdSolicitacao,
    ]);
    expect([dependents?.total, contacts?.total]).toEqual([1, 2]);
  });

  it('never gives two requests the same or a sequential protocol', async () => {
    const first = (await server.post('portabilidade', validRequest())).json() as { nuProtocolo: string };
    const second = (await server.post('portabilidade', validRequest())).json() as { nuProtocolo: string };
    expect(first.nuProtocolo).not.toBe(second.nuProtocolo);
    expect(BigInt(second.nuProtocolo) - BigInt(first.nuProtocolo)).not.toBe(1n);
  });

  it('answers a retry with the same Idempotency-Key with the first result and creates no second request', async () => {
    const count = async () => (await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM requests'))[0]?.total ?? 0;
    const body = validRequest({ nome: 'REPETIDO' });
    const first = await server.post('portabilidade', body, { key: 'save-retry-0001' });
    const before = await count();
    const retry = await server.post('portabilidade', body, { key: 'save-retry-0001' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await count()).toBe(before);
  });

  it("replays a first answer only to the caller it was for: another protocol's token with the same key and body gets none", async () => {
    const body = validRequest({ nome: 'CHAVE ALHEIA' });
    const first = await server.post('portabilidade', body, { key: 'save-other-caller-0001' });
    expect(first.statusCode).toBe(200);
    const other = await loginToken(server, DEMO.loginRequired);
    const replay = await server.post('portabilidade', body, { key: 'save-other-caller-0001', token: other });
    expect(replay.statusCode).toBe(422);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.body).not.toContain((first.json() as { nuProtocolo: string }).nuProtocolo);
  });

  it('takes over a claim whose process died before answering, once its lease is over, instead of refusing the retry for a day', async () => {
    const login = { cpf: DEMO.loginRequired.cpf, senha: DEMO.loginRequired.senha, cdEmpresaPlano: '1' };
    expect((await server.post('auth', login, { key: 'login-dead-claim-0001' })).statusCode).toBe(200);
    // What a process killed while running the call leaves behind: the claim, without its answer.
    await server.db.query(
      "UPDATE idempotency_keys SET nu_status_http = NULL, ds_tipo = NULL, ds_corpo = NULL WHERE ds_chave = 'login-dead-claim-0001'",
    );
    const early = await server.post('auth', login, { key: 'login-dead-claim-0001' });
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe('Esta operação está sendo processada. Tente novamente em instantes.');
    server.clock.advance(61_000);
    const retry = await server.post('auth', login, { key: 'login-dead-claim-0001' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((retry.json() as { token: string }).token.length).toBeGreaterThan(20);
    // Answered now: the next retry is a replay again.
    expect((await server.post('auth', login, { key: 'login-dead-claim-0001' })).headers['idempotent-replayed']).toBe('true');
  });

  it.each([
    [{ nome: '' }, 'Campo nome: Nome do beneficiário é obrigatório'],
    [{ cpf: '12345678901' }, 'Campo cpf: CPF inválido'],
    [{ ds_uf: 'SAO' }, 'Campo ds_uf: UF inválida'],
    [{ tp_port_destino: '1' }, 'Campo tp_port_destino: Apenas contratação individual é aceita'],
    [{ contato: [] }, 'Campo contato: Informe ao menos um contato'],
    [{ dt_nascimento: '31/02/1990' }, 'Campo dt_nascimento: data inexistente ou futura (use dd/mm/aaaa).'],
    [
      { contato: [{ tp_contato: '2', ds_contato: 'sem-arroba' }] },
      'Campo contato[0].ds_contato: Email inválido (use só o endereço, como nome@exemplo.com.br).',
    ],
    [{ nu_ans_plano_destino: '999999999' }, 'Campo nu_ans_plano_destino: plano de destino não encontrado para este registro ANS.'],
    [{ cd_empresa_plano: '77' }, 'Campo cd_empresa_plano: plano 77 não cadastrado.'],
    // Issue 27 item 6: the ANS protocol has all 20 digits; a landline is no mobile.
    [{ nu_protocolo_ans: '1' }, 'Campo nu_protocolo_ans: O protocolo ANS tem 20 dígitos.'],
    [
      { contato: [{ tp_contato: '1', ds_contato: '1134567890' }] },
      'Campo contato[0]: Informe um celular com DDD e 9 dígitos, começando por 9 (telefone fixo não é aceito)',
    ],
  ] as const)('refuses %j naming the field', async (change, message) => {
    const response = await server.post('portabilidade', validRequest(change as never));
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(message);
  });

  it("stores the destination plan's name from its registry, whatever name was sent beside it", async () => {
    const saved = (await server.post('portabilidade', validRequest({ plano_destino: 'PLANO INEXISTENTE PREMIUM' }))).json() as {
      cdSolicitacao: number;
    };
    const [row] = await server.db.query<{ plano_destino: string }>('SELECT plano_destino FROM requests WHERE cd_solicitacao = $1', [
      saved.cdSolicitacao,
    ]);
    expect(row?.plano_destino).toBe('VIDA PLENA ESSENCIAL ENFERMARIA');
  });

  it.each([
    [{ tp_contrato_origem: 'QUALQUER' }, 'Campo tp_contrato_origem: Titularidade inválida: use TITULAR ou TITULAR S/ DIREITO'],
    [{ tp_contrato_destino: 'FOO' }, 'Campo tp_contrato_destino: Titularidade de destino inválida: use TITULAR ou TITULAR S/ DIREITO'],
  ] as const)('refuses an ownership SPEC does not offer: %j', async (change, message) => {
    const response = await server.post('portabilidade', validRequest(change as never));
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(message);
    expect((await server.post('portabilidade', validRequest({ tp_contrato_origem: 'TITULAR S/ DIREITO' }))).statusCode).toBe(200);
  });

  it('names a missing field and counts the other problems', async () => {
    const { nm_mae: _drop, ...payload } = validRequest({ ds_bairro: '' });
    const response = await server.post('portabilidade', payload);
    expect(messageOf(response)).toBe('Campo nm_mae: não informado (obrigatório) (e mais 1 problema)');
  });

  it('accepts a beneficiary without CPF and a dependent with one', async () => {
    const response = await server.post(
      'portabilidade',
      validRequest({
        cpf: '',
        dependente: [{ id: 1, nome: 'FILHA', nm_mae: 'MÃE', dt_nasc: '01/01/2015', cpf: '52998224725', ds_parentesco: 'Filho(a)' }],
      }),
    );
    expect(response.statusCode).toBe(200);
  });

  // "Today" is Brasília's calendar day, as in the wizard (contract/rules.ts brasiliaDayOf): not UTC's.
  it.each([
    ['23:30 in Brasília (02:30 UTC, already the next day there)', '2025-03-11T02:30:00Z'],
    ['00:30 in Brasília', '2025-03-10T03:30:00Z'],
  ])("at %s a newborn born on Brasília's today is accepted and one born tomorrow refused", async (_, instant) => {
    const newborn = (dt_nasc: string) =>
      validRequest({ dependente: [{ id: 1, nome: 'BEBÊ', nm_mae: 'MÃE', dt_nasc, cpf: '', ds_parentesco: 'Filho(a)' }] });
    server.clock.now = new Date(instant);
    try {
      expect((await server.post('portabilidade', newborn('10/03/2025'))).statusCode).toBe(200);
      const tomorrow = await server.post('portabilidade', newborn('11/03/2025'));
      expect(tomorrow.statusCode).toBe(400);
      expect(messageOf(tomorrow)).toBe('Campo dependente[0].dt_nasc: data inexistente ou futura (use dd/mm/aaaa).');
    } finally {
      server.clock.now = new Date(START);
    }
  });
});

describe('free text is text (issue 24 item 9)', () => {
  const refusal = (field: string, codePoint: string) =>
    `Campo ${field}: caractere de controle (${codePoint}) não é aceito; apague-o e digite o texto de novo`;

  it.each([
    ['nome', { nome: 'JOSÉ\u001b[2KDA SILVA' }, 'U+001B'],
    ['nm_mae', { nm_mae: 'MARIA\u0000' }, 'U+0000'],
    ['ds_endereco', { ds_endereco: 'RUA\u0007A' }, 'U+0007'],
    ['ds_complemento', { ds_complemento: 'APTO\u007F1' }, 'U+007F'],
    ['plano_origem', { plano_origem: 'PLANO\u009B2J' }, 'U+009B'],
    ['nu_protocolo', { nu_protocolo: '123\u000a456' }, 'U+000A'],
    [
      'dependente[0].nome',
      { dependente: [{ id: 1, nome: 'PEDRO\u0085', nm_mae: 'ANA', dt_nasc: '05/06/2010', cpf: '', ds_parentesco: 'Filho(a)' }] },
      'U+0085',
    ],
    [
      'contato[1].ds_contato',
      {
        contato: [
          { tp_contato: '1', ds_contato: '11987654321' },
          { tp_contato: '2', ds_contato: 'a@b.com\r\nBcc: c@d.com' },
        ],
      },
      'U+000D',
    ],
  ] as const)('refuses a C0/C1 control character in %s, naming the field and the character', async (field, change, codePoint) => {
    const count = async () => (await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM requests'))[0]?.total ?? 0;
    const before = await count();
    const response = await server.post('portabilidade', validRequest(change as never));
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(refusal(field, codePoint));
    expect(await count()).toBe(before);
  });

  it('refuses one in a query too (the tracking lookup)', async () => {
    const response = await server.get(`portabilidade/acompanhamento?protocolo=${encodeURIComponent('4821\u001b')}`);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(refusal('protocolo', 'U+001B'));
  });

  it('drops a tab or a line break pasted around a value and keeps the value', async () => {
    const response = await server.post('portabilidade', validRequest({ nome: '\tJOSÉ DA SILVA\r\n' }));
    expect(response.statusCode).toBe(200);
    const { cdSolicitacao } = response.json() as { cdSolicitacao: number };
    const [row] = await server.db.query<{ nome: string }>('SELECT nome FROM requests WHERE cd_solicitacao = $1', [cdSolicitacao]);
    expect(row?.nome).toBe('JOSÉ DA SILVA');
  });

  it('keeps accents, symbols and other scripts', async () => {
    const response = await server.post('portabilidade', validRequest({ nome: "JOÃO D'ÁVILA – ÇÉÜ 日本" }));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    '"José" <jose@example.com>',
    'jose@example.com, outro@example.com',
    'jose@example.com;outro@example.com',
    'jose @example.com',
    'jose@exemplo',
  ])('accepts only a plain local@domain e-mail, not %j', async (address) => {
    const response = await server.post(
      'portabilidade',
      validRequest({
        contato: [
          { tp_contato: '1', ds_contato: '11987654321' },
          { tp_contato: '2', ds_contato: address },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Campo contato[1].ds_contato: Email inválido (use só o endereço, como nome@exemplo.com.br).');
  });
});
