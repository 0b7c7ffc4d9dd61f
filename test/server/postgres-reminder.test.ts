/**
 * "Esqueci meu protocolo"'s quotas per recipient on a real PostgreSQL: reminders at once, on
 * two processes' pools, for 12 CPFs whose requests all name one e-mail address and one mobile
 * number queue at most 5 e-mails to the address and 5 text messages to the number, as the same
 * reminders one after another do (services/protocol-reminder.ts counts under the recipient's
 * lock that saves and withdrawals take).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { API, CSRF, validRequest } from './helpers.ts';
import { POSTGRES_TIER, postgresUrl } from './support/postgres.ts';
import { startTwoApps, type TwoApps } from './support/postgres-apps.ts';

const HEADERS = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };

/** A valid CPF from 9 digits. */
function cpfOf(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  const check = (values: number[]) => {
    const sum = values.reduce((total, value, index) => total + value * (values.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join('');
}

describe.skipIf(!postgresUrl)(`Esqueci meu protocolo's quotas per recipient under concurrency ${POSTGRES_TIER}`, () => {
  let db: Database;
  let apps: FastifyInstance[];
  let pair: TwoApps | undefined;

  beforeAll(async () => {
    pair = await startTwoApps('reminder');
    ({ db, apps } = pair);
  }, 60_000);

  afterAll(() => pair?.close());

  const post = (index: number, path: string, payload: unknown, from: string) =>
    (apps[index % 2] as FastifyInstance).inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: HEADERS,
      payload: JSON.stringify(payload),
      remoteAddress: from,
    });

  /** 12 holders (one CPF each) who gave one address and one mobile, with both consents. */
  async function fileTwelve(round: number, email: string, mobile: string): Promise<string[]> {
    const cpfs = Array.from({ length: 12 }, (_, index) => cpfOf(123_450_000 + round * 1_000 + index * 7));
    for (const [index, cpf] of cpfs.entries()) {
      const saved = await post(
        index,
        'portabilidade',
        validRequest({
          cpf,
          dt_nascimento: '03/03/1970',
          fl_aceita_email: '1',
          fl_aceita_sms: '1',
          contato: [
            { tp_contato: '1', ds_contato: mobile },
            { tp_contato: '2', ds_contato: email },
          ],
        }),
        `192.0.2.${round}`,
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // The saves' own protocol e-mails are not what is counted here: the quota starts empty.
    await db.query('DELETE FROM outbox_emails WHERE lower(ds_destinatario) = lower($1)', [email]);
    return cpfs;
  }

  const queuedTo = async (to: string) =>
    (await db.query<{ total: number }>('SELECT count(*)::int AS total FROM outbox_emails WHERE ds_destinatario = $1', [to]))[0]?.total;

  const remind = (cpf: string, index: number, from: string) =>
    post(index, 'portabilidade/protocolo/lembrete', { cpf, dtNascimento: '03/03/1970', cdEmpresaPlano: '1' }, from);

  it('12 reminders at once for CPFs sharing an e-mail and a mobile: 5 e-mails and 5 text messages, every answer 200', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const email = `familia-${round}@example.com`;
      const mobile = `1198765${String(round).padStart(4, '0')}`;
      const cpfs = await fileTwelve(round, email, mobile);
      const answers = await Promise.all(cpfs.map((cpf, index) => remind(cpf, index, `198.51.100.${round}`)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(cpfs.map(() => 200));
      expect(await queuedTo(email)).toBe(5);
      expect(await queuedTo(mobile)).toBe(5);
    }
  });

  it('the same 12 one after another: the same 5 and 5', async () => {
    const email = 'familia-seguidos@example.com';
    const mobile = '11987659999';
    const cpfs = await fileTwelve(9, email, mobile);
    for (const [index, cpf] of cpfs.entries()) expect((await remind(cpf, index, '198.51.100.9')).statusCode).toBe(200);
    expect(await queuedTo(email)).toBe(5);
    expect(await queuedTo(mobile)).toBe(5);
  });
});
