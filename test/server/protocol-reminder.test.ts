/**
 * "Esqueci meu protocolo" (issue 26): the protocol goes to the e-mail and mobile on file,
 * never into the answer; the answer is the same whether a request exists or not; tries are
 * braked per CPF (whoever asks) and per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../server/backoffice-cli.ts';
import { REMINDER_ANSWER } from '../../server/services/protocol-reminder.ts';
import { messageOf, startServer, validRequest, type TestServer } from './helpers.ts';

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
  await runCli(['outbox', '--json'], { db: server.db, io, env: { DATA_DIR: server.dataDir } });
  return (JSON.parse(out) as Array<{ cdMensagem: number; nuProtocolo: string; canal: string; destinatario: string }>)
    .sort((a, b) => a.cdMensagem - b.cdMensagem)
    .filter((row) => row.nuProtocolo === protocolo);
}

async function texts(protocolo: string) {
  return server.db.query<{ tp_canal: string; ds_texto: string }>(
    'SELECT o.tp_canal, o.ds_texto FROM outbox_emails o JOIN requests r USING (cd_solicitacao) WHERE r.nu_protocolo = $1 AND o.ds_assunto <> $2 ORDER BY o.cd_mensagem',
    [protocolo, ''],
  );
}

describe('Esqueci meu protocolo', () => {
  it('sends the protocol to the e-mail (whole) and the mobile (without the password digits) on file, and answers only that it may have', async () => {
    const saved = await server.post(
      'portabilidade',
      validRequest({
        cpf: '52998224725',
        fl_aceita_email: '0',
        contato: [
          { tp_contato: '1', ds_contato: '11987654321' },
          { tp_contato: '2', ds_contato: 'lembrete@example.com' },
        ],
      }),
    );
    const protocolo = (saved.json() as { nuProtocolo: string }).nuProtocolo;
    const response = await ask({ cpf: '52998224725', dtNascimento: '01/02/1980', cdEmpresaPlano: '1' }, '198.51.100.10');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(REMINDER_ANSWER);
    expect(response.body).not.toContain(protocolo);
    expect((await queuedFor(protocolo)).map((row) => [row.canal, row.destinatario])).toEqual([
      ['email', 'lembrete@example.com'],
      ['sms', '11987654321'],
    ]);
    const [email, sms] = await texts(protocolo);
    expect(email?.ds_texto).toContain(`O número do protocolo é: ${protocolo}`);
    expect(email?.ds_texto).toContain(`${PUBLIC_URL}/#/home/1`);
    expect(sms?.ds_texto).toContain(`${protocolo.slice(0, -6)}******`);
    expect(sms?.ds_texto).not.toContain(protocolo.slice(-6));
    expect(sms?.ds_texto).toContain('O número completo foi enviado ao seu e-mail.');
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

  it('brakes the 6th try for one CPF within the hour, from any address, existing or not', async () => {
    for (const cpf of ['39053344705', '15350946056']) {
      for (let index = 0; index < 5; index += 1) {
        expect((await ask({ cpf, dtNascimento: '01/01/1990', cdEmpresaPlano: '1' }, `203.0.113.${index + 1}`)).statusCode).toBe(200);
      }
      const braked = await ask({ cpf, dtNascimento: '01/01/1990', cdEmpresaPlano: '1' }, '203.0.113.99');
      expect(braked.statusCode).toBe(429);
      expect(messageOf(braked)).toBe('Muitos pedidos de protocolo para este CPF. Aguarde 1 hora e tente novamente.');
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
