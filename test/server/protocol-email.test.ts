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
import { startServer, validRequest, type TestServer } from './helpers.ts';

const PUBLIC_URL = 'https://portal.exemplo.com.br';
const servers: TestServer[] = [];

async function start(mail: NonNullable<Parameters<typeof startServer>[0]>['mail'] = {}): Promise<TestServer> {
  const server = await startServer({ publicUrl: PUBLIC_URL, mail: { pollMs: 50, ...mail } });
  servers.push(server);
  return server;
}

/** The text of a message as a mail client shows it (quoted-printable undone). */
function readable(message: string): string {
  const unfolded = message.replace(/=\r?\n/g, '');
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

async function save(server: TestServer, overrides: Parameters<typeof validRequest>[0] = {}): Promise<string> {
  const response = await server.post('portabilidade', validRequest(overrides));
  expect(response.statusCode).toBe(200);
  return (response.json() as { nuProtocolo: string }).nuProtocolo;
}

function outboxCommand(
  server: TestServer,
): Promise<
  Array<{ cdMensagem: number; nuProtocolo: string; situacao: string; tentativas: number; erro: string | null; entrega: string | null }>
> {
  let out = '';
  const io: CliIo = {
    out: (text) => {
      out += text;
    },
    err: () => undefined,
  };
  return runCli(['outbox', '--json'], { db: server.db, io, env: { DATA_DIR: server.dataDir } }).then(() => JSON.parse(out));
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

/** A real SMTP receiver on loopback. */
async function smtpReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let refusing = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
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
    url: `smtp://127.0.0.1:${port}`,
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
    expect(message).toContain('A senha de acesso são os 6 últimos dígitos do número do protocolo.');
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
