/**
 * One open request per CPF and ANS protocol under concurrency, on a real PostgreSQL (issue 27
 * item 6): saves of the same pair at once, on two processes each with its own pool, file one
 * request; every other caller gets the 409 with its code.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/rules.ts';
import { API, CSRF, uniqueAnsProtocol, validRequest } from './helpers.ts';
import { POSTGRES_TIER, postgresUrl } from './support/postgres.ts';
import { startTwoApps, type TwoApps } from './support/postgres-apps.ts';

const HEADERS = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };

describe.skipIf(!postgresUrl)(`one open request per CPF and ANS protocol ${POSTGRES_TIER}`, () => {
  let pair: TwoApps | undefined;
  beforeAll(async () => {
    pair = await startTwoApps('open-requests');
  }, 60_000);
  afterAll(() => pair?.close());

  it('six saves of one pair at once, on two processes, file one request; the five others get 409 SOLICITACAO_EM_ANDAMENTO', async () => {
    const { apps, db } = pair!;
    const ans = uniqueAnsProtocol();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (apps[index % 2] as FastifyInstance).inject({
          method: 'POST',
          url: `${API}portabilidade`,
          // Each its own key: six people (or six tabs), not one retry.
          headers: { ...HEADERS, 'idempotency-key': `open-race-${index}-0001` },
          payload: JSON.stringify(validRequest({ nu_protocolo_ans: ans, nome: `TITULAR ${'ABCDEF'[index]}`, fl_aceita_email: '0' })),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect((refused.json() as { code?: string }).code).toBe(ERROR_CODES.openRequestExists);
    }
    const rows = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM requests WHERE nu_protocolo_ans = $1', [ans]);
    expect(rows[0]?.total).toBe(1);
  }, 60_000);
});
