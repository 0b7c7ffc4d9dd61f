/**
 * Check-then-write under concurrency, on a real PostgreSQL (issue 24 item 8): calls that
 * read the request's state and then change it do both under the request's row lock, so
 * calls at once (from one process or several, each on its own connection) change things once.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { MAX_EMAILS_PER_RECIPIENT_PER_HOUR } from '../../server/services/protocol-email.ts';
import { STATUS } from '../../server/services/status.ts';
import { MAX_DOCUMENTS_PER_REQUEST } from '../../contract/rules.ts';
import { API, CSRF, DEMO, FILES, START, validRequest } from './helpers.ts';
import { POSTGRES_TIER, postgresUrl } from './support/postgres.ts';
import { startTwoApps, type TwoApps } from './support/postgres-apps.ts';

const HEADERS = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };

describe.skipIf(!postgresUrl)(`atomic writes ${POSTGRES_TIER}`, () => {
  let db: Database;
  /** Two apps on one database: two processes behind a load balancer, each with its own pool. */
  let apps: FastifyInstance[];

  let pair: TwoApps | undefined;

  beforeAll(async () => {
    pair = await startTwoApps('atomic');
    ({ db, apps } = pair);
  }, 60_000);

  afterAll(() => pair?.close());

  /** The i-th call goes to one app or the other, as a load balancer would send it. */
  const post = (index: number, path: string, payload: unknown, token?: string) =>
    (apps[index % 2] as FastifyInstance).inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(payload),
    });
  const get = (path: string, token: string) =>
    (apps[0] as FastifyInstance).inject({ method: 'GET', url: `${API}${path}`, headers: { authorization: `Bearer ${token}` } });

  it('six finaliza at once write one "Contrato ativo" event, and every caller gets OK', async () => {
    const { token } = (
      await post(0, 'auth', { cpf: DEMO.loginRequired.cpf, senha: DEMO.loginRequired.senha, cdEmpresaPlano: '1' })
    ).json() as {
      token: string;
    };
    const { cdSolicitacao } = (await get(`portabilidade/acompanhamento?protocolo=${DEMO.loginRequired.protocolo}`, token)).json() as {
      cdSolicitacao: number;
    };
    const documents = (await get(`portabilidade/documento/assinatura?protocolo=${DEMO.loginRequired.protocolo}`, token)).json() as Array<{
      cdFileDocumento: number;
      linkUrl: string;
    }>;
    expect(documents).toHaveLength(3);
    for (const document of documents) {
      // Sign after reading: the term is opened through its link first.
      expect((await (apps[0] as FastifyInstance).inject({ method: 'GET', url: document.linkUrl })).statusCode).toBe(200);
      expect((await post(0, 'portabilidade/documento/assinatura', { cdFileDocumento: document.cdFileDocumento }, token)).body).toBe('OK');
    }

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => post(index, 'portabilidade/finaliza', { tipo: '9', cd_solicitacao: cdSolicitacao }, token)),
    );
    expect(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual(Array(6).fill('200 OK'));
    const events = await db.query<{ fl_status: number }>(
      'SELECT fl_status FROM status_history WHERE cd_solicitacao = $1 AND fl_status = $2',
      [cdSolicitacao, STATUS.contratoAtivo],
    );
    expect(events).toHaveLength(1);
  }, 60_000);

  it('uploads at once to a request one short of the limit store exactly the ones that fit', async () => {
    const { nuProtocolo, cdSolicitacao } = (await post(0, 'portabilidade', validRequest({ fl_aceita_email: '0' }))).json() as {
      nuProtocolo: string;
      cdSolicitacao: number;
    };
    // Fill up to two below the limit directly: the race is about the last places.
    const [stored] = await db.query<{ nm_armazenado: string }>('SELECT nm_armazenado FROM stored_files LIMIT 1');
    for (let index = 0; index < MAX_DOCUMENTS_PER_REQUEST - 2; index += 1) {
      await db.query(
        `INSERT INTO uploaded_documents (cd_solicitacao, cd_tipo_documento, nm_documento, nm_arquivo, nm_extensao, nm_armazenado, dt_envio)
           VALUES ($1, 1, 'RG', 'rg.pdf', 'pdf', $2, $3)`,
        [cdSolicitacao, stored?.nm_armazenado ?? '', START],
      );
    }
    const upload = (index: number) =>
      post(index, 'portabilidade/utils/documento', {
        nuProtocolo,
        tipoSolicitacao: '9',
        cdTipoDocumento: 1,
        nmDocumento: `rg-${index}.pdf`,
        nmExtensao: 'pdf',
        arquivoBase64: FILES.pdf,
      });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => upload(index)));
    expect(answers.filter((answer) => answer.body === 'OK')).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 400).map((answer) => (answer.json() as { message: string }).message)).toEqual(
      Array(4).fill(`Limite de ${MAX_DOCUMENTS_PER_REQUEST} documentos por solicitação atingido.`),
    );
    const [count] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM uploaded_documents WHERE cd_solicitacao = $1', [
      cdSolicitacao,
    ]);
    expect(count?.total).toBe(MAX_DOCUMENTS_PER_REQUEST);
  }, 60_000);

  it('saves at once to one e-mail address queue at most the hourly share of protocol e-mails for it', async () => {
    const address = 'familia.concorrente@example.com';
    const answers = await Promise.all(
      Array.from({ length: MAX_EMAILS_PER_RECIPIENT_PER_HOUR + 3 }, (_, index) =>
        post(
          index,
          'portabilidade',
          validRequest({
            contato: [
              { tp_contato: '1', ds_contato: '11987654321' },
              // The same address, spelled with other capitals: one inbox.
              { tp_contato: '2', ds_contato: index % 2 ? address.toUpperCase() : address },
            ],
          }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const queued = await db.query('SELECT 1 FROM outbox_emails WHERE lower(ds_destinatario) = $1', [address]);
    expect(queued).toHaveLength(MAX_EMAILS_PER_RECIPIENT_PER_HOUR);
  }, 60_000);
});
