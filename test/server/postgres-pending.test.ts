/**
 * Pending documents (issue 25 item 3) on a real PostgreSQL, two app instances with their own
 * pools: uploads of a pending type at once are all stored and answer that type (inside the
 * upload's transaction, under the request's row lock), and the tracking answer then lists only
 * what is still awaited.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { runBackofficeCommand } from '../../server/services/backoffice.ts';
import { DatabaseFileStore } from '../../server/services/database-file-store.ts';
import { API, CSRF, FILES, START, validRequest } from './helpers.ts';
import { POSTGRES_TIER, postgresUrl } from './support/postgres.ts';
import { startTwoApps, type TwoApps } from './support/postgres-apps.ts';

const HEADERS = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };

describe.skipIf(!postgresUrl)(`pending documents ${POSTGRES_TIER}`, () => {
  let db: Database;
  let apps: FastifyInstance[];

  let pair: TwoApps | undefined;

  beforeAll(async () => {
    pair = await startTwoApps('pending');
    ({ db, apps } = pair);
  }, 60_000);

  afterAll(() => pair?.close());

  const post = (index: number, path: string, payload: unknown) =>
    (apps[index % 2] as FastifyInstance).inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: HEADERS,
      payload: JSON.stringify(payload),
    });

  it('uploads of a pending type at once on two processes are all stored, and the type leaves the tracking list', async () => {
    const { nuProtocolo } = (await post(0, 'portabilidade', validRequest({ fl_aceita_email: '0' }))).json() as { nuProtocolo: string };
    await runBackofficeCommand(
      { db, files: new DatabaseFileStore(), clock: () => START },
      { cmd: 'set-status', protocolo: nuProtocolo, flStatus: 2, pendentes: ['3:Comprovante ilegível', '5'] },
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(index, 'portabilidade/utils/documento', {
          nuProtocolo,
          tipoSolicitacao: '9',
          cdTipoDocumento: 3,
          nmDocumento: `comprovante-${index}.pdf`,
          nmExtensao: 'pdf',
          arquivoBase64: FILES.pdf,
        }),
      ),
    );
    expect(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual(Array(6).fill('200 OK'));
    const tracking = (
      await (apps[1] as FastifyInstance).inject({ method: 'GET', url: `${API}portabilidade/acompanhamento?protocolo=${nuProtocolo}` })
    ).json() as { documentosPendentes: Array<{ cdTipoDocumento: number }> };
    expect(tracking.documentosPendentes.map((pending) => pending.cdTipoDocumento)).toEqual([5]);
    const rows = await db.query<{ cd_tipo_documento: number; answered: boolean }>(
      `SELECT p.cd_tipo_documento, p.dt_atendido IS NOT NULL AS answered FROM pending_documents p
         JOIN requests r USING (cd_solicitacao) WHERE r.nu_protocolo = $1 ORDER BY p.cd_tipo_documento`,
      [nuProtocolo],
    );
    expect(rows).toEqual([
      { cd_tipo_documento: 3, answered: true },
      { cd_tipo_documento: 5, answered: false },
    ]);
    const [stored] = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM uploaded_documents u JOIN requests r USING (cd_solicitacao) WHERE r.nu_protocolo = $1',
      [nuProtocolo],
    );
    expect(stored?.total).toBe(6);
  }, 60_000);
});
