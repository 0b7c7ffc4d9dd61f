/**
 * The withdrawal's check-then-write on a real PostgreSQL (issue 25 item 7): withdrawals, the
 * back-office's set-status and finaliza at once, on two processes' pools, leave one
 * consistent status — the request's status is its last history event's, the holder's
 * cancellation is recorded at most once, and every caller's answer matches what happened.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { runBackofficeCommand } from '../../server/services/backoffice.ts';
import { DatabaseFileStore } from '../../server/services/database-file-store.ts';
import { STATUS } from '../../server/services/status.ts';
import { API, CSRF, START, validRequest } from './helpers.ts';
import { POSTGRES_TIER, postgresUrl } from './support/postgres.ts';
import { startTwoApps, type TwoApps } from './support/postgres-apps.ts';

const HEADERS = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };

describe.skipIf(!postgresUrl)(`withdrawal under concurrency ${POSTGRES_TIER}`, () => {
  let db: Database;
  let second: Database;
  let apps: FastifyInstance[];
  const files = new DatabaseFileStore();

  let pair: TwoApps | undefined;

  beforeAll(async () => {
    pair = await startTwoApps('withdrawal');
    ({ db, second, apps } = pair);
  }, 60_000);

  afterAll(() => pair?.close());

  const app = (index: number) => apps[index % 2] as FastifyInstance;
  const post = (index: number, path: string, payload: unknown, token: string) =>
    app(index).inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: { ...HEADERS, authorization: `Bearer ${token}` },
      payload: JSON.stringify(payload),
    });
  const get = (path: string, token?: string) =>
    app(0).inject({ method: 'GET', url: `${API}${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const setStatus = (protocolo: string, flStatus: number) =>
    runBackofficeCommand({ db: second, files, clock: () => START }, { cmd: 'set-status', protocolo, flStatus });

  let filings = 0;
  async function filed(): Promise<{ protocolo: string; cdSolicitacao: number; token: string }> {
    // An address per request: the hourly share per address (services/protocol-email.ts) is not what is tested here.
    filings += 1;
    const contato = [
      { tp_contato: '1', ds_contato: '11987654321' },
      { tp_contato: '2', ds_contato: `familia-${filings}@example.com` },
    ] as const;
    const saved = (await post(0, 'portabilidade', validRequest({ fl_aceita_email: '1', contato: [...contato] }), 'free')).json() as {
      nuProtocolo: string;
      cdSolicitacao: number;
    };
    const { token } = (await get(`portabilidade/acompanhamento?protocolo=${saved.nuProtocolo}`)).json() as { token: string };
    return { protocolo: saved.nuProtocolo, cdSolicitacao: saved.cdSolicitacao, token };
  }

  /** The request's queued e-mails (a delivered one keeps its row, not its subject): the protocol's, then the withdrawal's. */
  const emailsOf = (cdSolicitacao: number) => db.query('SELECT 1 FROM outbox_emails WHERE cd_solicitacao = $1', [cdSolicitacao]);

  async function historyOf(cdSolicitacao: number) {
    return db.query<{ fl_status: number; ds_origem: string }>(
      'SELECT fl_status, ds_origem FROM status_history WHERE cd_solicitacao = $1 ORDER BY dt_evento, id',
      [cdSolicitacao],
    );
  }

  it('withdrawals and a set-status 3 at once: the status is the last event, one cancellation at most, answers that match', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { protocolo, cdSolicitacao, token } = await filed();
      const withdrawals = Array.from({ length: 4 }, (_, index) => post(index, 'portabilidade/desistencia', { protocolo }, token));
      // A withdrawal that got there first closed the request: the operator's 3 is then refused
      // (leaving a closed status needs --reabrir), never a silent reopening.
      const change = setStatus(protocolo, STATUS.aceita).then(
        () => true,
        (error: Error) => {
          expect(error.message).toMatch(/--reabrir/);
          return false;
        },
      );
      const [answers, changed] = await Promise.all([Promise.all(withdrawals), change]);
      const history = await historyOf(cdSolicitacao);
      const [request] = await db.query<{ fl_status: number }>('SELECT fl_status FROM requests WHERE cd_solicitacao = $1', [cdSolicitacao]);
      expect(request?.fl_status).toBe(history.at(-1)?.fl_status);
      const cancellations = history.filter((event) => event.ds_origem === 'titular');
      expect(cancellations.length).toBeLessThanOrEqual(1);
      const ok = answers.filter((answer) => answer.body === 'OK');
      // Every OK answers a cancellation that happened; every refusal came after the operator's change.
      expect(cancellations).toHaveLength(ok.length > 0 ? 1 : 0);
      for (const answer of answers.filter((each) => each.body !== 'OK')) expect(answer.statusCode).toBe(400);
      expect(ok.length + answers.filter((answer) => answer.statusCode === 400).length).toBe(4);
      // The holder's e-mail of the withdrawal is queued once, or not at all, beside the protocol's
      // and, when it ran, the operator's change's (news for the holder in either order, issue 26).
      expect(await emailsOf(cdSolicitacao)).toHaveLength(1 + (changed ? 1 : 0) + cancellations.length);
      if (!changed) expect(request?.fl_status).toBe(STATUS.cancelada);
      // The operator's change ran whole, or not at all: its documents to sign exist once, or none.
      const terms = await db.query('SELECT 1 FROM documents_to_sign WHERE cd_solicitacao = $1', [cdSolicitacao]);
      expect(terms).toHaveLength(changed ? 3 : 0);
    }
  }, 60_000);

  it('withdrawals and finaliza at once on a request accepted with every term signed: finaliza wins, nothing is cancelled', async () => {
    const { protocolo, cdSolicitacao, token } = await filed();
    await setStatus(protocolo, STATUS.aceita);
    const terms = (await get(`portabilidade/documento/assinatura?protocolo=${protocolo}`, token)).json() as Array<{
      cdFileDocumento: number;
      linkUrl: string;
    }>;
    for (const term of terms) {
      expect((await app(0).inject({ method: 'GET', url: term.linkUrl })).statusCode).toBe(200);
      expect((await post(0, 'portabilidade/documento/assinatura', { cdFileDocumento: term.cdFileDocumento }, token)).body).toBe('OK');
    }
    const calls = Array.from({ length: 6 }, (_, index) =>
      index % 2
        ? post(index, 'portabilidade/desistencia', { protocolo }, token)
        : post(index, 'portabilidade/finaliza', { tipo: '9', cd_solicitacao: cdSolicitacao }, token),
    );
    const answers = await Promise.all(calls);
    expect(answers.filter((_, index) => index % 2 === 0).map((answer) => answer.body)).toEqual(['OK', 'OK', 'OK']);
    expect(answers.filter((_, index) => index % 2 === 1).map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    const history = await historyOf(cdSolicitacao);
    expect(history.at(-1)?.fl_status).toBe(STATUS.contratoAtivo);
    expect(history.filter((event) => event.fl_status === STATUS.contratoAtivo)).toHaveLength(1);
    expect(history.some((event) => event.ds_origem === 'titular')).toBe(false);
  }, 60_000);

  it('withdrawals at once on one request under analysis cancel it once and queue one e-mail', async () => {
    const { protocolo, cdSolicitacao, token } = await filed();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => post(index, 'portabilidade/desistencia', { protocolo }, token)),
    );
    expect(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual(Array(6).fill('200 OK'));
    const history = await historyOf(cdSolicitacao);
    expect(history.filter((event) => event.ds_origem === 'titular')).toHaveLength(1);
    expect(history.at(-1)).toMatchObject({ fl_status: STATUS.cancelada, ds_origem: 'titular' });
    expect(await emailsOf(cdSolicitacao)).toHaveLength(2);
  }, 60_000);
});
