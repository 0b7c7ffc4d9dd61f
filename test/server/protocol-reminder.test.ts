/**
 * "Esqueci meu protocolo" (issue 26): the protocol goes to the e-mail and mobile on file,
 * never into the answer; the answer is the same whether a request exists or not; tries are
 * braked per CPF (whoever asks) and per address.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { REMINDER_ANSWER_FLOOR_MS } from '../../server/routes/protocol-reminder.ts';
import { REMINDER_ANSWER } from '../../server/services/protocol-reminder.ts';
import { messageOf, readableMessage, startServer, validRequest, type TestServer } from './helpers.ts';

const PUBLIC_URL = 'https://portal.exemplo.com.br';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ publicUrl: PUBLIC_URL, trustProxy: true, mail: { pollMs: 60_000 } });
}, 120_000);
afterAll(async () => server?.close());

const ask = (body: Record<string, string>, from: string) =>
  server.post('portabilidade/protocolo/lembrete', body, { headers: { 'x-forwarded-for': from } });

async function queuedFor(protocolo: string) {
  let out = '';
  const io: CliIo = { out: (text) => (out += text), err: () => undefined };
  await runCli(['outbox', '--json'], { db: server.db, dataDir: server.dataDir, io });
  return (JSON.parse(out) as Array<{ cdMensagem: number; nuProtocolo: string; canal: string; destinatario: string }>)
    .sort((a, b) => a.cdMensagem - b.cdMensagem)
    .filter((row) => row.nuProtocolo === protocolo);
}

/**
 * The protocol's messages from the `from`-th queued, as written to the outbox (the database
 * forgets a message's text once it is delivered): the .eml's text, or the .sms.json's.
 */
async function texts(protocolo: string, from = 0) {
  const outbox = join(server.dataDir, 'outbox');
  const queued = (await queuedFor(protocolo)).slice(from);
  return Promise.all(
    queued.map(async (row) => {
      const name = `${row.cdMensagem}.${row.canal === 'sms' ? 'sms.json' : 'eml'}`;
      await expect.poll(() => existsSync(join(outbox, name)), { timeout: 10_000 }).toBe(true);
      const content = readFileSync(join(outbox, name), 'utf8');
      return {
        tp_canal: row.canal,
        ds_texto: row.canal === 'sms' ? (JSON.parse(content) as { text: string }).text : readableMessage(content),
      };
    }),
  );
}

describe('Esqueci meu protocolo', () => {
  it('sends the protocol to the e-mail (whole) and the mobile (without the password digits) on file, and answers only that it may have', async () => {
    const saved = await server.post(
      'portabilidade',
      validRequest({
        cpf: '52998224725',
        fl_aceita_email: '1',
        fl_aceita_sms: '1',
        contato: [
          { tp_contato: '1', ds_contato: '11987654321' },
          { tp_contato: '2', ds_contato: 'lembrete@example.com' },
        ],
      }),
    );
    const protocolo = (saved.json() as { nuProtocolo: string }).nuProtocolo;
    // The save's own protocol e-mail, then what the reminder adds.
    const filed = (await queuedFor(protocolo)).length;
    const response = await ask({ cpf: '52998224725', dtNascimento: '01/02/1980', cdEmpresaPlano: '1' }, '198.51.100.10');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(REMINDER_ANSWER);
    expect(response.body).not.toContain(protocolo);
    expect((await queuedFor(protocolo)).slice(filed).map((row) => [row.canal, row.destinatario])).toEqual([
      ['email', 'lembrete@example.com'],
      ['sms', '11987654321'],
    ]);
    const [email, sms] = await texts(protocolo, filed);
    expect(email?.ds_texto).toContain(`O número do protocolo é: ${protocolo}`);
    expect(email?.ds_texto).toContain(`${PUBLIC_URL}/#/home/1`);
    expect(sms?.ds_texto).toContain(`${protocolo.slice(0, -6)}******`);
    expect(sms?.ds_texto).not.toContain(protocolo.slice(-6));
    expect(sms?.ds_texto).toContain('O número completo foi enviado ao seu e-mail.');
  });

  it('writes to the e-mail and mobile on file whatever the consents to status messages (issue 26), and answers the same', async () => {
    const cpf = '28625587887';
    const saved = await server.post(
      'portabilidade',
      validRequest({
        cpf,
        fl_aceita_email: '0',
        fl_aceita_sms: '0',
        contato: [
          { tp_contato: '1', ds_contato: '11976543210' },
          { tp_contato: '2', ds_contato: 'sem-avisos@example.com' },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const protocolo = (saved.json() as { nuProtocolo: string }).nuProtocolo;
    const filed = (await queuedFor(protocolo)).length;
    const response = await ask({ cpf, dtNascimento: '01/02/1980', cdEmpresaPlano: '1' }, '198.51.100.12');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(REMINDER_ANSWER);
    expect((await queuedFor(protocolo)).slice(filed).map((row) => [row.canal, row.destinatario])).toEqual([
      ['email', 'sem-avisos@example.com'],
      ['sms', '11976543210'],
    ]);
  });

  it('a text message without an e-mail on file does not say the whole number went there', async () => {
    const cpf = '81563458004';
    const saved = await server.post('portabilidade', validRequest({ cpf, contato: [{ tp_contato: '1', ds_contato: '11976543210' }] }));
    expect(saved.statusCode, saved.body).toBe(200);
    const protocolo = (saved.json() as { nuProtocolo: string }).nuProtocolo;
    expect((await ask({ cpf, dtNascimento: '01/02/1980', cdEmpresaPlano: '1' }, '198.51.100.13')).statusCode).toBe(200);
    const sms = (await texts(protocolo)).findLast((row) => row.tp_canal === 'sms');
    expect(sms?.ds_texto).not.toContain('e-mail');
    expect(sms?.ds_texto).toContain(`Acompanhe em ${PUBLIC_URL}/#/home/1.`);
  });

  it('sends at most 5 text messages an hour to one mobile number, however many requests and tries name it', async () => {
    // A made-up holder files 3 requests giving a stranger's mobile (and ticks SMS), then asks 5 times.
    const cpf = '73145883097';
    const stranger = '21987001122';
    for (let index = 0; index < 3; index += 1) {
      const saved = await server.post(
        'portabilidade',
        validRequest({ cpf, fl_aceita_email: '0', fl_aceita_sms: '1', contato: [{ tp_contato: '1', ds_contato: stranger }] }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const toStranger = async () =>
      (
        await server.db.query<{ total: number }>(
          "SELECT count(*)::int AS total FROM outbox_emails WHERE tp_canal = 'sms' AND ds_destinatario = $1",
          [stranger],
        )
      )[0]?.total;
    for (let index = 0; index < 5; index += 1) {
      const response = await ask({ cpf, dtNascimento: '01/02/1980', cdEmpresaPlano: '1' }, `198.51.100.${20 + index}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(REMINDER_ANSWER);
    }
    expect(await toStranger()).toBe(5);
    // An hour later the number has room again (the CPF's own brake too).
    server.clock.advance(61 * 60_000);
    expect((await ask({ cpf, dtNascimento: '01/02/1980', cdEmpresaPlano: '1' }, '198.51.100.30')).statusCode).toBe(200);
    expect(await toStranger()).toBe(8);
  });

  it('answers an unknown CPF, or a wrong birth date or plan, exactly the same, and sends nothing', async () => {
    const before = await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM outbox_emails');
    for (const body of [
      { cpf: '11144477735', dtNascimento: '01/02/1980', cdEmpresaPlano: '1' },
      { cpf: '52998224725', dtNascimento: '02/02/1980', cdEmpresaPlano: '1' },
      { cpf: '52998224725', dtNascimento: '01/02/1980', cdEmpresaPlano: '2' },
    ]) {
      const response = await ask(body, '198.51.100.11');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(REMINDER_ANSWER);
    }
    const after = await server.db.query<{ total: number }>('SELECT count(*)::int AS total FROM outbox_emails');
    expect(after[0]?.total).toBe(before[0]?.total);
  });

  it('takes as long for a CPF with no request as for one whose reminder is sent: the time does not tell them apart (found by an exploratory run)', async () => {
    const timed = async (cpf: string, dtNascimento: string, address: string) => {
      const started = performance.now();
      expect((await ask({ cpf, dtNascimento, cdEmpresaPlano: '1' }, address)).statusCode).toBe(200);
      return performance.now() - started;
    };
    const found = await timed('52998224725', '01/02/1980', '198.51.100.40');
    const none = await timed('11144477735', '01/02/1980', '198.51.100.41');
    for (const took of [found, none]) expect(took).toBeGreaterThanOrEqual(REMINDER_ANSWER_FLOOR_MS - 1);
  });

  it("a text message says the whole number went to the e-mail only when it did (the e-mail's hourly quota may be spent)", async () => {
    const cpf = '46171804002';
    const address = 'cota-cheia@example.com';
    const saved = await server.post(
      'portabilidade',
      validRequest({
        cpf,
        contato: [
          { tp_contato: '1', ds_contato: '11955554444' },
          { tp_contato: '2', ds_contato: address },
        ],
      }),
    );
    const protocolo = (saved.json() as { nuProtocolo: string }).nuProtocolo;
    // Other mail to that address this hour fills its quota (the save's protocol e-mail is one of them).
    for (let index = 0; index < 5; index += 1) {
      await server.db.query(
        `INSERT INTO outbox_emails (cd_solicitacao, tp_canal, ds_destinatario, ds_assunto, ds_texto, dt_proxima, dt_criacao)
         SELECT cd_solicitacao, 'email', $2, 'x', 'x', $3, $3 FROM requests WHERE nu_protocolo = $1`,
        [protocolo, address, server.clock.now],
      );
    }
    const filed = (await queuedFor(protocolo)).length;
    expect((await ask({ cpf, dtNascimento: '01/02/1980', cdEmpresaPlano: '1' }, '198.51.100.42')).statusCode).toBe(200);
    const sent = await texts(protocolo, filed);
    expect(sent.map((row) => row.tp_canal)).toEqual(['sms']);
    expect(sent[0]?.ds_texto).not.toContain('e-mail');
  });

  it('brakes the 6th try for one CPF within the hour, from any address, existing or not', async () => {
    for (const cpf of ['39053344705', '15350946056']) {
      for (let index = 0; index < 5; index += 1) {
        expect((await ask({ cpf, dtNascimento: '01/01/1990', cdEmpresaPlano: '1' }, `203.0.113.${index + 1}`)).statusCode).toBe(200);
      }
      const braked = await ask({ cpf, dtNascimento: '01/01/1990', cdEmpresaPlano: '1' }, '203.0.113.99');
      expect(braked.statusCode).toBe(429);
      expect(messageOf(braked)).toBe('Muitos pedidos de protocolo para este CPF. Aguarde 1 hora e tente novamente.');
      // When to try again, as the per-address limit says it (found by an exploratory run).
      expect(braked.headers['retry-after']).toBe('3600');
    }
    server.clock.advance(61 * 60_000);
    expect((await ask({ cpf: '39053344705', dtNascimento: '01/01/1990', cdEmpresaPlano: '1' }, '203.0.113.50')).statusCode).toBe(200);
  });

  it('brakes the 21st try from one address within the hour, whatever the CPF', async () => {
    const cpfs = ['71428793860', '87748248800', '60491837240', '34812695015', '19037452680'];
    for (let index = 0; index < 20; index += 1) {
      const cpf = cpfs[index % cpfs.length] ?? '';
      // Each CPF 4 times: under its own brake of 5.
      expect((await ask({ cpf, dtNascimento: '01/01/1990', cdEmpresaPlano: '1' }, '192.0.2.7')).statusCode).toBe(200);
    }
    const braked = await ask({ cpf: '71519286435', dtNascimento: '01/01/1990', cdEmpresaPlano: '1' }, '192.0.2.7');
    expect(braked.statusCode).toBe(429);
    expect(messageOf(braked)).toMatch(
      /^Muitos pedidos de protocolo a partir desta conexão\. Aguarde \d+ (?:minutos?|horas?) e tente novamente\.$/,
    );
  });

  it('refuses a CPF, a date or a plan code that is not one, in pt-BR', async () => {
    expect(messageOf(await ask({ cpf: '12345678900', dtNascimento: '01/01/1990', cdEmpresaPlano: '1' }, '192.0.2.8'))).toContain(
      'CPF inválido',
    );
    expect(messageOf(await ask({ cpf: '52998224725', dtNascimento: '1990-01-01', cdEmpresaPlano: '1' }, '192.0.2.9'))).toContain(
      'Data de nascimento inválida',
    );
    expect((await ask({ cpf: '52998224725', dtNascimento: '01/01/1990', cdEmpresaPlano: 'x' }, '192.0.2.10')).statusCode).toBe(400);
  });
});

describe('Esqueci meu protocolo without PUBLIC_URL', () => {
  it('names the portal in a sentence that reads: "Acompanhe no portal de portabilidade"', async () => {
    const bare = await startServer({ mail: { pollMs: 50 } });
    try {
      const saved = await bare.post(
        'portabilidade',
        validRequest({
          cpf: '64821357909',
          fl_aceita_email: '0',
          fl_aceita_sms: '1',
          contato: [{ tp_contato: '1', ds_contato: '11955554444' }],
        }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await bare.post(
        'portabilidade/protocolo/lembrete',
        { cpf: '64821357909', dtNascimento: '01/02/1980', cdEmpresaPlano: '1' },
        { headers: { 'x-forwarded-for': '198.51.100.40' } },
      );
      expect(response.statusCode).toBe(200);
      // Delivered without SMS_PROVIDER_URL: the JSON a gateway would get, written to DATA_DIR/outbox.
      const outbox = join(bare.dataDir, 'outbox');
      const written = () => (existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.sms.json')) : []);
      for (let waited = 0; written().length === 0; waited += 50) {
        if (waited > 10_000) throw new Error('o SMS não foi gravado');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [file] = written();
      const sms = JSON.parse(readFileSync(join(outbox, file ?? ''), 'utf8')) as { numero: string; text: string };
      expect(sms.numero).toBe('11955554444');
      expect(sms.text).toContain('Acompanhe no portal de portabilidade. Se não foi você, ignore.');
      expect(sms.text).not.toContain('Acompanhe em o portal');
    } finally {
      await bare.close();
    }
  }, 60_000);
});
