/**
 * Withdrawal (issue 25 item 7): `POST portabilidade/desistencia`, by protocol and only with a
 * token bound to it; allowed while the request is under analysis (1, 2); the request becomes
 * cancelled with a history event the tracking answer reads as "cancelada a seu pedido", and
 * an e-mail is queued when the holder asked for e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWN_STATUS, cannotWithdraw } from '../../server/services/withdrawal.ts';
import { issueToken } from '../../server/services/tokens.ts';
import { DEMO, messageOf, startServer, validRequest, type TestServer, runCliOn } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const track = (protocolo: string, token?: string) => server.get(`portabilidade/acompanhamento?protocolo=${protocolo}`, { token });
const withdraw = (protocolo: string, token?: string) => server.post('portabilidade/desistencia', { protocolo }, { token });

async function filed(key: string, email: '0' | '1' = '1'): Promise<{ protocolo: string; token: string; cdSolicitacao: number }> {
  const saved = (await server.post('portabilidade', validRequest({ fl_aceita_email: email }), { key })).json() as {
    nuProtocolo: string;
    cdSolicitacao: number;
  };
  const { token } = (await track(saved.nuProtocolo)).json() as { token: string };
  return { protocolo: saved.nuProtocolo, token, cdSolicitacao: saved.cdSolicitacao };
}

async function setStatus(protocolo: string, status: string, ...flags: string[]) {
  const io = { out: () => {}, err: () => {} };
  expect(await runCliOn(server, ['set-status', protocolo, status, ...flags], io)).toBe(0);
}

const emailsOf = (cdSolicitacao: number) =>
  server.db.query<{ ds_assunto: string; ds_texto: string }>(
    'SELECT ds_assunto, ds_texto FROM outbox_emails WHERE cd_solicitacao = $1 ORDER BY cd_mensagem',
    [cdSolicitacao],
  );

describe('the holder withdraws a request under analysis', () => {
  it('cancels it, says "cancelada a seu pedido" in the answer and the history, and queues an e-mail', async () => {
    const { protocolo, token, cdSolicitacao } = await filed('withdraw-ok');
    server.clock.advance(60_000);
    const answer = await withdraw(protocolo, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('OK');
    expect((await track(protocolo, token)).json()).toMatchObject({
      flStatus: 5,
      dsStatus: WITHDRAWN_STATUS,
      dtDesistencia: '10/03/2025 10:01',
    });
    const history = (await server.get(`portabilidade/historico?protocolo=${protocolo}`, { token })).json() as {
      eventos: Array<{ flStatus: number; dsStatus: string }>;
    };
    expect(history.eventos.at(-1)).toMatchObject({ flStatus: 5, dsStatus: WITHDRAWN_STATUS });
    const [, message] = await emailsOf(cdSolicitacao);
    // A locked phone shows the subject: never the last 6 digits, the password (found by a regression walk).
    expect(message?.ds_assunto).toBe(`Solicitação de portabilidade cancelada a seu pedido: ${protocolo.slice(0, -6)}******`);
    expect(message?.ds_texto).toMatch(/cancelada a seu pedido/);
    expect(message?.ds_texto).toMatch(/não pode ser desfeito pelo portal/);
    expect(message?.ds_texto).toMatch(/nova solicitação/);
    // A retry (the answer lost on the way) is answered OK and changes nothing.
    expect((await withdraw(protocolo, token)).body).toBe('OK');
    expect(
      await server.db.query("SELECT 1 FROM status_history WHERE cd_solicitacao = $1 AND ds_origem = 'titular'", [cdSolicitacao]),
    ).toHaveLength(1);
    expect(await emailsOf(cdSolicitacao)).toHaveLength(2);
  });

  it('withdraws from pending documents (2) too, and queues no e-mail when none was asked for', async () => {
    const { protocolo, token, cdSolicitacao } = await filed('withdraw-pending', '0');
    await setStatus(protocolo, '2', '--pendente', '3');
    expect((await withdraw(protocolo, token)).body).toBe('OK');
    expect((await track(protocolo, token)).json()).toMatchObject({ flStatus: 5 });
    expect(await emailsOf(cdSolicitacao)).toHaveLength(0);
  });

  it("refuses once the request left analysis, and an operator cancellation is not read as the holder's", async () => {
    const { protocolo, token } = await filed('withdraw-late', '0');
    await setStatus(protocolo, '6');
    const refused = await withdraw(protocolo, token);
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(cannotWithdraw(6));
    expect((await track(protocolo, token)).json()).toMatchObject({ flStatus: 6 });

    await setStatus(protocolo, '5');
    const cancelled = (await track(protocolo, token)).json() as Record<string, unknown>;
    expect(cancelled).toMatchObject({ flStatus: 5, dsStatus: 'Cancelada' });
    expect(cancelled).not.toHaveProperty('dtDesistencia');
    expect((await withdraw(protocolo, token)).statusCode).toBe(400);
  });

  it('a withdrawn request reopened by the operator is no longer "cancelada a seu pedido"', async () => {
    const { protocolo, token } = await filed('withdraw-reopened', '0');
    expect((await withdraw(protocolo, token)).body).toBe('OK');
    await setStatus(protocolo, '1', '--reabrir');
    expect((await track(protocolo, token)).json()).toMatchObject({ flStatus: 1, dsStatus: 'Em análise' });
    await setStatus(protocolo, '5');
    expect((await track(protocolo, token)).json()).toMatchObject({ dsStatus: 'Cancelada' });
  });

  it("keeps the operator's reason off a request the person withdrew: refused, nothing sent, the screen still says why it ended", async () => {
    const { protocolo, token, cdSolicitacao } = await filed('withdraw-then-reason');
    expect((await withdraw(protocolo, token)).body).toBe('OK');
    const sent = (await emailsOf(cdSolicitacao)).length;
    const said: string[] = [];
    const io = { out: () => {}, err: (line: string) => said.push(line) };
    expect(await runCliOn(server, ['set-status', protocolo, '5', '--motivo', 'Cancelada por fraude documental.'], io)).toBe(2);
    expect(said.join('\n')).toMatch(/O beneficiário desistiu desta solicitação pelo portal.*reabra-a primeiro \(--reabrir\)/);
    expect((await track(protocolo, token)).json()).toMatchObject({ flStatus: 5, dsStatus: WITHDRAWN_STATUS });
    expect(await emailsOf(cdSolicitacao)).toHaveLength(sent);
    // The same status again, with nothing to add, is no news and no error.
    await setStatus(protocolo, '5');
    expect(await emailsOf(cdSolicitacao)).toHaveLength(sent);
  });

  it('answers 404 without a token of that protocol, and changes nothing', async () => {
    const { protocolo, token: own } = await filed('withdraw-access', '0');
    const other = (await track(DEMO.analysis.protocolo)).json() as { token: string };
    const forged = issueToken(protocolo, server.clock.now, 'not-the-secret', 'protocol');
    for (const token of [undefined, 'free', forged, other.token]) {
      const answer = await withdraw(protocolo, token);
      expect(answer.statusCode).toBe(404);
    }
    // The token names the protocol: it cannot withdraw another.
    expect((await withdraw(DEMO.analysis.protocolo, own)).statusCode).toBe(404);
    expect((await track(protocolo, own)).json()).toMatchObject({ flStatus: 1 });
    expect((await track(DEMO.analysis.protocolo)).json()).toMatchObject({ flStatus: 1 });
  });

  it('bounds its input: a protocol of any size or shape is a 4xx, never a 5xx', async () => {
    const { token } = await filed('withdraw-bounds', '0');
    for (const body of [{}, { protocolo: '' }, { protocolo: 'x'.repeat(10_000) }, { protocolo: 42 }, { protocolo: ['1'] }, 'null']) {
      const answer = await server.post('portabilidade/desistencia', body, { token });
      expect(answer.statusCode, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
  });
});
