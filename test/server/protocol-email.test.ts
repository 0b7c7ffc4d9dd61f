/**
 * The protocol e-mail (SPEC §1): a request saved with fl_aceita_email '1' sends the
 * beneficiary its protocol, the tracking link and the password reminder — as an .eml file in
 * DATA_DIR/outbox without SMTP_URL, over SMTP to a real receiver (smtp-server) with it.
 * Sending never holds up nor fails the save; failures are retried and shown by the backoffice.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { renameLegacyEmlFiles } from '../../server/services/outbox.ts';
import { MAX_EMAILS_PER_RECIPIENT_PER_HOUR, queueProtocolEmail } from '../../server/services/protocol-email.ts';
import { messageOf, readableMessage, startServer, validRequest, type TestServer } from './helpers.ts';

const PUBLIC_URL = 'https://portal.exemplo.com.br';
const servers: TestServer[] = [];

async function start(mail: NonNullable<Parameters<typeof startServer>[0]>['mail'] = {}): Promise<TestServer> {
  const server = await startServer({ publicUrl: PUBLIC_URL, mail: { pollMs: 50, ...mail } });
  servers.push(server);
  return server;
}

const readable = readableMessage;

async function save(server: TestServer, overrides: Parameters<typeof validRequest>[0] = {}): Promise<string> {
  const response = await server.post('portabilidade', validRequest(overrides));
  expect(response.statusCode).toBe(200);
  return (response.json() as { nuProtocolo: string }).nuProtocolo;
}

function outboxCommand(server: TestServer): Promise<
  Array<{
    cdMensagem: number;
    nuProtocolo: string;
    destinatario: string;
    situacao: string;
    tentativas: number;
    erro: string | null;
    entrega: string | null;
  }>
> {
  let out = '';
  const io: CliIo = {
    out: (text) => {
      out += text;
    },
    err: () => undefined,
  };
  return runCli(['outbox', '--json'], { db: server.db, dataDir: server.dataDir, io }).then(() => JSON.parse(out));
}

interface Received {
  to: string[];
  text: string;
}

interface Receiver {
  url: string;
  received: Received[];
  /** Answers the next `count` messages with a temporary error (451). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP receiver on loopback: offering STARTTLS (its built-in self-signed certificate,
 * which the URL tells the client to accept), or, `plain`, not offering it.
 */
async function smtpReceiver({ plain = false } = {}): Promise<Receiver> {
  const received: Received[] = [];
  let refusing = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: plain ? ['STARTTLS'] : [],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          const error = Object.assign(new Error('Caixa temporariamente indisponível'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          text: readable(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: plain ? `smtp://127.0.0.1:${port}` : `smtp://127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    received,
    refuseNext: (count) => {
      refusing = count;
    },
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}

let receiver: Receiver;
let plain: TestServer;
let viaSmtp: TestServer;
let unreachable: TestServer;
beforeAll(async () => {
  receiver = await smtpReceiver();
  [plain, viaSmtp, unreachable] = await Promise.all([
    start(),
    start({ smtpUrl: receiver.url, retryDelaysMs: [0, 0, 0] }),
    // Nothing listens on the discard port: every attempt fails.
    start({ smtpUrl: 'smtp://127.0.0.1:9', retryDelaysMs: [0] }),
  ]);
}, 120_000);
afterAll(async () => {
  for (const server of servers) await server.close();
  await receiver?.close();
});

const receivedFor = (protocolo: string) => receiver.received.filter((mail) => mail.text.includes(protocolo));

describe('the protocol e-mail without SMTP_URL', () => {
  it('leaves one .eml per message in DATA_DIR/outbox, named by the message id, with the protocol, the address, the tracking link and the password reminder', async () => {
    const protocolo = await save(plain);
    const outbox = join(plain.dataDir, 'outbox');
    const entry = async () => (await outboxCommand(plain)).find((mail) => mail.nuProtocolo === protocolo);
    await expect.poll(async () => (await entry())?.situacao, { timeout: 10_000 }).toBe('enviado');
    const { cdMensagem, entrega } = (await entry()) as { cdMensagem: number; entrega: string };
    expect(entrega).toBe(join(outbox, `${cdMensagem}.eml`));
    expect(readdirSync(outbox).filter((name) => name.includes(protocolo))).toEqual([]);
    const message = readable(readFileSync(entrega, 'utf8'));
    expect(message).toMatch(/^To: jose@example\.com$/m);
    expect(message).toContain(`O número do protocolo da sua solicitação é: ${protocolo}`);
    expect(message).toContain(`${PUBLIC_URL}/#/home/1`);
    expect(message).toContain('a senha de acesso são os 6 últimos dígitos do número do protocolo.');
    // Issue 26: the option home has, what happens next with the answer time, a person to reach.
    expect(message).toContain(`${PUBLIC_URL}/#/home/1: escolha "Acompanhar Solicitação" e informe o protocolo.`);
    expect(message).not.toContain('Minha Portabilidade');
    expect(message).toContain('a operadora analisa a solicitação e responde em até 10 dias.');
    expect(message).toContain('Central de atendimento Vida Plena Saúde: 0800 000 0001');
    expect(message).toContain('Disque ANS 0800 701 9656');
    // The file is the delivery: the row keeps no copy of the subject or text.
    const [row] = await plain.db.query<{ ds_assunto: string; ds_texto: string }>(
      'SELECT ds_assunto, ds_texto FROM outbox_emails WHERE cd_mensagem = $1',
      [cdMensagem],
    );
    expect(row).toEqual({ ds_assunto: '', ds_texto: '' });
  });

  it('renames the .eml files of earlier versions, named after the protocol, to the message id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-legacy-'));
    try {
      writeFileSync(join(dir, '12-48213907561238470015.eml'), 'x');
      writeFileSync(join(dir, '13.eml'), 'y');
      expect(renameLegacyEmlFiles(dir)).toBe(1);
      expect(readdirSync(dir).sort()).toEqual(['12.eml', '13.eml']);
      expect(readFileSync(join(dir, '12.eml'), 'utf8')).toBe('x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('queues nothing when the beneficiary did not ask for e-mail', async () => {
    const protocolo = await save(plain, { fl_aceita_email: '0', cpf: '11144477735' });
    expect((await outboxCommand(plain)).map((entry) => entry.nuProtocolo)).not.toContain(protocolo);
  });
});

describe('the protocol e-mail over SMTP_URL', () => {
  it('reaches a real SMTP receiver, addressed to the beneficiary, with the protocol', async () => {
    const protocolo = await save(viaSmtp);
    await expect.poll(() => receivedFor(protocolo).length, { timeout: 10_000 }).toBe(1);
    const [mail] = receivedFor(protocolo);
    expect(mail?.to).toEqual(['jose@example.com']);
    // The subject has accents, so it travels as RFC 2047 encoded words ('_' for spaces).
    expect(mail?.text).toMatch(/^Subject: =\?UTF-8\?Q\?Protocolo_da_sua_solicitação/m);
    // A locked phone shows the subject: never the last 6 digits, the password (found by an exploratory run).
    const subject = readableMessage(
      /^Subject: (.*(?:\n .*)*)/m.exec(mail?.text ?? '')?.[1]?.replace(/\?=\s+=\?UTF-8\?Q\?/g, '') ?? '',
    ).replace(/_/g, ' ');
    expect(subject).toContain(`${protocolo.slice(0, -6)}******`);
    expect(subject).not.toContain(protocolo.slice(-6));
    await expect
      .poll(async () => (await outboxCommand(viaSmtp)).find((entry) => entry.nuProtocolo === protocolo)?.situacao)
      .toBe('enviado');
    expect(existsSync(join(viaSmtp.dataDir, 'outbox'))).toBe(false);
    // Delivered: the subject and text (the protocol) are no longer kept.
    const rows = await viaSmtp.db.query<{ ds_assunto: string; ds_texto: string }>(
      `SELECT o.ds_assunto, o.ds_texto FROM outbox_emails o JOIN requests r USING (cd_solicitacao) WHERE r.nu_protocolo = $1`,
      [protocolo],
    );
    expect(rows).toEqual([{ ds_assunto: '', ds_texto: '' }]);
  });

  it('saves at once while the mail server refuses, and delivers on a retry', async () => {
    receiver.refuseNext(2);
    const started = performance.now();
    const protocolo = await save(viaSmtp, { cpf: '52998224725' });
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect.poll(() => receivedFor(protocolo).length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await outboxCommand(viaSmtp)).find((entry) => entry.nuProtocolo === protocolo))
      .toMatchObject({ situacao: 'enviado', tentativas: 3 });
  });

  it('gives up after the last retry and says why in the backoffice, the request still saved', async () => {
    const protocolo = await save(unreachable);
    const entry = async () => (await outboxCommand(unreachable)).find((mail) => mail.nuProtocolo === protocolo);
    await expect.poll(async () => (await entry())?.situacao, { timeout: 10_000 }).toBe('desistido');
    expect(await entry()).toMatchObject({ tentativas: 2, erro: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect((await unreachable.get(`portabilidade/acompanhamento?protocolo=${protocolo}`)).json()).toMatchObject({ nuProtocolo: protocolo });
  });
});

describe('the protocol e-mail carries nothing a stranger typed (issue 24 item 9)', () => {
  const withAddress = (address: string, overrides: Parameters<typeof validRequest>[0] = {}) =>
    validRequest({
      ...overrides,
      contato: [
        { tp_contato: '1', ds_contato: '11987654321' },
        { tp_contato: '2', ds_contato: address },
      ],
    });

  it("greets without the name: text typed in the form never reaches someone else's inbox", async () => {
    const response = await plain.post(
      'portabilidade',
      withAddress('vitima@example.com', { nome: 'CLIQUE EM HTTPS://GOLPE.EXAMPLE E PAGUE' }),
    );
    const { nuProtocolo } = response.json() as { nuProtocolo: string };
    const outbox = join(plain.dataDir, 'outbox');
    // Files are named by message id (never by protocol): find the one that carries this protocol.
    const file = () =>
      existsSync(outbox)
        ? readdirSync(outbox).find((name) => readable(readFileSync(join(outbox, name), 'utf8')).includes(nuProtocolo))
        : undefined;
    await expect.poll(file, { timeout: 10_000 }).toBeDefined();
    const message = readable(readFileSync(join(outbox, file() ?? ''), 'utf8'));
    expect(message).toMatch(/^Olá,$/m);
    expect(message).not.toMatch(/GOLPE|PAGUE/);
  });

  it('refuses a display name, a list or a header in the address at the save', async () => {
    for (const address of ['Jose <jose@example.com>', 'jose@example.com,outro@example.com', 'jose@example.com\r\nBcc: outro@example.com']) {
      const response = await plain.post('portabilidade', withAddress(address));
      expect(response.statusCode, address).toBe(400);
      expect(messageOf(response), address).toMatch(/^Campo contato\[1\]\.ds_contato: /);
    }
  });

  it('queues nothing for an address that is not a plain local@domain, should one reach the queue', async () => {
    const [request] = await plain.db.query<{ cd_solicitacao: number; nu_protocolo: string }>(
      'SELECT cd_solicitacao, nu_protocolo FROM requests ORDER BY cd_solicitacao LIMIT 1',
    );
    const saved = { cdSolicitacao: request?.cd_solicitacao ?? 0, nuProtocolo: request?.nu_protocolo ?? '' };
    const addresses = ['"x" <a@example.com>', 'a@example.com, b@example.com', 'a@example.com\nBcc: b@example.com'];
    for (const address of addresses) {
      expect(await queueProtocolEmail(plain.db, withAddress(address), saved, PUBLIC_URL, plain.clock.now)).toBe(false);
    }
    expect(await plain.db.query('SELECT 1 FROM outbox_emails WHERE ds_destinatario IN ($1, $2, $3)', addresses)).toHaveLength(0);
  });

  it(`queues at most ${MAX_EMAILS_PER_RECIPIENT_PER_HOUR} e-mails an hour to one address; the saves all succeed`, async () => {
    const address = 'caixa.cheia@example.com';
    for (let index = 0; index < MAX_EMAILS_PER_RECIPIENT_PER_HOUR + 2; index += 1) {
      expect((await plain.post('portabilidade', withAddress(index % 2 ? address.toUpperCase() : address))).statusCode).toBe(200);
    }
    const queued = async () => (await outboxCommand(plain)).filter((mail) => mail.destinatario.toLowerCase() === address);
    expect(await queued()).toHaveLength(MAX_EMAILS_PER_RECIPIENT_PER_HOUR);
    // An hour later the address has room again.
    plain.clock.advance(61 * 60_000);
    expect((await plain.post('portabilidade', withAddress(address))).statusCode).toBe(200);
    expect(await queued()).toHaveLength(MAX_EMAILS_PER_RECIPIENT_PER_HOUR + 1);
  });

  it("the operator's status messages do not use up the address's room: a new request still gets its protocol e-mail (found by an exploratory run)", async () => {
    const address = 'muitos.avisos@example.com';
    const first = (await plain.post('portabilidade', withAddress(address))).json() as { nuProtocolo: string };
    const io: CliIo = { out: () => undefined, err: () => undefined };
    for (const status of ['6', '3', '6', '3', '6']) {
      expect(await runCli(['set-status', first.nuProtocolo, status], { db: plain.db, dataDir: plain.dataDir, io })).toBe(0);
    }
    const toAddress = async () => (await outboxCommand(plain)).filter((mail) => mail.destinatario === address);
    expect(await toAddress()).toHaveLength(1 + 5);
    const second = (await plain.post('portabilidade', withAddress(address))).json() as { nuProtocolo: string };
    expect((await toAddress()).map((mail) => mail.nuProtocolo)).toContain(second.nuProtocolo);
  });
});

describe('SMTP_URL smtp:// requires TLS', () => {
  it('sends nothing to a server that offers no STARTTLS, and says why in the backoffice', async () => {
    const plainReceiver = await smtpReceiver({ plain: true });
    const server = await start({ smtpUrl: plainReceiver.url, retryDelaysMs: [0] });
    try {
      const protocolo = await save(server);
      const entry = async () => (await outboxCommand(server)).find((mail) => mail.nuProtocolo === protocolo);
      await expect.poll(async () => (await entry())?.situacao, { timeout: 10_000 }).toBe('desistido');
      expect((await entry())?.erro).toMatch(/STARTTLS|TLS/i);
      expect(plainReceiver.received).toEqual([]);
    } finally {
      await plainReceiver.close();
    }
  });

  it('sends in the clear only when SMTP_URL says requireTLS=false (a relay on the same host)', async () => {
    const plainReceiver = await smtpReceiver({ plain: true });
    const server = await start({ smtpUrl: `${plainReceiver.url}/?requireTLS=false` });
    try {
      const protocolo = await save(server);
      await expect.poll(() => plainReceiver.received.filter((mail) => mail.text.includes(protocolo)).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await plainReceiver.close();
    }
  });
});
