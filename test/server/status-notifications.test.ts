/**
 * Issue 26: every status change the back-office makes that needs or reports something (2–7,
 * and the operator's facts) sends the beneficiary one e-mail (with e-mail consent) and one text
 * message (with SMS consent), each saying what happened, what to do, by when, with a link on
 * PUBLIC_URL and how to stop; nothing without consent. A failing SMS provider is retried by the
 * outbox and listed by `backoffice outbox`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { NOTHING_DECIDED } from '../../server/services/operator-decision.ts';
import { statusMessage } from '../../server/services/status-notifications.ts';
import { readableMessage, signEveryTerm, startServer, validRequest, type TestServer } from './helpers.ts';

const PUBLIC_URL = 'https://portal.exemplo.com.br';

interface SmsPost {
  body: { to: string; numero: string; text: string; id: string };
  authorization: string | undefined;
}

/** A stand-in SMS gateway on loopback: records what it accepts; answers 503 to the next `failNext.count` posts whose text has `failNext.match`. */
interface SmsReceiver {
  url: string;
  posts: SmsPost[];
  failNext: { match: string; count: number };
  close(): Promise<void>;
}

async function smsReceiver(): Promise<SmsReceiver> {
  // forceCloseConnections: a post to /hang never gets an answer; closing must not wait for it.
  const app: FastifyInstance = Fastify({ forceCloseConnections: true });
  const receiver: SmsReceiver = { url: '', posts: [], failNext: { match: '', count: 0 }, close: () => app.close() };
  app.post('/send', async (request, reply) => {
    const body = request.body as SmsPost['body'];
    // Only the test's own message fails: others still in flight from earlier tests are not its concern.
    if (receiver.failNext.count > 0 && body.text.includes(receiver.failNext.match)) {
      receiver.failNext.count -= 1;
      return reply.code(503).send({ erro: 'indisponível' });
    }
    receiver.posts.push({ body: request.body as SmsPost['body'], authorization: request.headers.authorization });
    return { ok: true };
  });
  app.post('/hang', () => new Promise(() => undefined));
  receiver.url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/send`;
  return receiver;
}

interface OutboxRow {
  cdMensagem: number;
  nuProtocolo: string;
  canal: 'email' | 'sms';
  destinatario: string;
  situacao: string;
  tentativas: number;
  entrega: string | null;
  erro: string | null;
}

async function cli(server: TestServer, args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (text) => (out += text), err: (text) => (err += text) };
  const code = await runCli(args, {
    db: server.db,
    dataDir: server.dataDir,
    io,
    clock: () => server.clock.now,
    env: { DATA_DIR: server.dataDir, PUBLIC_URL },
  });
  return { code, out, err };
}

async function outbox(server: TestServer, protocolo: string): Promise<OutboxRow[]> {
  const rows = JSON.parse((await cli(server, ['outbox', '--json'])).out) as OutboxRow[];
  return rows.filter((row) => row.nuProtocolo === protocolo).sort((a, b) => a.cdMensagem - b.cdMensagem);
}

let cpfSeq = 0;
const CPFS = ['11144477735', '52998224725', '39053344705', '15350946056', '71428793860', '87748248800'];

async function save(server: TestServer, email: string, consents: { email: '0' | '1'; sms?: '0' | '1' }): Promise<string> {
  const response = await server.post(
    'portabilidade',
    validRequest({
      cpf: CPFS[cpfSeq++ % CPFS.length],
      fl_aceita_email: consents.email,
      ...(consents.sms ? { fl_aceita_sms: consents.sms } : {}),
      contato: [
        { tp_contato: '1', ds_contato: '11987654321' },
        { tp_contato: '2', ds_contato: email },
      ],
    }),
  );
  expect(response.statusCode).toBe(200);
  return (response.json() as { nuProtocolo: string }).nuProtocolo;
}

const readable = readableMessage;

let receiver: SmsReceiver;
let server: TestServer;
let noProvider: TestServer;
beforeAll(async () => {
  receiver = await smsReceiver();
  [server, noProvider] = await Promise.all([
    startServer({
      publicUrl: PUBLIC_URL,
      mail: { pollMs: 50, retryDelaysMs: [0, 0, 0], sms: { url: receiver.url, token: 'segredo-do-gateway' } },
    }),
    startServer({ publicUrl: PUBLIC_URL, mail: { pollMs: 50 } }),
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await noProvider?.close();
  await receiver?.close();
}, 30_000);

/** What each status must say in the e-mail (what happened, what to do). */
const EXPECTED: Array<{ status: string; flags: string[]; email: RegExp[]; sms: RegExp; noFacts?: boolean }> = [
  {
    status: '2',
    flags: ['--pendente', '3:Comprovante com mais de 90 dias'],
    email: [
      /precisa de mais documentos/,
      /envie-os o quanto antes/,
      /Documentos que faltam:\r?\n- Comprovante de residência: Comprovante com mais de 90 dias/,
    ],
    sms: /faltam documentos/,
  },
  {
    status: '3',
    flags: ['--plano', '481234561', '--inicio', '01/05/2025', '--valor', '456,78', '--cancelar-ate', '15/05/2025'],
    email: [
      /aceitou a sua solicitação/,
      /assine os documentos da contratação o quanto antes;/,
      /Último dia para cancelar o plano anterior: 15\/05\/2025/,
      /Mensalidade: R\$ 456,78/,
      /Início da cobertura: 01\/05\/2025/,
    ],
    sms: /Assine os documentos o quanto antes/,
  },
  {
    status: '6',
    flags: [],
    email: [
      /aguarda a sua resposta/,
      /"Estou de acordo" ou "Não aceito" o quanto antes\./,
      /Último dia para cancelar o plano anterior: 15\/05\/2025/,
    ],
    sms: /Responda no portal o quanto antes/,
  },
  {
    status: '7',
    flags: [],
    email: [
      /contrato.* está ativo, com cobertura a partir de 01\/05\/2025/,
      /cancele o plano anterior na operadora de origem até 15\/05\/2025/,
    ],
    sms: /Cancele o plano anterior até 15\/05\/2025/,
  },
  {
    status: '5',
    flags: ['--motivo', 'Pedido do beneficiário', '--reabrir'],
    email: [/foi cancelada\. Motivo informado: Pedido do beneficiário\./],
    sms: /solicitação cancelada/,
  },
  {
    status: '4',
    flags: ['--motivo', 'Carência não cumprida', '--reabrir'],
    email: [/recusou a sua solicitação de portabilidade\. Motivo informado: Carência não cumprida\./, /Disque ANS 0800 701 9656/],
    sms: /solicitação recusada/,
    noFacts: true,
  },
];

describe('messages on each status change made by the back-office', () => {
  it('puts one e-mail and one SMS per change, saying what happened and what to do, linking to PUBLIC_URL, without the password digits in the SMS', async () => {
    const protocolo = await save(server, 'avisos-todos@example.com', { email: '1', sms: '1' });
    await expect.poll(async () => (await outbox(server, protocolo)).length, { timeout: 10_000 }).toBe(1); // the protocol e-mail
    for (const step of EXPECTED) {
      const before = (await outbox(server, protocolo)).length;
      const smsBefore = receiver.posts.filter((post) => post.body.text.includes(protocolo.slice(0, -6))).length;
      const changed = await cli(server, ['set-status', protocolo, step.status, ...step.flags]);
      expect(changed.code, changed.err).toBe(0);
      expect(changed.out).toContain('Avisos ao beneficiário: 2 na fila');
      await expect
        .poll(async () => (await outbox(server, protocolo)).filter((row) => row.situacao === 'enviado').length, { timeout: 10_000 })
        .toBe(before + 2);
      const added = (await outbox(server, protocolo)).slice(before);
      expect(added.map((row) => row.canal)).toEqual(['email', 'sms']);
      expect(added[0]?.destinatario).toBe('avisos-todos@example.com');
      expect(added[1]?.destinatario).toBe('11987654321');

      const email = readable(readFileSync(added[0]?.entrega ?? '', 'utf8'));
      expect(email).toMatch(/^To: avisos-todos@example\.com$/m);
      expect(email).toContain(`protocolo ${protocolo}`);
      for (const pattern of step.email) expect(email).toMatch(pattern);
      // A refusal does not repeat the plan and price of an acceptance it undoes.
      if (step.noFacts) expect(email).not.toContain('Decisão da operadora:');
      expect(email).toContain(`${PUBLIC_URL}/#/home/1`);
      expect(email).toContain('Para não receber mais, peça à central da operadora.');
      // A person to reach: the operator's seeded contact, and the ANS.
      expect(email).toContain(
        'Central de atendimento Vida Plena Saúde: 0800 000 0001 (Segunda a sexta, das 8h às 20h; sábado, das 8h às 14h)',
      );
      expect(email).toContain('Ouvidoria: 0800 000 0101');
      expect(email).toContain('Disque ANS 0800 701 9656');

      const mine = receiver.posts.filter((post) => post.body.text.includes(protocolo.slice(0, -6)));
      expect(mine.length).toBe(smsBefore + 1);
      const sms = mine.at(-1) as SmsPost;
      expect(sms.authorization).toBe('Bearer segredo-do-gateway');
      expect(sms.body.to).toBe('+5511987654321');
      expect(sms.body.numero).toBe('11987654321');
      expect(sms.body.id).toBe(`portabilidade-${added[1]?.cdMensagem}`);
      expect(sms.body.text).toMatch(step.sms);
      expect(sms.body.text).toContain(`${PUBLIC_URL}/#/home/1`);
      expect(sms.body.text).toContain('Para não receber mais SMS');
      expect(sms.body.text).not.toContain(protocolo.slice(-6));
      expect(sms.body.text).toContain(`${protocolo.slice(0, -6)}******`);
    }
  }, 60_000);

  it('tells the person their contract is active when they finalize it in the portal, with the last day to cancel the old plan, once', async () => {
    const protocolo = await save(server, 'avisos-finaliza@example.com', { email: '1', sms: '1' });
    // Type 2: status 3 asks for no login, so the protocol's token finalizes.
    expect((await cli(server, ['set-status', protocolo, '3', '--tipo', '2', '--cancelar-ate', '31/12/2026'])).code).toBe(0);
    const { cdSolicitacao, token } = (await server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`)).json() as {
      cdSolicitacao: number;
      token: string;
    };
    await signEveryTerm(server, protocolo);
    const before = (await outbox(server, protocolo)).length;
    for (let call = 0; call < 2; call += 1) {
      const finalized = await server.post('portabilidade/finaliza', { tipo: '9', cd_solicitacao: cdSolicitacao }, { token });
      expect(finalized.body).toBe('OK');
    }
    await expect
      .poll(async () => (await outbox(server, protocolo)).filter((row) => row.situacao === 'enviado').length, { timeout: 10_000 })
      .toBe(before + 2);
    const added = (await outbox(server, protocolo)).slice(before);
    expect(added.map((row) => row.canal)).toEqual(['email', 'sms']);
    const email = readable(readFileSync(added[0]?.entrega ?? '', 'utf8'));
    expect(email).toMatch(/O seu novo contrato.* está ativo/);
    expect(email).toContain('cancele o plano anterior na operadora de origem até 31/12/2026');
  });

  it('tells the person when the operator reopens a closed request: a contract no longer active first of all', async () => {
    const protocolo = await save(server, 'avisos-reaberta@example.com', { email: '1', sms: '1' });
    expect((await cli(server, ['set-status', protocolo, '3', '--tipo', '2', '--cancelar-ate', '31/12/2026'])).code).toBe(0);
    await signEveryTerm(server, protocolo);
    expect((await cli(server, ['set-status', protocolo, '7'])).code).toBe(0);
    const told = async (command: string[]) => {
      const before = (await outbox(server, protocolo)).length;
      const changed = await cli(server, ['set-status', protocolo, ...command]);
      expect(changed.out, command.join(' ')).toContain('Avisos ao beneficiário: 2 na fila');
      await expect
        .poll(async () => (await outbox(server, protocolo)).filter((row) => row.situacao === 'enviado').length, { timeout: 10_000 })
        .toBe(before + 2);
      const [email] = (await outbox(server, protocolo)).slice(before);
      const sms = receiver.posts.filter((post) => post.body.text.includes(protocolo.slice(0, -6))).at(-1);
      return { email: readable(readFileSync(email?.entrega ?? '', 'utf8')), sms: sms?.body.text ?? '' };
    };
    const fromActive = await told(['1', '--reabrir']);
    expect(fromActive.email).toContain(
      'A operadora reabriu a sua solicitação de portabilidade: o novo contrato informado como ativo não está ativo por enquanto. Não cancele o plano anterior até um novo aviso. Ela volta a ser analisada.',
    );
    expect(fromActive.email).not.toContain('Decisão da operadora:');
    expect(fromActive.sms).toContain('solicitação reaberta');
    expect(fromActive.sms).toContain('Não cancele o plano anterior');
    expect((await cli(server, ['set-status', protocolo, '4', '--motivo', 'Carência não cumprida.'])).code).toBe(0);
    const fromRefused = await told(['2', '--reabrir', '--pendente', '3']);
    expect(fromRefused.email).toContain(
      'A operadora reabriu a sua solicitação de portabilidade, que estava recusada. A operadora precisa de mais documentos',
    );
  });

  it('sends nothing for status 1 (under analysis), nor when the status stays the same without new facts', async () => {
    const protocolo = await save(server, 'avisos-nada@example.com', { email: '1', sms: '1' });
    const queued = (await outbox(server, protocolo)).length;
    expect((await cli(server, ['set-status', protocolo, '1'])).out).toContain('Avisos ao beneficiário: nenhum');
    expect((await cli(server, ['set-status', protocolo, '2', '--pendente', '3'])).code).toBe(0);
    expect((await cli(server, ['set-status', protocolo, '2', '--pendente', '3'])).out).toContain('Avisos ao beneficiário: nenhum');
    expect((await outbox(server, protocolo)).length).toBe(queued + 2);
    // The type, where the portal does not show it (only 3 and 6 do), is kept and told to no one.
    const retyped = await cli(server, ['set-status', protocolo, '2', '--tipo', '2']);
    expect(retyped.out).toContain('Tipo guardado (cdStatusPort 2), que o portal só mostra na decisão (3 e 6)');
    expect(retyped.out).toContain('Avisos ao beneficiário: nenhum');
    expect((await cli(server, ['set-status', protocolo, '2', '--tipo', '1'])).code).toBe(0);
    expect((await outbox(server, protocolo)).length).toBe(queued + 2);
    const { token } = (await server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`)).json() as { token: string };
    const history = (await server.get(`portabilidade/historico?protocolo=${protocolo}`, { token })).json() as {
      eventos: Array<{ dsStatus: string }>;
    };
    expect(history.eventos.map((event) => event.dsStatus)).toEqual(['Em análise', 'Pendente de documentação']);
  });

  it('sends nothing and writes no history for a command that changes nothing the beneficiary sees; a changed fact is news', async () => {
    const protocolo = await save(server, 'avisos-repetidos@example.com', { email: '1', sms: '1' });
    const queued = async () => (await outbox(server, protocolo)).length;
    const history = async () =>
      (JSON.parse((await cli(server, ['show', protocolo, '--json'])).out) as { historico: Array<{ flStatus: number; origem: string }> })
        .historico;
    const first = await queued();
    expect((await cli(server, ['set-status', protocolo, '4', '--motivo', 'Carência não cumprida'])).out).toContain(
      'Avisos ao beneficiário: 2 na fila',
    );
    expect(await queued()).toBe(first + 2);
    // The same command again, and the status alone: nothing new for the person.
    for (const args of [['4', '--motivo', 'Carência não cumprida'], ['4'], ['4', '--motivo', '  Carência não cumprida  ']]) {
      const again = await cli(server, ['set-status', protocolo, ...args]);
      expect(again.code, again.err).toBe(0);
      expect(again.out).toMatch(/^Nada mudou: /);
      expect(again.out).toContain('Avisos ao beneficiário: nenhum');
    }
    expect(await queued()).toBe(first + 2);
    expect((await history()).map((event) => event.flStatus)).toEqual([1, 4]);
    // A new reason is news (the messages), but no new status event.
    expect((await cli(server, ['set-status', protocolo, '4', '--motivo', 'Documentos ilegíveis'])).out).toContain('2 na fila');
    expect(await queued()).toBe(first + 4);
    expect((await history()).map((event) => event.flStatus)).toEqual([1, 4]);

    const other = await save(server, 'avisos-repetidos-6@example.com', { email: '1', sms: '1' });
    const base = (await outbox(server, other)).length;
    expect((await cli(server, ['set-status', other, '6', '--plano', '481234562', '--valor', '612,40'])).code).toBe(0);
    // The price restated as stored: nothing; a new price: news.
    expect((await cli(server, ['set-status', other, '6', '--valor', 'R$ 612,4'])).out).toMatch(/^Nada mudou/);
    expect((await outbox(server, other)).length).toBe(base + 2);
    expect((await cli(server, ['set-status', other, '6', '--valor', '650,00'])).out).toContain('2 na fila');
    expect((await outbox(server, other)).length).toBe(base + 4);
  });

  it('tells the beneficiary when the operator asks for other documents while already in status 2, listing what is now missing', async () => {
    const protocolo = await save(server, 'avisos-pendentes@example.com', { email: '1', sms: '1' });
    await expect.poll(async () => (await outbox(server, protocolo)).length, { timeout: 10_000 }).toBe(1);
    expect((await cli(server, ['set-status', protocolo, '2', '--pendente', '4'])).out).toContain('2 na fila');
    const asked = await cli(server, ['set-status', protocolo, '2', '--pendente', '5:Faltam os boletos']);
    expect(asked.code, asked.err).toBe(0);
    expect(asked.out).toContain('Avisos ao beneficiário: 2 na fila');
    // The list given replaces the open one, and the output says which type left it.
    expect(asked.out).toMatch(
      /Não são mais pedidos \(a lista dada com --pendente substitui a que estava aberta\):\n {2}#4 Carteirinha do plano anterior/,
    );
    await expect
      .poll(async () => (await outbox(server, protocolo)).filter((row) => row.situacao === 'enviado').length, { timeout: 10_000 })
      .toBe(5);
    const [, first, , second] = (await outbox(server, protocolo)).filter((row) => row.canal === 'email' || row.canal === 'sms');
    const firstEmail = readable(readFileSync(first?.entrega ?? '', 'utf8'));
    expect(firstEmail).toMatch(/Documentos que faltam:\r?\n- Carteirinha do plano anterior/);
    const email = readable(readFileSync(second?.entrega ?? '', 'utf8'));
    expect(email).toMatch(/Documentos que faltam:\r?\n- Comprovante de pagamento \(últimos 3 boletos\): Faltam os boletos/);
    expect(email).not.toContain('Carteirinha do plano anterior');
    // The same list again is nothing new.
    expect((await cli(server, ['set-status', protocolo, '2', '--pendente', '5:Faltam os boletos'])).out).toMatch(/^Nada mudou/);
    expect((await outbox(server, protocolo)).length).toBe(5);
  });

  it('sends no SMS without the SMS consent, and nothing at all without either consent', async () => {
    const emailOnly = await save(server, 'avisos-so-email@example.com', { email: '1' });
    const none = await save(server, 'avisos-sem@example.com', { email: '0', sms: '0' });
    const smsFor = (protocolo: string) => receiver.posts.filter((post) => post.body.text.includes(protocolo.slice(0, -6))).length;
    expect((await cli(server, ['set-status', emailOnly, '2', '--pendente', '3'])).out).toContain('Avisos ao beneficiário: 1 na fila');
    expect((await cli(server, ['set-status', none, '2', '--pendente', '3'])).out).toContain('Avisos ao beneficiário: nenhum');
    const rows = await outbox(server, emailOnly);
    expect(rows.map((row) => row.canal)).toEqual(['email', 'email']);
    expect(await outbox(server, none)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smsFor(emailOnly) + smsFor(none)).toBe(0);
  });

  it('sends only the SMS when only SMS was agreed to', async () => {
    const protocolo = await save(server, 'avisos-so-sms@example.com', { email: '0', sms: '1' });
    expect((await cli(server, ['set-status', protocolo, '4'])).code).toBe(0);
    expect((await outbox(server, protocolo)).map((row) => row.canal)).toEqual(['sms']);
  });
});

describe('a refusal or cancellation without a reason', () => {
  const decision = NOTHING_DECIDED;
  const request = { nu_protocolo: '12345678901234567890', cd_empresa_plano: 1, cd_status_port: 1 };
  const context = { operatorName: 'Vida Plena Saúde', publicUrl: PUBLIC_URL };

  it('does not send the person to the portal for a reason the portal does not have; with one stored, it does', () => {
    for (const flStatus of [4, 5]) {
      const without = statusMessage({ ...request, fl_status: flStatus }, decision, context);
      expect(without.sms).not.toContain('motivo');
      expect(without.sms).toContain('Veja a situação no portal');
      expect(without.email).toContain('A operadora não informou o motivo.');
      const withReason = statusMessage({ ...request, fl_status: flStatus }, { ...decision, dsMotivo: 'Carência não cumprida' }, context);
      expect(withReason.sms).toContain('Veja o motivo no portal');
      expect(withReason.email).toContain('Motivo informado: Carência não cumprida.');
      expect(withReason.email).not.toContain('não informou o motivo');
      // A reason that ends its own sentence gets no second full stop (found by an exploratory run).
      const ended = statusMessage({ ...request, fl_status: flStatus }, { ...decision, dsMotivo: 'Prazo mínimo não cumprido.' }, context);
      expect(ended.email).toContain('Motivo informado: Prazo mínimo não cumprido.\n');
    }
  });
});

describe('the SMS provider', () => {
  it('is retried when it fails, and `backoffice outbox` lists the failed attempts and then the delivery', async () => {
    const protocolo = await save(server, 'avisos-retry@example.com', { email: '0', sms: '1' });
    receiver.failNext = { match: protocolo.slice(0, -6), count: 2 };
    expect((await cli(server, ['set-status', protocolo, '2', '--pendente', '3'])).code).toBe(0);
    await expect.poll(async () => (await outbox(server, protocolo))[0]?.situacao, { timeout: 10_000 }).toBe('enviado');
    const [row] = await outbox(server, protocolo);
    expect(row).toMatchObject({ canal: 'sms', tentativas: 3, entrega: 'sms' });
    const listed = await cli(server, ['outbox']);
    expect(listed.out).toMatch(new RegExp(`#${row?.cdMensagem}  SMS  ${protocolo}  11987654321  enviado \\(3 tentativas`));
  });

  it('is given up after the last retry, listed with the error; a provider that never answers is a failure after the timeout', async () => {
    const failing = await startServer({
      publicUrl: PUBLIC_URL,
      mail: { pollMs: 50, retryDelaysMs: [0], sms: { url: receiver.url.replace('/send', '/hang'), timeoutMs: 200 } },
    });
    try {
      const protocolo = await save(failing, 'avisos-falha@example.com', { email: '0', sms: '1' });
      expect((await cli(failing, ['set-status', protocolo, '2', '--pendente', '3'])).code).toBe(0);
      await expect.poll(async () => (await outbox(failing, protocolo))[0]?.situacao, { timeout: 10_000 }).toBe('desistido');
      const [row] = await outbox(failing, protocolo);
      expect(row).toMatchObject({ canal: 'sms', tentativas: 2, erro: 'o provedor de SMS não respondeu a tempo' });
      expect((await cli(failing, ['outbox'])).out).toContain('desistido (2 tentativas');
    } finally {
      await failing.close();
    }
  }, 30_000);

  it('without SMS_PROVIDER_URL, writes the message as the provider would receive it beside the .eml files', async () => {
    const protocolo = await save(noProvider, 'avisos-arquivo@example.com', { email: '1', sms: '1' });
    expect((await cli(noProvider, ['set-status', protocolo, '6'])).code).toBe(0);
    await expect
      .poll(async () => (await outbox(noProvider, protocolo)).filter((row) => row.situacao === 'enviado').length, { timeout: 10_000 })
      .toBe(3);
    const sms = (await outbox(noProvider, protocolo)).find((row) => row.canal === 'sms') as OutboxRow;
    expect(sms.entrega).toBe(join(noProvider.dataDir, 'outbox', `${sms.cdMensagem}.sms.json`));
    const body = JSON.parse(readFileSync(sms.entrega ?? '', 'utf8')) as SmsPost['body'];
    expect(body).toMatchObject({ to: '+5511987654321', numero: '11987654321', id: `portabilidade-${sms.cdMensagem}` });
    expect(body.text).toMatch(/responda à operadora/);
  });
});
